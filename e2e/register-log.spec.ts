import { expect, test, type Page } from '@playwright/test';
import { pageApi, settled, sidebar, signInToShell } from './helpers';

/**
 * The register log (decisions 0031, 0036), as issue 15 asks: set up through the API (a template
 * with a temperature param 0–5 °C, a daily register for three fridges of the demo hotel's Valencia
 * kitchen, five past days of the same reading entered by the administrator); then the client's
 * staff record the morning's readings on a phone, one out of range (shown at once), one offline
 * (replayed once back online), and see pending turn completed; the auditor sees the late and
 * repeated-value flags.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const REG = '/ms-registry/api/registers';
const FRIDGES = ['Nevera 1', 'Nevera 2', 'Nevera 3'];
const SHOTS = '/tmp/reglogs';

interface TSetup {
  registerId: string;
  fridges: string[];
  param: string;
}

async function setUp(admin: Page): Promise<TSetup> {
  // Client staff record their registers: the demo client user's role gains REGISTER:WRITE.
  const roles = await pageApi<{ _id: string; name: string; permissions: string[] }[]>(admin, 'POST', '/ms-core/api/roles/search', { size: 50, page: 0 });
  const user = roles.find((r) => r.name === 'USER')!;
  await pageApi(admin, 'POST', `/ms-core/api/roles/${user._id}/permission`, { permissions: [...user.permissions, 'REGISTER:WRITE'] });

  const [valencia] = await pageApi<{ _id: string; parent: string }[]>(admin, 'POST', '/ms-core/api/establishments/search', {
    size: 10,
    page: 0,
    search: 'Hotel Mar Azul Valencia',
  });
  const fridges: string[] = [];
  for (const name of FRIDGES) fridges.push((await pageApi<{ _id: string }>(admin, 'POST', '/ms-core/api/areas', { name, parent: valencia!._id }))._id);

  const category = await pageApi<{ _id: string }>(admin, 'POST', '/ms-core/api/categories', {
    name: 'Registros de cocina',
    description: 'Temperaturas',
    type: 'REGISTER',
    color: '#1677ff',
  });
  const template = await pageApi<{ _id: string }>(admin, 'POST', '/ms-registry/api/template-registers', {
    name: 'Temperaturas de cámaras',
    title: 'Control de temperaturas',
    category: category._id,
    reportType: 'Model_1',
  });
  const section = await pageApi<{ _id: string }>(admin, 'POST', '/ms-registry/api/register-sections', { template: template._id, title: 'Cámaras' });
  const withParam = await pageApi<{ params: { _id: string }[] }>(admin, 'POST', `/ms-registry/api/register-sections/${section._id}/param/add`, {
    name: 'Temperatura',
    fieldType: 'number',
    unit: 'celsius',
    operation: 'between',
    min: 0,
    max: 5,
  });
  // A daily sheet: pending until every fridge has today's reading.
  const register = await pageApi<{ _id: string }>(admin, 'POST', REG, {
    name: 'Temperaturas de neveras',
    areaAccess: 'KITCHEN',
    template: template._id,
    client: valencia!.parent,
    establishments: [valencia!._id],
    areas: fridges,
    category: category._id,
    period: 'daily',
    frequency: 'daily',
  });
  const param = withParam.params[0]!._id;
  // The five days before today, the same 3 °C in Nevera 1, entered now: late, and pencil-whipped.
  const { takes } = await pageApi<{ takes: { slot: string }[] }>(admin, 'POST', `${REG}/${register._id}/facility-data`, {});
  const today = takes[0]!.slot;
  for (let n = 5; n >= 1; n--) {
    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() - n);
    await pageApi(admin, 'POST', `${REG}/${register._id}/answer/add`, {
      date: day.toISOString().slice(0, 10),
      facilities: [{ _id: fridges[0], values: [{ param, value: '3' }] }],
    });
  }
  return { registerId: register._id, fridges, param };
}

const cellOf = (page: Page, fridge: string) => page.locator(`[data-testid^="cell-${fridge}-"]`);

test('a client records the morning on a phone, one reading offline; the auditor sees late and repeated values', async ({ browser }) => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  const office = await browser.newContext({ locale: 'es-ES', baseURL, viewport: DESKTOP });
  const admin = await office.newPage();
  await signInToShell(admin, 'admin');
  const { registerId, fridges, param } = await setUp(admin);

  // ── The client's staff, on a phone ───────────────────────────────────────────────────────────
  const kitchen = await browser.newContext({ locale: 'es-ES', baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await kitchen.newPage();
  await signInToShell(page, 'client');
  // The sidebar counts the registers with pending takes, by area: the demo's own registers and this one.
  const pending = await pageApi<{ total: number; byArea: Record<string, number>; registers: { _id: string }[] }>(
    page,
    'POST',
    '/ms-registry/api/registers/pending/check-all',
    {},
  );
  expect(pending.registers.map((r) => r._id)).toContain(registerId);
  await page.getByTestId('menu-toggle').click();
  await expect(sidebar(page).getByTestId('menu-pending-clientRegisters')).toHaveText(String(pending.total));
  await sidebar(page).getByRole('menuitem', { name: 'Registros' }).click();
  await expect(sidebar(page).getByTestId('menu-pending-registersKitchen')).toHaveText(String(pending.byArea.KITCHEN));
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/0-menu-badges-phone.png` });
  await sidebar(page)
    .getByRole('link', { name: /^Cocina/ })
    .click();
  await expect(page).toHaveURL(/\/client-registers\/kitchen$/);
  const row = page.getByRole('row', { name: /Temperaturas de neveras/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('3 tomas pendientes').or(row.locator('.ant-badge'))).toBeVisible();
  // The name and the status fit the phone's width; the other columns show from 768 px.
  const statusHeader = (await page.getByRole('columnheader', { name: 'Estado' }).boundingBox())!;
  expect(statusHeader.x + statusHeader.width).toBeLessThanOrEqual(PHONE.width);
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/1-pending-phone.png` });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/registers/log/${registerId}$`));

  // Two fridges online: Nevera 2 is out of range, said at once (text, not colour alone).
  await page.getByRole('checkbox', { name: 'Nevera 1' }).check();
  await page.getByRole('checkbox', { name: 'Nevera 2' }).check();
  await page.getByLabel('Temperatura de Nevera 1').fill('3');
  await page.getByLabel('Temperatura de Nevera 2').fill('7,5');
  await expect(page.getByTestId(`take-form-${fridges[1]}`).getByText('Fuera de límites: entre 0 °C y 5 °C')).toBeVisible();
  await expect(page.getByTestId(`take-form-${fridges[0]}`).getByText('entre 0 °C y 5 °C')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/2-out-of-range-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Valores guardados.')).toBeVisible();
  await expect(cellOf(page, fridges[1]!)).toContainText('7,5 °C');
  await expect(cellOf(page, fridges[1]!)).toContainText('Fuera de límites');

  // The take is stored: saving it again opens the conflict dialog; "recover" puts the stored value back in the form.
  await page.getByRole('checkbox', { name: 'Nevera 1' }).check();
  await page.getByLabel('Temperatura de Nevera 1').fill('2');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ya hay valores en esta toma' });
  await expect(dialog).toContainText('Nevera 1: 3 °C');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/2b-conflict-phone.png` });
  await dialog.getByRole('button', { name: 'Recuperar los guardados' }).click();
  await expect(page.getByLabel('Temperatura de Nevera 1')).toHaveValue('3');
  await page.getByRole('checkbox', { name: 'Nevera 1' }).uncheck();

  // The third offline: kept on the phone, shown as not sent, replayed once back online.
  await kitchen.setOffline(true);
  await page.getByRole('checkbox', { name: 'Nevera 3' }).check();
  await page.getByLabel('Temperatura de Nevera 3').fill('4,1');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Sin conexión: guardado en el dispositivo/)).toBeVisible();
  await expect(cellOf(page, fridges[2]!)).toContainText('Sin enviar');
  await expect(cellOf(page, fridges[2]!)).toContainText('4,1 °C');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/3-offline-phone.png`, fullPage: true });
  const adds: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('/answer/add') && adds.push(r.headers()['idempotency-key'] ?? '')));
  await kitchen.setOffline(false);
  await expect(cellOf(page, fridges[2]!)).not.toContainText('Sin enviar', { timeout: 20_000 });
  await expect(cellOf(page, fridges[2]!)).toContainText('4,1 °C');
  expect(adds).toHaveLength(1);
  expect(adds[0]).toMatch(/^[0-9a-f-]{36}$/);
  const stored = await pageApi<{ entries: { facility: string; values: { param: string; value: number }[] }[] }>(
    page,
    'POST',
    `${REG}/${registerId}/facility-data`,
    {},
  );
  expect(stored.entries.map((e) => [e.facility, e.values.find((v) => v.param === param)?.value]).sort()).toEqual(
    [
      [fridges[0], 3],
      [fridges[1], 7.5],
      [fridges[2], 4.1],
    ].sort(),
  );

  // Pending turned completed (the demo's own kitchen registers stay in the pending list).
  await page.goto('/client-registers/kitchen');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('row', { name: /Temperaturas de neveras/ })).toHaveCount(0);
  await page.getByText('Completado', { exact: true }).click();
  await expect(page.getByRole('row', { name: /Temperaturas de neveras/ })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/4-completed-phone.png` });

  // ── The auditor: today's repeated value, and yesterday's late, repeated entry ────────────────
  const audit = await browser.newContext({ locale: 'es-ES', baseURL, viewport: DESKTOP });
  const auditor = await audit.newPage();
  await signInToShell(auditor, 'auditor');
  await auditor.goto('/registers/inspection');
  await auditor.getByText('Completado', { exact: true }).click();
  await auditor.getByRole('row', { name: /Temperaturas de neveras/ }).click();
  await expect(cellOf(auditor, fridges[0]!)).toContainText('Repetido');
  await expect(cellOf(auditor, fridges[1]!)).not.toContainText('Repetido');
  await auditor.getByRole('button', { name: 'Periodo anterior' }).click();
  await expect(cellOf(auditor, fridges[0]!)).toContainText('Tarde');
  await expect(cellOf(auditor, fridges[0]!)).toContainText('Repetido');
  await settled(auditor);
  await auditor.screenshot({ path: `${SHOTS}/5-auditor-flags.png` });

  // The client's staff see late marks but not the auditor's repeated flag.
  await page.goto(`/registers/log/${registerId}`);
  await expect(cellOf(page, fridges[0]!)).toContainText('3 °C');
  await expect(cellOf(page, fridges[0]!)).not.toContainText('Repetido');
  await Promise.all([office.close(), kitchen.close(), audit.close()]);
});
