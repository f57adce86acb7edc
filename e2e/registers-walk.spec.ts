import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { pageApi, screenshotPath, settled, signInToShell } from './helpers';
import { buildRegisterTemplate, createRegister } from './register-helpers';

/**
 * Issue 15's whole story in one walk (decisions 0031, 0035–0037, 0049): an administrator builds a
 * register template with a temperature param (0 to 5 °C) in the editor and creates a daily register
 * for the demo hotel's three fridges; the kitchen staff record the morning on a phone, one reading
 * out of range (said at once); the client sees the register completed and downloads its PDF from
 * the log (the job makes it, the bell links back to the register); the PDF's first page, rendered to
 * a PNG with pdftoppm, is not blank and reads the readings; the auditor's traces list who did what.
 */
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const FRIDGES = ['Cámara de carnes', 'Cámara de pescados', 'Cámara de verduras'];
const READINGS = ['3', '7,5', '4,1'];
const stamp = Date.now();
const TEMPLATE = `Neveras del paseo ${stamp}`;
const REGISTER = `Neveras de la mañana ${stamp}`;

const signedIn = async (browser: Browser, who: string, viewport = DESKTOP, phone = false) => {
  const context = await browser.newContext({
    locale: 'es-ES',
    baseURL: test.info().project.use.baseURL,
    viewport,
    isMobile: phone,
    hasTouch: phone,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signInToShell(page, who);
  return page;
};

/** The first page of the PDF as a PNG (pdftoppm), its share of inked pixels, and its text (pdf-parse). */
async function firstPage(pdf: string) {
  const png = screenshotPath('registers-walk-pdf-page1');
  mkdirSync(dirname(png), { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdf, png.replace(/\.png$/, '')]);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  let red = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235) inked++;
    if (data[i]! > 150 && data[i + 1]! < 120 && data[i + 2]! < 120) red++;
  }
  const fromPdfParse = createRequire(createRequire(join(process.cwd(), 'package.json')).resolve('pdf-parse'));
  const standardFontDataUrl = join(dirname(fromPdfParse.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(pdf)), standardFontDataUrl });
  try {
    const text = (await parser.getText()).getPageText(1);
    return { width: info.width, height: info.height, inked: inked / (info.width * info.height), red, text };
  } finally {
    await parser.destroy();
  }
}

test('a register from its template to the kitchen’s readings, the client’s view and PDF, and the traces', async ({ browser }) => {
  test.setTimeout(300_000);
  // ── The office: template and register ─────────────────────────────────────────────────────────
  const admin = await signedIn(browser, 'admin@demo.test');
  // The template: a temperature param (0 to 5 °C); the register: daily, the hotel's three fridges.
  await buildRegisterTemplate(admin, {
    name: TEMPLATE,
    title: 'Control de temperaturas de neveras',
    category: 'Cocina',
    section: 'Neveras',
    param: { name: 'Temperatura', min: 0, max: 5 },
  });
  const registerId = await createRegister(admin, {
    name: REGISTER,
    client: 'Hotel Mar Azul',
    areaAccess: 'Cocina',
    template: TEMPLATE,
    category: 'Cocina',
    establishments: ['Todos (2)'],
    facilities: FRIDGES,
    period: 'Diario',
    frequency: 'Diario',
  });
  const { areas } = await pageApi<{ areas: { _id: string; name: string }[] }>(admin, 'GET', `/ms-registry/api/registers/${registerId}`);
  const idOf = (name: string) => areas.find((a) => a.name === name)!._id;

  // ── The kitchen staff on a phone: pending, the morning's three readings, one out of range ─────
  const kitchen = await signedIn(browser, 'cocina@demo.test', PHONE, true);
  await kitchen.goto('/client-registers/kitchen');
  const row = kitchen.getByRole('row', { name: new RegExp(REGISTER) });
  await expect(row).toBeVisible();
  await expect(row.getByLabel('3 tomas pendientes')).toBeVisible();
  await row.click();
  await expect(kitchen).toHaveURL(new RegExp(`/registers/log/${registerId}$`));
  for (const [i, fridge] of FRIDGES.entries()) {
    await kitchen.getByRole('checkbox', { name: fridge }).check();
    await kitchen.getByLabel(`Temperatura de ${fridge}`).fill(READINGS[i]!);
  }
  await expect(kitchen.getByTestId(`take-form-${idOf(FRIDGES[1]!)}`).getByText('Fuera de límites: entre 0 °C y 5 °C')).toBeVisible();
  await expect(kitchen.getByTestId(`take-form-${idOf(FRIDGES[0]!)}`).getByText('Fuera de límites')).toHaveCount(0);
  await settled(kitchen);
  await kitchen.screenshot({ path: screenshotPath('registers-walk-out-of-range-phone'), fullPage: true });
  await kitchen.getByRole('button', { name: 'Guardar' }).click();
  await expect(kitchen.getByText('Valores guardados.')).toBeVisible();
  const cell = (page: Page, fridge: string) => page.locator(`[data-testid^="cell-${idOf(fridge)}-"]`);
  await expect(cell(kitchen, FRIDGES[1]!)).toContainText('7,5 °C');
  await expect(cell(kitchen, FRIDGES[1]!)).toContainText('Fuera de límites');
  // No sideways scroll on the phone's log.
  expect(await kitchen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await kitchen.context().close();

  // ── The client: completed, the log with the out-of-range reading, its PDF from the log ────────
  const client = await signedIn(browser, 'client@demo.test');
  await client.goto('/client-registers/kitchen');
  await client.getByText('Completado', { exact: true }).click();
  await client.getByRole('row', { name: new RegExp(REGISTER) }).click();
  await expect(client).toHaveURL(new RegExp(`/registers/log/${registerId}$`));
  await expect(cell(client, FRIDGES[1]!)).toContainText('Fuera de límites');
  await expect(cell(client, FRIDGES[2]!)).toContainText('4,1 °C');
  await settled(client);
  await client.screenshot({ path: screenshotPath('registers-walk-client-log') });
  // The PDF is made by a job: the log waits for its notification and downloads it by itself.
  // The options of the product document (section 2): orientation, language, take of the day, annual.
  await client.getByTestId('register-log-download').click();
  const options = client.getByTestId('register-log-download-form');
  await expect(options.getByLabel('Horizontal (hoja del periodo)')).toBeChecked({ timeout: 10_000 });
  await expect(options).toContainText('Toma del día', { timeout: 10_000 });
  await expect(options).toContainText('Idioma');
  await expect(options.getByTestId('register-log-download-annual')).not.toBeChecked();
  await settled(client);
  await client.screenshot({ path: screenshotPath('registers-walk-download-options') });
  const downloading = client.waitForEvent('download', { timeout: 90_000 });
  await client.getByTestId('register-log-download-submit').click({ timeout: 10_000 });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${REGISTER}.pdf`);
  const pdf = screenshotPath('registers-walk').replace(/\.png$/, '.pdf');
  await download.saveAs(pdf);
  const page1 = await firstPage(pdf);
  expect(page1.width).toBeGreaterThan(page1.height); // horizontal: A4 landscape
  expect(page1.inked).toBeGreaterThan(0.02);
  expect(page1.red).toBeGreaterThan(0); // the out-of-range value is marked red
  expect(page1.text).toContain(REGISTER);
  expect(page1.text).toContain('Control de temperaturas de neveras');
  for (const fridge of FRIDGES) expect(page1.text).toContain(fridge);
  expect(page1.text).toContain('7,5');
  // The Excel downloads from the same dialog.
  await client.getByTestId('register-log-download').click();
  const excel = client.waitForEvent('download');
  await client.getByTestId('register-log-download-form').getByText('Excel', { exact: true }).click({ timeout: 10_000 });
  await client.getByTestId('register-log-download-submit').click({ timeout: 10_000 });
  expect((await excel).suggestedFilename()).toBe(`${REGISTER}.xlsx`);
  // The bell's notice of the PDF opens the register's log.
  await client.goto('/');
  await client.getByTestId('notifications-button').click();
  const notice = client.getByTestId('notification-item').filter({ hasText: 'listo' }).first();
  await expect(notice).toBeVisible();
  await settled(client);
  await client.screenshot({ path: screenshotPath('registers-walk-bell') });
  await notice.getByTestId('notification-open-register').click();
  await expect(client).toHaveURL(new RegExp(`/registers/log/${registerId}$`));
  await client.context().close();

  // ── The auditor: the traces name who created the register and who typed the readings ─────────
  const auditor = await signedIn(browser, 'auditor@demo.test');
  await auditor.goto('/register-traces');
  await expect(auditor.getByRole('heading', { name: 'Trazas de registros' })).toBeVisible();
  await auditor.getByTestId('list-filters').click();
  await auditor.getByLabel('Qué').click();
  await auditor.getByTitle('Valores del registro').click();
  await auditor.getByRole('button', { name: 'Aplicar' }).click();
  const trace = auditor.locator('.ant-table-row').filter({ hasText: REGISTER }).first();
  await expect(trace).toContainText('Quique');
  await settled(auditor);
  await auditor.screenshot({ path: screenshotPath('registers-walk-traces') });
  await auditor.context().close();
  await admin.context().close();
});
