import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP, PHONE, screenshotPath, settled, sidebar, signIn } from './helpers';

/**
 * A client's own manager looks after the people of their space at /users/users/list (issue 17,
 * decision 0048): the users, the invitations (invite, resend, cancel) and the access requests
 * (accept, reject), on a desktop and on a phone. The manager is the demo's gerente@demo.test (role
 * client_manager: USER:MANAGEMENT, USER:READ and USER:INVITE besides a client user's, at home in
 * Hotel Mar Azul; decision 0055).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const MANAGER = 'gerente@demo.test';

const browse = async (browser: Browser, viewport = DESKTOP) => {
  const context = await browser.newContext({ locale: 'es-ES', viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  return { context, page: await context.newPage() };
};

/** Nothing wider than the screen: neither the page nor a card inside the table scrolls sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollWidth <= window.innerWidth &&
      Array.from(document.querySelectorAll('[data-testid="phone-row"]')).every((card) => card.getBoundingClientRect().right <= window.innerWidth),
  );

test.beforeAll(() => mkdirSync('.e2e-artifacts/screens', { recursive: true }));

test("a client's manager sees their space's users, invites, resends and cancels, and settles an access request", async ({ browser }) => {
  test.setTimeout(240_000);
  // A stranger asks to join the hotel
  const stranger = await browse(browser, PHONE);
  await stranger.page.goto('/access-request?space=hotel-mar-azul');
  await stranger.page.getByLabel('Nombre', { exact: true }).fill('Marta');
  await stranger.page.getByLabel('Apellidos').fill('Ruiz');
  await stranger.page.getByLabel('Correo electrónico').fill('marta@cocina.test');
  await stranger.page
    .getByLabel('Mensaje')
    .fill('Soy la nueva jefa de cocina del hotel, con un mensaje largo que en un teléfono tiene que partirse en varias líneas.');
  await stranger.page.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(stranger.page.getByTestId('ways-done')).toContainText('Solicitud enviada');
  await stranger.context.close();

  const { page, context } = await browse(browser);
  await signIn(page, MANAGER);
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  // The client's "Usuarios" group opens the tabs
  await sidebar(page).getByRole('menuitem', { name: 'Usuarios' }).first().click();
  await sidebar(page).getByRole('link', { name: 'Usuarios', exact: true }).click();
  await expect(page).toHaveURL(/\/users\/users\/list$/);

  // Users: the hotel's people, not the audit company's
  const rows = page.locator('.ant-table-row');
  await expect(rows.filter({ hasText: 'client@demo.test' })).toHaveCount(1);
  await expect(rows.filter({ hasText: MANAGER })).toContainText('Activo');
  await expect(page.locator('.ant-table')).not.toContainText('admin@demo.test');
  await expect(page.locator('.ant-table')).not.toContainText('auditor@demo.test');
  await settled(page);
  await page.screenshot({ path: screenshotPath('users-tabs-users-desktop') });

  // Invitations: empty at first; a role above the manager's own is not offered
  await page.getByRole('tab', { name: 'Invitaciones' }).click();
  await expect(page).toHaveURL(/tab=invitations/);
  await expect(page.getByText('Todavía no ha invitado a nadie.')).toBeVisible();
  await page.getByTestId('list-add').click();
  const dialog = page.getByRole('dialog', { name: 'Invitar' });
  await dialog.getByLabel('Correos electrónicos').fill('camarero@hotel.test');
  await dialog.getByLabel('Rol').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  // named as people read them, grouped as a client's staff (decision 0062)
  await expect(options).toHaveText([/^Usuario del cliente/, /^client_manager/]);
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Personal del cliente');
  await options.filter({ hasText: 'Usuario del cliente' }).click();
  await dialog.getByRole('button', { name: 'Enviar invitaciones' }).click();
  await expect(dialog).toBeHidden();
  const invitation = rows.filter({ hasText: 'camarero@hotel.test' });
  await expect(invitation).toContainText('Pendiente');
  await expect(invitation).toContainText('Usuario del cliente');
  await invitation.getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.locator('.ant-message, .ant-notification').last()).toBeVisible();
  await settled(page);
  await page.screenshot({ path: screenshotPath('users-tabs-invitations-desktop') });
  await invitation.getByRole('button', { name: 'Cancelar invitación' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Cancelar la invitación de camarero@hotel.test?' });
  await confirm.getByRole('button', { name: 'Cancelar invitación' }).click();
  await expect(invitation).toContainText('Cancelada');
  await expect(invitation.getByRole('button')).toHaveCount(0);

  // Access requests: the stranger's request (stored by a job) is accepted, and becomes an invitation
  await page.getByRole('tab', { name: 'Solicitudes de acceso' }).click();
  const request = rows.filter({ hasText: 'marta@cocina.test' });
  await expect(async () => {
    await page.reload();
    await expect(request).toContainText('Pendiente', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await settled(page);
  await page.screenshot({ path: screenshotPath('users-tabs-requests-desktop') });
  await request.getByRole('button', { name: 'Aceptar' }).click();
  await expect(request).toContainText('Aceptada');
  await page.getByRole('tab', { name: 'Invitaciones' }).click();
  await expect(rows.filter({ hasText: 'marta@cocina.test' })).toContainText('Pendiente');
  await context.close();
});

test('on a phone each row is a card that wraps; the lists say when they are empty or could not load', async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, context } = await browse(browser, PHONE);
  await signIn(page, MANAGER);
  await expect(page.getByTestId('menu-toggle')).toBeVisible();

  // A failed load says so and offers a retry
  let failing = true;
  await page.route('**/ms-core/api/users/search', (route) => (failing ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
  await page.goto('/users/users');
  await expect(page).toHaveURL(/\/users\/users\/list$/);
  await expect(page.getByText('No se han podido cargar los datos')).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  const cards = page.getByTestId('phone-row');
  await expect(cards.filter({ hasText: 'client@demo.test' })).toHaveCount(1);
  await settled(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: screenshotPath('users-tabs-users-phone') });

  await page.getByRole('tab', { name: 'Invitaciones' }).click();
  await expect(cards.filter({ hasText: 'marta@cocina.test' })).toContainText('Pendiente');
  await expect(cards.filter({ hasText: 'marta@cocina.test' }).getByRole('button', { name: 'Reenviar' })).toBeVisible();
  await settled(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: screenshotPath('users-tabs-invitations-phone') });

  await page.getByRole('tab', { name: 'Solicitudes de acceso' }).click();
  await expect(cards.filter({ hasText: 'marta@cocina.test' })).toContainText('Aceptada');
  await settled(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: screenshotPath('users-tabs-requests-phone') });

  // A search that finds nothing
  await page.getByLabel('Buscar').fill('nadie-con-este-nombre');
  await expect(page.getByText('No hay resultados')).toBeVisible();
  await context.close();
});
