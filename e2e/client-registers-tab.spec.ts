import { expect, test, type Page } from '@playwright/test';
import { pageApi, settled, signInToShell } from './helpers';

/**
 * The client page's "Registros" tab (issue 15, decision 0036): a client's registers with their
 * status, each opening its log sheet; a client without registers says so. The management list
 * opens a register's detail on a row's click and on Enter, and its log sheet from there or the row's icon. The register is set up through the
 * API (the demo data has none).
 */
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/regtab';
const REGISTER = 'Limpieza de la cocina';

const findOne = async (admin: Page, path: string, search: string) =>
  (await pageApi<{ _id: string; parent: string }[]>(admin, 'POST', path, { size: 10, page: 0, search }))[0]!;

async function setUp(admin: Page) {
  const valencia = await findOne(admin, '/ms-core/api/establishments/search', 'Hotel Mar Azul Valencia');
  const area = await pageApi<{ _id: string }>(admin, 'POST', '/ms-core/api/areas', { name: 'Cocina fría', parent: valencia._id });
  const category = await pageApi<{ _id: string }>(admin, 'POST', '/ms-core/api/categories', {
    name: 'Registros de limpieza',
    description: 'Limpieza',
    type: 'REGISTER',
    color: '#1677ff',
  });
  const template = await pageApi<{ _id: string }>(admin, 'POST', '/ms-registry/api/template-registers', {
    name: 'Limpieza diaria',
    title: 'Control de limpieza',
    category: category._id,
    reportType: 'Model_1',
  });
  const register = await pageApi<{ _id: string }>(admin, 'POST', '/ms-registry/api/registers', {
    name: REGISTER,
    areaAccess: 'KITCHEN',
    template: template._id,
    client: valencia.parent,
    establishments: [valencia._id],
    areas: [area._id],
    category: category._id,
    period: 'daily',
    frequency: 'daily',
  });
  const olivo = await findOne(admin, '/ms-core/api/structures/search', 'Restaurante El Olivo');
  return { registerId: register._id, clientId: valencia.parent, emptyClientId: olivo._id };
}

test('the client page lists its registers with their status and opens their log; the management list opens it too', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'es-ES', baseURL: test.info().project.use.baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await signInToShell(page, 'admin');
  const { registerId, clientId, emptyClientId } = await setUp(page);

  // The tab sits beside the client's own tabs; its path is /clients/:id/registers.
  await page.goto(`/clients/${clientId}/general`);
  await page.getByRole('tab', { name: 'Registros' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/registers$`));
  const list = page.getByTestId('client-registers');
  const item = list.locator('.ant-list-item').filter({ hasText: REGISTER });
  await expect(item).toContainText('Pendiente');
  await expect(item).toContainText('Cocina · Diario');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/tab-desktop.png` });
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/tab-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await item.getByRole('link', { name: REGISTER }).click();
  await expect(page).toHaveURL(new RegExp(`/registers/log/${registerId}$`));

  // A client without registers: the empty state, not a blank tab.
  await page.goto(`/clients/${emptyClientId}/registers`);
  await expect(page.getByTestId('client-registers')).toContainText('Este cliente no tiene registros.');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/tab-empty-desktop.png` });
  // An establishment has no registers tab of its own (registers hang from the client).
  const valencia = await findOne(page, '/ms-core/api/establishments/search', 'Hotel Mar Azul Valencia');
  await page.goto(`/clients/${valencia._id}/registers`);
  await expect(page).toHaveURL(new RegExp(`/clients/${valencia._id}/structure$`));
  await expect(page.getByRole('tab', { name: 'Registros' })).toHaveCount(0);

  await context.close();

  // The management list (the auditors' screen): a click on a row, and Enter on a focused row, open the
  // register's detail, which opens the log sheet; the row's log icon opens it at once.
  const auditorContext = await browser.newContext({ locale: 'es-ES', baseURL: test.info().project.use.baseURL, viewport: DESKTOP });
  const auditor = await auditorContext.newPage();
  await signInToShell(auditor, 'auditor');
  await auditor.goto('/registers/management');
  const row = auditor.getByRole('row', { name: new RegExp(REGISTER) });
  await row.getByText(REGISTER, { exact: true }).click();
  await expect(auditor).toHaveURL(new RegExp(`/registers/management/${registerId}$`));
  await auditor.getByTestId('register-detail').getByRole('button', { name: 'Abrir la hoja de registro' }).click();
  await expect(auditor).toHaveURL(new RegExp(`/registers/log/${registerId}$`));
  await auditor.goto('/registers/management');
  await auditor.getByRole('row', { name: new RegExp(REGISTER) }).focus();
  await auditor.keyboard.press('Enter');
  await expect(auditor).toHaveURL(new RegExp(`/registers/management/${registerId}$`));
  await auditor.goto('/registers/management');
  await auditor.getByRole('link', { name: `Abrir la hoja de «${REGISTER}»` }).click();
  await expect(auditor).toHaveURL(new RegExp(`/registers/log/${registerId}$`));
  await auditorContext.close();
});
