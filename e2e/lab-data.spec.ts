import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DESKTOP, pick, pickSingle, settled, shoot, sidebar, signInToShell } from './helpers';
import { ddmmyyyy, fillLabReport } from './lab-helpers';

/**
 * Lab data (issue 16, decision 0044): the office creates a legionella report with its results, one
 * out of its limit; imports a laboratory's CSV (Spanish headers, semicolons, comma decimals) with one
 * failing Legionella count after reading its preview, then an Excel workbook (decision 0053); follows
 * that lab incident to SOLVED in /incidents/list/lab-data; deletes the hand-made report after confirming.
 */
test.setTimeout(180_000);

/** Days near today, so the new reports head the lists before the demo's year of reports. */
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const CSV_DAY = ddmmyyyy(dayAgo(1), '/');

const CSV =
  'Nº de informe;Fecha de extracción;Código;Punto de muestreo;Parámetro;Valor;Unidad;Mínimo;Máximo\n' +
  `E2E-CSV-1;${CSV_DAY};LEG;;Legionella spp.;2400;UFC/L;;1000\n` +
  `E2E-CSV-1;${CSV_DAY};LEG;;Temperatura de retorno;"51,5";ºC;50;\n` +
  `E2E-CSV-2;${CSV_DAY};LEG;;Legionella spp.;0;UFC/L;;1000\n`;

test('create → results → import → incident followed to SOLVED', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInToShell(page, 'admin@demo.test');

  // ── 1. The sidebar's lab-data group opens the legionella list, with the demo's reports ──
  await sidebar(page)
    .getByText(/^datos de laboratorio$|^lab data$/i)
    .click();
  await sidebar(page)
    .getByRole('link', { name: /^legionela$|^legionella$/i })
    .click();
  await expect(page).toHaveURL(/\/lab-data\/legionella$/);
  const demoRow = page.getByRole('row').filter({ hasText: 'LAB-L-0103' });
  await expect(demoRow).toContainText(/no conforme|not qualified/i);
  await shoot(page, 'lab-data-list');

  // ── 2. A new report by hand: place, organism and two results, one above its maximum ──
  await fillLabReport(page, {
    number: 'E2E-001',
    extractionDate: dayAgo(2),
    establishment: 'Hotel Mar Azul › Hotel Mar Azul Valencia',
    code: 'LEG',
    results: [
      { parameter: 'Legionella spp.', value: '1500', unit: 'UFC/L', max: '1000' },
      { parameter: 'Temperatura', value: '55,5', min: '50' },
    ],
  });
  await shoot(page, 'lab-data-form');
  await page.getByTestId('lab-report-save').click();

  const detail = page.getByTestId('lab-report-detail');
  await expect(detail).toContainText('E2E-001');
  await expect(detail).toContainText(/no conforme|not qualified/i);
  await expect(detail.getByTestId('lab-results')).toContainText('55,5');
  await expect(detail.getByTestId('lab-report-incidents')).toContainText(/1 incidencia abierta|1 open incident/i);
  await shoot(page, 'lab-data-detail');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // ── 3. The laboratory's CSV: preview, then one import ──
  await page.getByTestId('lab-import').click();
  const modal = page.getByTestId('lab-import-modal');
  await pickSingle(page, modal.getByTestId('lab-import-establishment'), 'Hotel Mar Azul › Hotel Mar Azul Valencia');
  // A broken file first: each row's error, and nothing to import.
  const broken = CSV.replace('"51,5"', 'cincuenta').replace('E2E-CSV-2;', 'E2E-001;');
  await modal.locator('input[type=file]').setInputFiles({ name: 'roto.csv', mimeType: 'text/csv', buffer: Buffer.from(broken, 'utf8') });
  await expect(modal.getByTestId('lab-import-errors')).toContainText(/2 errores|2 errors/i);
  await expect(modal).toContainText(/valor: no es un número|value: not a number/i);
  await expect(modal).toContainText(/el informe ya existe|already exists/i);
  await expect(modal.getByTestId('lab-import-run')).toBeDisabled();
  await shoot(page, 'lab-data-import-errors');
  await modal.locator('input[type=file]').setInputFiles({ name: 'laboratorio.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  const preview = modal.getByTestId('lab-import-preview');
  await expect(preview).toContainText('E2E-CSV-1');
  await expect(preview).toContainText('E2E-CSV-2');
  await expect(modal.getByTestId('lab-import-errors')).toHaveCount(0);
  await shoot(page, 'lab-data-import');
  await modal.getByTestId('lab-import-run').click();
  await expect(modal.getByTestId('lab-import-done')).toContainText(
    /informes importados: 2 · resultados: 3 · incidencias abiertas: 1|reports imported: 2 · results: 3 · incidents opened: 1/i,
  );
  await modal.getByTestId('lab-import-close').click();
  await expect(page.getByRole('row').filter({ hasText: 'E2E-CSV-1' })).toContainText(/no conforme|not qualified/i);

  // ── 3b. The same dialog takes the laboratory's Excel workbook (its first sheet, real dates and numbers) ──
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Resultados').addRows([
    ['Nº de informe', 'Fecha de extracción', 'Código', 'Parámetro', 'Valor', 'Unidad', 'Máximo'],
    ['E2E-XL-1', dayAgo(1), 'LEG', 'Legionella spp.', 0, 'UFC/L', 1000],
  ]);
  await page.getByTestId('lab-import').click();
  await pickSingle(page, modal.getByTestId('lab-import-establishment'), 'Hotel Mar Azul › Hotel Mar Azul Valencia');
  await modal.locator('input[type=file]').setInputFiles({
    name: 'laboratorio.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await expect(modal.getByTestId('lab-import-preview')).toContainText('E2E-XL-1');
  await modal.getByTestId('lab-import-run').click();
  await expect(modal.getByTestId('lab-import-done')).toContainText(
    /informes importados: 1 · resultados: 1 · incidencias abiertas: 0|reports imported: 1 · results: 1 · incidents opened: 0/i,
  );
  await modal.getByTestId('lab-import-close').click();
  await expect(page.getByRole('row').filter({ hasText: 'E2E-XL-1' })).toContainText(/conforme|qualified/i);

  // ── 4. Its lab incident, DRAFT → RUNNING → SOLVED, in the incidents' lab-data tab ──
  await page.goto('/incidents/list/lab-data');
  const row = page.getByRole('row').filter({ hasText: 'E2E-CSV-1' });
  await expect(row).toContainText(/borrador|draft/i);
  await expect(row).toContainText('Legionella spp.');
  await shoot(page, 'lab-incidents');
  await row.getByTestId('lab-move-RUNNING').click();
  await expect(row).toContainText(/en curso|running/i);
  await row.getByTestId('lab-move-SOLVED').click();
  await expect(row).toContainText(/resuelta|solved/i);
  await expect(row.getByTestId('lab-move-RUNNING')).toBeVisible();
  // The row opens its detail: the history says who raised it and each move, newest first (decision 0058).
  await row.getByText('Legionella spp.').click();
  await expect(page).toHaveURL(/\/incidents\/list\/lab-data\/[0-9a-f-]{36}$/);
  const incident = page.getByTestId('lab-incident-detail');
  await expect(incident).toContainText('E2E-CSV-1');
  const history = incident.getByTestId('lab-incident-history').locator('.ant-timeline-item');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText(/cambio de estado · resuelta|status changed · solved/i);
  await expect(history.nth(1)).toContainText(/cambio de estado · en curso|status changed · running/i);
  await expect(history.nth(2)).toContainText(/creada|created/i);
  await shoot(page, 'lab-incident-detail');
  await page.keyboard.press('Escape');
  await expect(incident).toBeHidden();
  // The status filter sends the uppercase values the spec names.
  await page.getByTestId('list-filters').click();
  await pick(page, page.getByRole('dialog').getByLabel(/^estado$|^status$/i), 'Resuelta');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /aplicar|apply/i })
    .click();
  await expect(page.getByRole('row').filter({ hasText: 'E2E-CSV-1' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'LAB-L-0103' })).toHaveCount(0);

  // ── 5. The hand-made report is deleted after a confirmation, its incident with it ──
  await page.goto('/lab-data/legionella');
  await page.getByRole('row').filter({ hasText: 'E2E-001' }).click();
  await page.getByTestId('lab-report-delete').click();
  const confirm = page.getByRole('dialog').filter({ hasText: /¿eliminar el informe e2e-001\?|delete report e2e-001\?/i });
  await confirm.getByRole('button', { name: /^eliminar$|^delete$/i }).click();
  await expect(page).toHaveURL(/\/lab-data\/legionella$/);
  await expect(page.getByRole('row').filter({ hasText: 'E2E-001' })).toHaveCount(0);
  await settled(page);
});
