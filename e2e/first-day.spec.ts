import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { DESKTOP, PHONE, pageApi, pick, screenshotPath, settled, sidebar, signIn } from './helpers';
import { startOwnServer, type TOwnServer } from './own-server';

/**
 * A new customer's first day (issue 13, "Done means"): an empty database (SEED=none) and the first
 * administrator from ADMIN_EMAIL. The administrator creates a client, its establishment and an
 * area, a template, an auditor (users screen) and plans the audit; the auditor runs it on a phone
 * and finishes; the administrator creates the client's user from the client page; that user signs
 * in, sees exactly that client, opens the report and the PDF (first page turned into a PNG).
 */
const ADMIN = { email: 'owner@firstday.test', password: 'Pr1mer-Dia!x' };
const AUDITOR = { first: 'Irene', last: 'Inspectora', username: 'irene', email: 'irene@firstday.test', password: 'Aud1tor-Dia!' };
const CLIENT_USER = { first: 'Carlos', last: 'Cocinero', username: 'carlos', email: 'carlos@firstday.test', password: 'Cl1ente-Dia!' };
const COMPANY = 'Higiene Levante S.L.';
const CLIENT = 'Restaurante La Lonja';
const ESTABLISHMENT = 'La Lonja Puerto';
const AREA = 'Cocina caliente';
const SERVICE = 'Higiene alimentaria';
const TEMPLATE = 'Inspección de cocina';
const QUESTION = '¿Están limpias las superficies de trabajo?';
const PDF_PATH = '.e2e-artifacts/first-day.pdf';

// A long walk through many screens on a shared machine: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

let server: TOwnServer;
test.beforeAll(async () => {
  // Migrating a fresh database on a busy machine can outlast the default hook timeout.
  test.setTimeout(240_000);
  // FIRST_DAY_SERVER: an already started empty server (same SEED=none and ADMIN_* as below), to debug the steps.
  const given = process.env.FIRST_DAY_SERVER;
  server = given
    ? { baseUrl: given, webDist: '', stop: async () => undefined }
    : await startOwnServer({ env: { SEED: 'none', COMPANY_NAME: COMPANY, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, timeoutMs: 220_000 });
});
test.afterAll(async () => server?.stop());

const browse = async (browser: Browser, viewport = DESKTOP) => {
  const context = await browser.newContext({ locale: 'es-ES', baseURL: server.baseUrl, viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  return { context, page: await context.newPage() };
};

async function signInToShell(page: Page, login: string, password: string) {
  await signIn(page, login, password);
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
}

/** DD-MM-YYYY of today plus `days` (local), as typed in the wizard's date range. */
const dayText = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
};

test('first day: empty start, client, establishment, area, template, auditor, audit run on a phone, client user reads report and PDF', async ({ browser }) => {
  test.setTimeout(900_000);
  const office = await browse(browser);
  const admin = office.page;

  // ── 1. The first administrator signs in to an empty company ──────────────────────────────────
  await signInToShell(admin, ADMIN.email, ADMIN.password);
  // The company is the one COMPANY_NAME named on the first start (it was "Main").
  await expect(admin.getByTestId('space-selector')).toContainText(COMPANY);
  await sidebar(admin).getByRole('link', { name: 'Clientes', exact: true }).click();
  await expect(admin).toHaveURL(/\/clients$/);

  // Catalogue set-up the establishment and the template need (the nomenclature screens have their own specs).
  const socialReason = await pageApi<{ _id: string }>(admin, 'POST', '/ms-core/api/socialreasons', { name: 'La Lonja Hostelería S.L.' });
  await pageApi(admin, 'POST', '/ms-core/api/services', { name: SERVICE, executionTime: 2, price: 120, salesAccount: 1 });
  await pageApi(admin, 'POST', '/ms-core/api/typeareas', { name: 'Cocina', description: 'Cocinas y obradores' });
  expect(socialReason._id).toBeTruthy();

  // ── 2. A client, its establishment and an area ────────────────────────────────────────────────
  await admin.getByTestId('list-add').click();
  const form = admin.getByTestId('structure-form');
  await form.getByLabel('Nombre').fill(CLIENT);
  await form.getByLabel('Dirección').fill('Muelle de Poniente 3');
  await form.getByLabel('Código postal').fill('46024');
  await admin.getByTestId('detail-save').click();
  await expect(admin).toHaveURL(/\/clients\/[0-9a-f-]{36}\/structure$/);
  const clientId = admin.url().split('/').at(-2)!;
  await admin.getByTestId('structure-add-child').click();
  const drawer = admin.locator('.ant-drawer-open .ant-drawer-section');
  await drawer.getByLabel('Nombre').fill(ESTABLISHMENT);
  await drawer.getByLabel('Dirección').fill('Muelle de Poniente 5');
  await drawer.getByLabel('Código postal').fill('46024');
  await pick(admin, drawer.getByLabel('Razón social'), 'La Lonja Hostelería S.L.', { exact: true });
  await drawer.getByTestId('detail-save').click();
  await expect(admin.getByTestId(`tree-node-${ESTABLISHMENT}`)).toBeVisible();
  await admin.getByTestId(`tree-node-${ESTABLISHMENT}`).getByTestId('node-add').click();
  await drawer.getByLabel('Nombre').fill(AREA);
  await drawer.getByTestId('detail-save').click();
  await expect(admin.getByTestId(`tree-node-${AREA}`)).toBeVisible();
  const establishment = (
    await pageApi<{ _id: string; name: string }[]>(admin, 'POST', '/ms-core/api/establishments/search', {
      size: 10,
      page: 0,
      filters: [{ field: 'client', operator: 'eq', value: clientId }],
    })
  ).find((e) => e.name === ESTABLISHMENT)!;
  expect(establishment).toBeTruthy();

  // ── 3. A template with one scored question, enabled ───────────────────────────────────────────
  await sidebar(admin).getByRole('link', { name: 'Plantillas', exact: true }).click();
  await expect(admin).toHaveURL(/\/templates$/);
  await admin.getByTestId('list-add').click();
  const dialog = admin.getByRole('dialog', { name: 'Nueva plantilla' });
  await dialog.getByLabel('Nombre').fill(TEMPLATE);
  await dialog.getByLabel('Descripción').fill('Revisión diaria de la cocina');
  await pick(admin, dialog.getByLabel('Servicio'), SERVICE, { exact: true });
  await expect(dialog.getByLabel('Servicio').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText(SERVICE);
  await pick(admin, dialog.getByLabel('Tipo de instalación'), 'Cocina', { exact: true });
  await dialog.getByTestId('template-save').click();
  await expect(admin).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  await admin.getByLabel('Título de la nueva sección').fill('Limpieza');
  await admin.getByRole('button', { name: 'Añadir sección' }).click();
  const panel = admin.getByTestId('section-panel').filter({ hasText: 'Limpieza' });
  await panel.locator('.ant-collapse-header').click();
  await panel.getByTestId('add-question').click();
  const qDrawer = admin.locator('.ant-drawer-open .ant-drawer-section');
  await qDrawer.getByLabel('Pregunta', { exact: true }).fill(QUESTION);
  await qDrawer.getByTestId('add-option').click();
  await qDrawer.getByLabel('Etiqueta de la opción 1').fill('Sí');
  await qDrawer.getByLabel('Puntos de la opción 1').fill('10');
  await qDrawer.getByTestId('add-option').click();
  await qDrawer.getByLabel('Etiqueta de la opción 2').fill('No');
  await qDrawer.getByLabel('Opción 2 no conforme').click();
  await qDrawer.getByTestId('question-save').click();
  await expect(qDrawer.getByText('Sin plantillas de incidencia')).toBeVisible();
  await qDrawer.locator('.ant-drawer-close').click();
  await admin.getByTestId('template-enabled').click();
  await expect(admin.getByTestId('template-enabled')).toBeChecked();

  // ── 4. The service goal of the establishment ──────────────────────────────────────────────────
  // A new service joins the company's goals at 80 % (decision 0023): the establishment inherits it,
  // and gets a goal of its own from its Services tab.
  await admin.goto(`/clients/${establishment._id}/services`);
  const goals = admin.getByTestId('goals-editor');
  await expect(goals.getByTestId('goals-origin')).toContainText('Sin objetivos propios');
  await expect(goals.getByTestId('goal-row').filter({ hasText: SERVICE })).toContainText('Objetivo 80 %');
  await goals.getByTestId('goals-edit').click();
  await goals.getByTestId('goal-row').first().getByRole('spinbutton').fill('85');
  await goals.getByTestId('goals-save').click();
  await expect(goals.getByTestId('goals-origin')).toHaveText('Objetivos propios: se auditan estos servicios.');
  await expect(goals.getByTestId('goal-row').first()).toContainText('Objetivo 85 %');

  // ── 5. The auditor, created on the users screen: the auditor role turns the switch on ─────────
  await admin.goto('/admin/users/create');
  const userForm = admin.getByTestId('user-form');
  await userForm.getByLabel('Nombre', { exact: true }).fill(AUDITOR.first);
  await userForm.getByLabel('Apellidos').fill(AUDITOR.last);
  await userForm.getByLabel('Usuario', { exact: true }).fill(AUDITOR.username);
  await userForm.getByLabel('Correo electrónico').fill(AUDITOR.email);
  await pick(admin, userForm.getByLabel('Roles'), 'Auditor', { exact: true });
  await admin.keyboard.press('Escape');
  await expect(admin.getByTestId('user-form-auditor')).toBeChecked();
  await expect(admin.getByTestId('user-form-services')).toBeVisible();
  await userForm.getByLabel('Generar automáticamente').click();
  await userForm.getByLabel('Nueva contraseña').fill(AUDITOR.password);
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('first-day-user-form-auditor'), fullPage: true });
  await admin.getByTestId('user-form-submit').click();
  await expect(admin).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/personal$/);
  const auditorId = admin.url().split('/').at(-2)!;

  // ── 6. The administrator plans the audit with the wizard and assigns it ───────────────────────
  await sidebar(admin).getByRole('link', { name: 'Planificación', exact: true }).click();
  await expect(admin).toHaveURL(/\/auditor\/audits$/);
  await admin.getByTestId('list-add').click();
  const wizard = admin.getByRole('dialog');
  // Each choice is checked on the field and made again when lost: a select re-rendered as its
  // options arrive (the services after the establishment) can drop a click on a busy machine.
  const choose = (label: string, option: string) =>
    expect(async () => {
      const field = wizard.getByLabel(label, { exact: true });
      await pick(admin, field, option);
      await expect(wizard.locator('.ant-form-item').filter({ has: admin.getByLabel(label, { exact: true }) })).toContainText(option, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  await choose('Cliente', CLIENT);
  await choose('Establecimiento', ESTABLISHMENT);
  await choose('Servicio', SERVICE);
  await choose('Auditor', `${AUDITOR.first} ${AUDITOR.last}`);
  const range = wizard.locator('.ant-picker-range');
  await range.locator('input').first().click();
  await range.locator('input').first().fill(dayText(0));
  await range.locator('input').first().press('Enter');
  await range.locator('input').nth(1).fill(dayText(1));
  await range.locator('input').nth(1).press('Enter');
  await wizard.getByTestId('wizard-next').click();
  await wizard
    .getByTestId('wizard-template')
    .filter({ hasText: TEMPLATE })
    .getByRole('button', { name: /Seleccionar esta plantilla/ })
    .click();
  await expect(wizard.getByTestId('wizard-confirmation')).toContainText(`${AUDITOR.first} ${AUDITOR.last}`);
  await wizard.getByTestId('wizard-create').click();
  await expect(admin.getByText('Creado correctamente.')).toBeVisible();
  await expect(admin.getByTestId('audit-preview').getByTestId('audit-assign')).toContainText(`${AUDITOR.first} ${AUDITOR.last}`);
  await admin.keyboard.press('Escape');
  expect(auditorId).toMatch(/^[0-9a-f-]{36}$/);

  // ── 7. The auditor runs it on a phone and finishes ────────────────────────────────────────────
  const phone = await browse(browser, PHONE);
  const auditor = phone.page;
  await signInToShell(auditor, AUDITOR.email, AUDITOR.password);
  await auditor.goto('/auditor/audits');
  await auditor.getByText(ESTABLISHMENT).first().click();
  await expect(auditor.getByTestId('audit-preview')).toContainText(TEMPLATE);
  await auditor.getByTestId('audit-start').click();
  await expect(auditor).toHaveURL(/\/auditor\/audits\/run\/[0-9a-f-]{36}$/);
  const auditId = auditor.url().split('/').pop()!;
  const question = auditor.locator('.run-question').filter({ has: auditor.getByRole('heading', { name: QUESTION }) });
  await question.getByRole('radio', { name: 'Sí', exact: true }).click();
  await expect(question.locator('.run-state')).toContainText(/Respondida|Answered/);
  // The chosen option keeps its full colour under its light text after the tap (a touch leaves :hover on it).
  await expect(question.getByRole('radio', { name: 'Sí', exact: true })).toHaveCSS('background-color', 'rgb(82, 196, 26)');
  await settled(auditor);
  await auditor.screenshot({ path: screenshotPath('first-day-run-phone') });
  await auditor
    .locator('.run-header')
    .getByRole('button', { name: /Finalizar|Finish/ })
    .click();
  await auditor
    .getByRole('dialog', { name: /¿Finalizar la auditoría\?|Finish the audit\?/ })
    .getByRole('button', { name: /Finalizar|Finish/ })
    .click();
  await expect(auditor).toHaveURL(/\/auditor\/audits$/);
  await phone.context.close();

  // ── 8. The client's user, created from the client page's Users tab ────────────────────────────
  await admin.goto(`/clients/${clientId}/users`);
  await expect(admin.getByTestId('client-users')).toContainText('Ningún usuario ve todavía este cliente.');
  await admin.getByTestId('client-users-add').click();
  await expect(admin).toHaveURL(/\/admin\/users\/create\?/);
  await expect(admin.getByTestId('user-form-clients')).toContainText(CLIENT);
  await userForm.getByLabel('Nombre', { exact: true }).fill(CLIENT_USER.first);
  await userForm.getByLabel('Apellidos').fill(CLIENT_USER.last);
  await userForm.getByLabel('Usuario', { exact: true }).fill(CLIENT_USER.username);
  await userForm.getByLabel('Correo electrónico').fill(CLIENT_USER.email);
  await pick(admin, userForm.getByLabel('Roles'), 'Usuario del cliente', { exact: true });
  await admin.keyboard.press('Escape');
  await expect(admin.getByTestId('user-form-auditor')).not.toBeChecked();
  await userForm.getByLabel('Generar automáticamente').click();
  await userForm.getByLabel('Nueva contraseña').fill(CLIENT_USER.password);
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('first-day-user-form-client'), fullPage: true });
  await admin.getByTestId('user-form-submit').click();
  await expect(admin).toHaveURL(new RegExp(`/clients/${clientId}/users$`));
  await expect(admin.getByTestId('client-users')).toContainText(`${CLIENT_USER.first} ${CLIENT_USER.last}`);
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('first-day-client-users') });
  await admin.setViewportSize(PHONE);
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('first-day-client-users-phone'), fullPage: true });

  // ── 9. The client's user signs in, sees exactly that client, reads the report and the PDF ─────
  const home = await browse(browser);
  const reader = home.page;
  await signInToShell(reader, CLIENT_USER.email, CLIENT_USER.password);
  await expect(reader.getByTestId('space-selector')).toContainText(CLIENT);
  const spaces = await pageApi<{ name: string }[]>(reader, 'GET', '/ms-core/api/spaces/my-spaces');
  expect(spaces.map((s) => s.name).sort()).toEqual([AREA, ESTABLISHMENT, CLIENT].sort());
  await reader.goto('/client-audits/audits');
  const row = reader.locator('.ant-table-row').filter({ hasText: ESTABLISHMENT });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(reader).toHaveURL(new RegExp(`/client-audits/audits/report/${auditId}$`));
  await expect(reader.getByTestId('report-summary')).toContainText(TEMPLATE);
  await expect(reader.getByTestId('report-summary')).toContainText(`${CLIENT} › ${ESTABLISHMENT}`);
  await expect(reader.getByTestId('report-question')).toHaveCount(1);
  await settled(reader);
  await reader.screenshot({ path: screenshotPath('first-day-client-report'), fullPage: true });

  await reader.getByTestId('report-pdf').click();
  const auth = { authorization: `Bearer ${await reader.evaluate(() => localStorage.getItem('accessToken'))}` };
  await expect
    .poll(async () => (await reader.request.get(`/ms-core/api/reports/audit/${auditId}/pdf`, { headers: auth })).headers()['content-type'] ?? '', {
      message: 'the report PDF is made',
      timeout: 90_000,
      intervals: [1000, 2000],
    })
    .toContain('application/pdf');
  const downloading = reader.waitForEvent('download');
  await reader.getByTestId('report-pdf').click();
  const download = await downloading;
  mkdirSync(dirname(PDF_PATH), { recursive: true });
  await download.saveAs(PDF_PATH);
  expect(readFileSync(PDF_PATH).subarray(0, 5).toString()).toBe('%PDF-');
  // The cover names the company, as COMPANY_NAME gave it.
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(PDF_PATH)) });
  try {
    expect((await parser.getText()).getPageText(1)).toContain(COMPANY.toUpperCase());
  } finally {
    await parser.destroy();
  }
  // The first page as a picture, to be looked at (pdftoppm from poppler-utils).
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', PDF_PATH, '.e2e-artifacts/screens/first-day-pdf-page1']);
  await home.context.close();
  await office.context.close();
});
