import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pageApi, pick, settled, shoot, signInToShell } from './helpers';

/**
 * Issue 25, the statistics screens (decision 0079): the client's dashboard (/client-audits/resume)
 * with its figures, one establishment's filter kept in the browser, the drill-down from a figure to
 * the incidents list and from a benchmark row to the establishment's audits and an audit's report,
 * the Excel and the corporate PDF read back, a chart's CSV; then the client's and the auditor's
 * analytics. Screens at desktop and phone sizes (`.e2e-artifacts/screens/statistics-*`).
 */
type TSummary = { audits: number; avgScorePct: number | null; issues: { issues: number; high: number; resolved: number } };
type TBenchmark = { establishment: string; name: string | null; audits: number }[];
type TByRisk = { riskLevel: string; count: number }[];

const summaryOf = (page: Page, body: object) => pageApi<TSummary>(page, 'POST', '/ms-core/api/audits/search-summary-from-client', body);
const figure = (page: Page, id: string) => page.getByTestId(`fig-${id}`).locator('.stats-figure-value');
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** The incidents list of audits, shown (not the dashboard's table still on screen while it loads). */
const incidentsList = (page: Page) => expect(page.getByRole('heading', { name: 'Incidencias de auditorías' })).toBeVisible();
/** "95,0 %": the 1 decimal of the screens, Spanish style. */
const pct = (value: number | null) => (value === null ? '–' : `${value.toFixed(1).replace('.', ',')} %`);

test('the client opens the dashboard, filters one establishment, drills to incidents and audits, and downloads Excel, PDF and CSV', async ({ page }) => {
  test.setTimeout(240_000);
  await signInToShell(page, 'client@demo.test');
  await page.goto('/client-audits/resume');
  await expect(page.getByRole('heading', { name: 'Resumen de auditorías' })).toBeVisible();

  // The figures are the server's for every date (the first visit's range).
  const all = await summaryOf(page, {});
  expect(all.audits, 'the demo client has a finished audit').toBeGreaterThan(0);
  expect(all.issues.issues, 'and incidents').toBeGreaterThan(0);
  await expect(figure(page, 'audits')).toHaveText(String(all.audits));
  await expect(figure(page, 'issues')).toHaveText(String(all.issues.issues));
  await expect(figure(page, 'high')).toHaveText(String(all.issues.high));
  await expect(figure(page, 'score')).toHaveText(pct(all.avgScorePct));
  await expect(figure(page, 'open')).toHaveText(String(all.issues.issues - all.issues.resolved));

  // One establishment: the figures are that establishment's (the demo client has two).
  const benchmark = await pageApi<TBenchmark>(page, 'POST', '/ms-statistics/api/audit-statistics/benchmark', {});
  const place = benchmark[0]!;
  const one = await summaryOf(page, { establishments: [place.establishment] });
  await pick(page, page.getByTestId('stats-filter-establishments').locator('input'), place.name!, { exact: true });
  await expect(page.getByTestId('stats-filter-establishments')).toContainText(place.name!);
  await expect(figure(page, 'audits')).toHaveText(String(one.audits));
  await expect(figure(page, 'issues')).toHaveText(String(one.issues.issues));
  // Kept in this browser for this user and screen: a reload opens with the same establishment.
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.getByTestId('stats-filter-establishments')).toContainText(place.name!);
  await expect(figure(page, 'issues')).toHaveText(String(one.issues.issues));
  await settled(page);
  await shoot(page, 'statistics-resume', { fullPage: true });

  // A benchmark table's count as a chart, its rows as CSV (Spanish headers, ';').
  const bench = page.getByTestId('chart-benchmark');
  await expect(bench.getByRole('link', { name: place.name! })).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('chart-benchmark-csv').click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8');
  expect(csv.startsWith('\uFEFFEstablecimiento;Auditorías;Puntuación media (%);Incidencias;')).toBe(true);
  expect(csv).toContain(`${place.name};${place.audits};`);
  await page.getByTestId('chart-benchmark-table-toggle').click();
  await expect(page.getByTestId('benchmark-bars').getByRole('img', { name: new RegExp(place.name!) })).toBeVisible();

  // The Excel workbook of the same filter, read back.
  const excel = page.waitForEvent('download');
  await page.getByTestId('stats-excel').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await excel).path());
  const summarySheet = book.getWorksheet('Resumen')!;
  expect(summarySheet.getRow(2).getCell(1).text).toBe('Auditorías');
  expect(summarySheet.getRow(2).getCell(2).value).toBe(one.audits);
  expect(book.getWorksheet('Benchmark')!.getRow(2).getCell(1).text).toBe(place.name);

  // The corporate PDF: a PDF, its first page rendered to look at.
  const pdf = page.waitForEvent('download');
  await page.getByTestId('stats-pdf').click();
  const pdfPath = await (await pdf).path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  mkdirSync('.e2e-artifacts/screens', { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', pdfPath, '.e2e-artifacts/screens/statistics-pdf-page1']);

  // Drill-down: the incidents figure opens the incidents list with the same rows.
  await figure(page, 'issues').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/incidents/list/audits\\?establishment=${place.establishment}`));
  await incidentsList(page);
  await expect(rows(page)).toHaveCount(Math.min(one.issues.issues, 10));
  await page.goBack();
  await figure(page, 'high').getByRole('link').click();
  await expect(page).toHaveURL(/risk=high&risk=IE&risk=P1/);
  await incidentsList(page);
  await expect(rows(page)).toHaveCount(Math.min(one.issues.high, 10));
  for (const text of await rows(page).allInnerTexts()) expect(text).toMatch(/Alto|IE|P1/);

  // A benchmark row opens the establishment's audits, an audit its report.
  await page.goto('/client-audits/resume');
  await page.getByTestId('chart-benchmark').getByRole('link', { name: place.name! }).click();
  await expect(page).toHaveURL(new RegExp(`/client-audits/audits\\?establishment=${place.establishment}`));
  await expect(page.getByRole('heading', { name: 'Auditorías realizadas' })).toBeVisible();
  await expect(rows(page)).toHaveCount(Math.min(place.audits, 10));
  await rows(page).first().click();
  await expect(page).toHaveURL(/\/client-audits\/audits\/report\/[0-9a-f-]{36}$/);

  // Down to a photo (decision 0091): Valencia's row, its latest audit, the failed question with the
  // evidence photo and its corrective action.
  const valencia = benchmark.find((b) => b.name === 'Hotel Mar Azul Valencia')!;
  expect(benchmark.length, 'two establishments to compare').toBeGreaterThanOrEqual(2);
  await page.goto('/client-audits/resume');
  // The establishment chosen above is kept: every establishment again.
  await page.getByTestId('stats-filter-reset').click();
  await page.getByTestId('chart-benchmark').getByRole('link', { name: valencia.name! }).click();
  await expect(page).toHaveURL(new RegExp(`/client-audits/audits\\?establishment=${valencia.establishment}`));
  await expect(rows(page)).toHaveCount(Math.min(valencia.audits, 10));
  await rows(page).first().click();
  const failed = page.getByTestId('report-question').filter({ has: page.getByTestId('report-issue') });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('¿Se registran a diario las temperaturas de las cámaras?');
  await expect(failed.getByTestId('report-issue')).toContainText('Completar el registro diario de temperaturas');
  const photo = failed.locator('.report-photo img');
  await expect(photo).toBeVisible();
  // The report mounts its sections lazily (decision 0102): the picture may still be loading here.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Beside the photo, the issue's incident and its corrective action with its status and age.
  const action = failed.getByTestId('report-action');
  await expect(action).toHaveCount(1);
  await expect(action).toContainText('Completar el registro diario de temperaturas');
  await expect(action.getByTestId('report-action-age')).toHaveText(/^(abierta hoy|abierta hace \d+ días?|cerrada el mismo día|cerrada en \d+ días?)$/);
  await failed.scrollIntoViewIfNeeded();
  await shoot(page, 'statistics-drill-photo');
  await failed.getByRole('link', { name: 'Abrir la incidencia' }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Completar el registro diario de temperaturas').first()).toBeVisible();

  // Today's range (the quick range "Hoy"): the figures are the server's for that day; with nothing
  // in it, the Excel is refused with the catalogue's 832 message.
  await page.goto('/client-audits/resume');
  await pick(page, page.getByTestId('stats-filter-range').locator('input'), 'Hoy', { exact: true });
  const shown = await page.locator('#stats-days').inputValue();
  const [d, m, y] = shown.split('-');
  const today = await summaryOf(page, { from: `${y}-${m}-${d}`, to: `${y}-${m}-${d}`, establishments: [place.establishment] });
  await expect(figure(page, 'audits')).toHaveText(String(today.audits));
  if (today.audits === 0 && today.issues.issues === 0) {
    await expect(page.getByTestId('chart-score-time')).toContainText('No hay datos para este periodo');
    await page.getByTestId('stats-excel').click();
    await expect(page.getByText('No hay datos para el rango de fechas.')).toBeVisible();
  }
  // Reset: every date again, every establishment.
  await page.getByTestId('stats-filter-reset').click();
  await expect(figure(page, 'audits')).toHaveText(String(all.audits));
});

test('the client and the auditor read their analytics; a risk opens its incidents; an empty filter says so', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToShell(page, 'client@demo.test');
  await page.goto('/analytics/client');
  await expect(page.getByRole('heading', { name: 'Estadísticas', exact: true })).toBeVisible();
  const byRisk = await pageApi<TByRisk>(page, 'POST', '/ms-statistics/api/issue-statistics/count-by-risk', {});
  const medium = byRisk.find((r) => r.riskLevel === 'medium')!;
  const bars = page.getByTestId('by-risk-bars');
  await expect(bars.getByRole('img', { name: `Medio: ${medium.count}` })).toBeVisible();
  for (const id of [
    'chart-by-type',
    'chart-top-five',
    'chart-benchmark',
    'chart-bio-score',
    'chart-completion-access',
    'chart-completion-period',
    'chart-completion-establishment',
  ]) {
    await expect(page.getByTestId(id).locator('.stats-bars, .ant-empty')).toBeVisible();
  }
  // Decision 0081's panels: open corrective actions and lab results out of limits, as the server counts them.
  const actions = await pageApi<{ open: number; closed: number }>(page, 'POST', '/ms-statistics/api/corrective-statistics/by-age', {});
  const lab = await pageApi<{ results: number; outOfLimits: number }>(page, 'POST', '/ms-statistics/api/lab-statistics/out-of-limits', {});
  await expect(figure(page, 'actions-open')).toHaveText(String(actions.open));
  await expect(figure(page, 'actions-closed')).toHaveText(String(actions.closed));
  await expect(figure(page, 'lab-results')).toHaveText(String(lab.results));
  await expect(figure(page, 'lab-out')).toContainText(String(lab.outOfLimits));
  await expect(page.getByTestId('chart-repeats').locator('.stats-bars, .ant-empty')).toBeVisible();
  // The demo's repeat finding and late corrective action (decision 0091): the daily temperature record
  // failed again at Valencia's next two audits, and an action past its due date.
  const overdue = await pageApi<{ overdue: number }>(page, 'POST', '/ms-statistics/api/corrective-statistics/by-age', {});
  expect(overdue.overdue).toBeGreaterThan(0);
  await expect(figure(page, 'actions-overdue')).toHaveText(String(overdue.overdue));
  const repeat = page.getByTestId('chart-repeats').getByRole('link', { name: /¿Se registran a diario.*Hotel Mar Azul Valencia: volvió 2 veces/ });
  await expect(repeat).toBeVisible();
  await settled(page);
  await shoot(page, 'statistics-analytics-client', { fullPage: true });
  // The repeat opens its latest audit's report on that question, outlined, with its photo.
  await repeat.click();
  await expect(page).toHaveURL(/\/client-audits\/audits\/report\/[0-9a-f-]{36}#question-[0-9a-f-]{36}$/);
  const target = page.locator('.report-question-target');
  await expect(target).toContainText('¿Se registran a diario');
  await expect(target).toBeInViewport();
  await expect(target.locator('.report-photo img')).toBeVisible();
  await page.goto('/analytics/client');
  await bars.getByRole('link', { name: `Medio: ${medium.count}` }).click();
  await expect(page).toHaveURL(/\/incidents\/list\/audits\?risk=medium$/);
  await incidentsList(page);
  await expect(rows(page)).toHaveCount(Math.min(medium.count, 10));

  // A risk level with no incidents: the incident charts are empty and say so.
  await page.goto('/analytics/client');
  await pick(page, page.getByTestId('stats-filter-risks').locator('input'), 'P1', { exact: true });
  await expect(page.getByTestId('chart-by-risk')).toContainText('No hay datos para este periodo');
  await page.getByTestId('stats-filter-reset').click();
  await expect(bars).toBeVisible();

  // The auditor's analytics span their clients.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInToShell(page, 'auditor@demo.test');
  await page.goto('/analytics/auditor');
  await expect(page.getByRole('heading', { name: 'Estadísticas de mis clientes' })).toBeVisible();
  const auditorRisk = await pageApi<TByRisk>(page, 'POST', '/ms-statistics/api/issue-statistics/count-by-risk', {});
  for (const row of auditorRisk.filter((r) => r.riskLevel === 'high' || r.riskLevel === 'low')) {
    await expect(page.getByTestId('by-risk-bars').getByRole('img', { name: `${row.riskLevel === 'high' ? 'Alto' : 'Bajo'}: ${row.count}` })).toBeVisible();
  }
  await settled(page);
  await shoot(page, 'statistics-analytics-auditor', { fullPage: true });
});
