import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { pageApi, PASSWORD, screenshotPath, settled, signIn } from './helpers';
import { startMailbox, type TMailbox } from './mailbox';
import { startOwnServer, type TOwnServer } from './own-server';

/**
 * The ways in (issue 17, decision 0040) with the e-mails caught by a real SMTP server on loopback:
 * a user recovers a password; an administrator invites two people and one accepts; a stranger asks
 * for access and is accepted. The captcha is solved by the page itself, as for any visitor.
 */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const expect = baseExpect.configure({ timeout: 30_000 });

let server: TOwnServer;
let mail: TMailbox;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync('.e2e-artifacts/screens', { recursive: true });
  mail = await startMailbox();
  server = await startOwnServer({ env: { SMTP_URL: mail.url, JOB_POLL_MS: '200' }, timeoutMs: 220_000 });
});
test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
});

const browse = async (browser: Browser, viewport = DESKTOP) => {
  const context = await browser.newContext({ locale: 'es-ES', baseURL: server.baseUrl, viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  return { context, page: await context.newPage() };
};

async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repita la contraseña', { exact: true }).fill(password);
  await expect(page.getByTestId('password-strength')).toContainText(/buena|excelente|aceptable/i);
}

test('a user recovers the password from the e-mail; the old one stops working and the link works once', async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, context } = await browse(browser, PHONE);
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click();
  await expect(page).toHaveURL(/\/recover-password$/);
  await page.getByLabel(/correo electrónico o usuario/i).fill('client@demo.test');
  await page.screenshot({ path: screenshotPath('ways-recover-phone') });
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByTestId('ways-done')).toContainText('Revise su correo');

  const link = await mail.linkFor('client@demo.test', /Recuperar la contraseña · Hotel Mar Azul/, '/recover-password/reset');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
  // A weak password is refused before it leaves the page
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('La contraseña es demasiado débil')).toBeVisible();
  await fillNewPassword(page, 'Recuper4da!Clave');
  await settled(page);
  await page.screenshot({ path: screenshotPath('ways-reset-phone') });
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByTestId('login-notice')).toContainText('Contraseña cambiada');

  await signIn(page, 'client@demo.test', PASSWORD);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, 'client@demo.test', 'Recuper4da!Clave');
  await expect(page.getByTestId('menu-toggle')).toBeVisible();

  // The same link again: the expired-link page, with the way to a new one
  const again = await browse(browser, PHONE);
  await again.page.goto(link);
  await expect(again.page.getByTestId('expired-link')).toContainText('El enlace ha caducado o no es válido');
  await again.page.screenshot({ path: screenshotPath('ways-expired-phone') });
  await expect(again.page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();
  await again.context.close();
  await context.close();
});

test('an administrator invites two people; one accepts, sets a name and a password, and lands in the space', async ({ browser }) => {
  test.setTimeout(180_000);
  const office = await browse(browser);
  const admin = office.page;
  await signIn(admin, 'admin@demo.test');
  await expect(admin.getByTestId('menu-toggle')).toBeVisible();
  await admin.goto('/admin/access-requests');
  await admin.getByRole('tab', { name: 'Invitaciones' }).click();
  await expect(admin.getByText('Todavía no ha invitado a nadie.')).toBeVisible();
  await admin.getByRole('button', { name: /invitar/i }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invitar' });
  // A repeated e-mail is refused in the form
  await dialog.getByLabel('Correos electrónicos').fill('elena@nuevos.test, Elena@nuevos.test');
  await dialog.getByLabel('Rol').click();
  await admin.locator('.ant-select-dropdown:visible').getByTitle('Usuario del cliente', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Enviar invitaciones' }).click();
  await expect(dialog.getByText('elena@nuevos.test está repetido')).toBeVisible();
  await dialog.getByLabel('Correos electrónicos').fill('elena@nuevos.test\njorge@nuevos.test');
  await dialog.getByRole('button', { name: 'Enviar invitaciones' }).click();
  await expect(dialog).toBeHidden();
  const rows = admin.locator('.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'elena@nuevos.test' })).toContainText('Pendiente');
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('ways-invitations-desktop') });

  const link = await mail.linkFor('elena@nuevos.test', /Invitación · Higiene Demo S\.L\./, '/invitation');
  await mail.linkFor('jorge@nuevos.test', /Invitación/, '/invitation');
  const guest = await browse(browser, PHONE);
  await guest.page.goto(link);
  await expect(guest.page.getByTestId('invitation-summary')).toContainText('Higiene Demo S.L.');
  await expect(guest.page.getByTestId('invitation-summary')).toContainText('elena@nuevos.test');
  await guest.page.getByLabel('Nombre', { exact: true }).fill('Elena');
  await guest.page.getByLabel('Apellidos').fill('Navarro');
  await fillNewPassword(guest.page, 'Elena-Nueva!2026');
  await settled(guest.page);
  await guest.page.screenshot({ path: screenshotPath('ways-invitation-phone') });
  await guest.page.getByRole('button', { name: 'Aceptar la invitación' }).click();
  await expect(guest.page.getByTestId('menu-toggle')).toBeVisible();
  await guest.context.close();

  await admin.reload();
  await admin.getByRole('tab', { name: 'Invitaciones' }).click();
  await expect(rows.filter({ hasText: 'elena@nuevos.test' })).toContainText('Aceptada');
  await expect(rows.filter({ hasText: 'jorge@nuevos.test' })).toContainText('Pendiente');
  await office.context.close();
});

test('a stranger requests access; the administrator accepts from the e-mail; the requester joins through the invitation', async ({ browser }) => {
  test.setTimeout(180_000);
  const stranger = await browse(browser, PHONE);
  await stranger.page.goto('/login');
  await stranger.page.getByRole('link', { name: 'Solicitar acceso' }).click();
  await stranger.page.getByLabel('Identificador del espacio').fill('demo');
  await stranger.page.getByLabel('Nombre', { exact: true }).fill('Marta');
  await stranger.page.getByLabel('Apellidos').fill('Ruiz');
  await stranger.page.getByLabel('Correo electrónico').fill('marta@cocina.test');
  await stranger.page.getByLabel('Mensaje').fill('Soy la nueva jefa de cocina del hotel.');
  await settled(stranger.page);
  await stranger.page.screenshot({ path: screenshotPath('ways-access-request-phone') });
  await stranger.page.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(stranger.page.getByTestId('ways-done')).toContainText('Solicitud enviada');

  const processLink = await mail.linkFor('admin@demo.test', /Solicitud de acceso · Higiene Demo S\.L\./, '/access-requests/process');
  const office = await browse(browser);
  await office.page.goto(processLink);
  await expect(office.page.getByTestId('access-summary')).toContainText('Marta Ruiz');
  await expect(office.page.getByTestId('access-summary')).toContainText('Soy la nueva jefa de cocina del hotel.');
  await settled(office.page);
  await office.page.screenshot({ path: screenshotPath('ways-process-desktop') });
  await office.page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(office.page.getByTestId('ways-done')).toContainText('Solicitud aceptada');

  const invitation = await mail.linkFor('marta@cocina.test', /Invitación · Higiene Demo S\.L\./, '/invitation');
  await stranger.page.goto(invitation);
  await expect(stranger.page.getByTestId('invitation-summary')).toContainText('Usuario del cliente');
  await stranger.page.getByLabel('Nombre', { exact: true }).fill('Marta');
  await fillNewPassword(stranger.page, 'Marta-Cocina!77');
  await stranger.page.getByRole('button', { name: 'Aceptar la invitación' }).click();
  await expect(stranger.page.getByTestId('menu-toggle')).toBeVisible();

  // The administrator's list shows it settled
  await signIn(office.page, 'admin@demo.test');
  await expect(office.page.getByTestId('menu-toggle')).toBeVisible();
  await office.page.goto('/admin/access-requests');
  await expect(office.page.locator('.ant-table-row').filter({ hasText: 'marta@cocina.test' })).toContainText('Aceptada');
  await settled(office.page);
  await office.page.screenshot({ path: screenshotPath('ways-access-list-desktop') });
  await office.context.close();
  await stranger.context.close();
});

test('onboarding, when the space has it on: a new user completes profile, password and terms; a new auditor is signed out with the message', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const office = await browse(browser);
  await signIn(office.page, 'admin@demo.test');
  await expect(office.page.getByTestId('menu-toggle')).toBeVisible();
  await pageApi(office.page, 'PUT', '/ms-core/api/spaces/current/onboarding', { enabled: true });
  const roles = await pageApi<{ _id: string; name: string }[]>(office.page, 'POST', '/ms-core/api/roles/search', { size: 250, page: 0 });
  const roleId = (name: string) => roles.find((r) => r.name === name)!._id;
  await pageApi(office.page, 'POST', '/ms-core/api/users', {
    firstName: 'Olga',
    username: 'olga',
    email: 'olga@demo.test',
    roles: [roleId('USER')],
    password: PASSWORD,
  });
  await pageApi(office.page, 'POST', '/ms-core/api/users', {
    firstName: 'Iker',
    username: 'iker',
    email: 'iker@demo.test',
    roles: [roleId('auditor')],
    isAuditor: true,
    password: PASSWORD,
  });
  await office.context.close();

  const newcomer = await browse(browser, PHONE);
  const page = newcomer.page;
  await signIn(page, 'olga@demo.test');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByTestId('onboarding')).toContainText('Bienvenida');
  await page.getByLabel('Apellidos').fill('Ortega');
  await page.getByLabel('Teléfono').fill('+34600555666');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Contraseña actual').fill(PASSWORD);
  await page.getByLabel('Nueva contraseña').fill('Olga-Bienvenida!1');
  await page.getByLabel('Repita la contraseña').fill('Olga-Bienvenida!1');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Terminar' }).click();
  await expect(page.getByText('Debe aceptar las condiciones para continuar')).toBeVisible();
  await page.getByText('He leído y acepto las condiciones de uso').click();
  await settled(page);
  await page.screenshot({ path: screenshotPath('ways-onboarding-phone') });
  await page.getByRole('button', { name: 'Terminar' }).click();
  await expect(page.getByTestId('login-notice')).toContainText('Contraseña cambiada');
  await signIn(page, 'olga@demo.test', 'Olga-Bienvenida!1');
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await newcomer.context.close();

  const auditor = await browse(browser, PHONE);
  await signIn(auditor.page, 'iker@demo.test');
  await expect(auditor.page.getByText('Su cuenta de auditor no ha completado la bienvenida.')).toBeVisible();
  await expect(auditor.page).toHaveURL(/\/login$/);
  expect(await auditor.page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await auditor.context.close();
});

test('an unverified user follows the sign-in message to resend the confirmation, confirms from the e-mail and signs in', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, context } = await browse(browser, PHONE);
  await signIn(page, 'pending@demo.test');
  await expect(page.getByTestId('login-error')).toContainText('Usuario no verificado.');
  await page.getByRole('link', { name: 'Reenviar el correo de confirmación' }).click();
  await expect(page).toHaveURL(/\/confirm\/resend$/);
  // The address changes before the page's code has loaded: until then the sign-in form, with a field
  // of the same name, is still the one shown.
  await expect(page.getByRole('heading', { name: 'Reenviar la confirmación' })).toBeVisible();
  await page.getByLabel(/correo electrónico o usuario/i).fill('pending@demo.test');
  await page.getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.getByTestId('ways-done')).toContainText('Solicitud enviada');

  const link = await mail.linkFor('pending@demo.test', /Confirme su cuenta/, '/confirm');
  await page.goto(link);
  await expect(page.getByTestId('ways-done')).toContainText('Cuenta confirmada');
  await signIn(page, 'pending@demo.test');
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await context.close();
});
