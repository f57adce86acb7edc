import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { TAudit } from '@audit/domain/audits';
import { pageApi, screenshotPath, settled } from './helpers';
import { auditsOf, DESKTOP, HYGIENE, signInAsAuditor, startHygieneAudit } from './run-helpers';

/**
 * A new customer's first day (issue 13) on the run view and the report: what the console and the
 * network say, the phone's headers, the report's dates and buttons in the user's language, and the
 * PDF that downloads itself once its job has made it, announced by an unread notification.
 */
const PHONE = { width: 390, height: 844 };
export const PDF_SAMPLE = '.e2e-artifacts/run-report/report.pdf';

/** Console warnings and errors, and answers of 400 and above, seen by the page. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return problems;
}

async function toEnglish(page: Page) {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('notifications-button')).toHaveAccessibleName(/^Notifications/);
}

// The header's language switch is saved on the user (issue 13): the auditor gets Spanish back after
// each test, so the next test's sign-in opens in Spanish whatever this one did.
test.afterEach(async ({ page }) => {
  await pageApi(page, 'PATCH', '/ms-core/api/users/me/language', { language: 'es' }).catch(() => undefined);
});

test('report in English: its buttons in English, dates DD-MM-YYYY, the PDF generated, announced and downloaded with one click', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize(DESKTOP);
  const me = await signInAsAuditor(page);
  const finished = (await auditsOf(page, me)).find((a) => a.status === 'finished' && a.template.name === HYGIENE);
  expect(finished, 'the demo data holds a finished hygiene audit of auditor@demo.test').toBeTruthy();
  await toEnglish(page);

  // A date answer and a date cover field saved as the instant of a Madrid midnight (06-11-2026):
  // the report shows that day, DD-MM-YYYY, as the PDF does. Read from the audit's own call: a read of
  // the report would start its PDF (decision 0119), and this test clicks before any PDF is made.
  const audit = await pageApi<TAudit>(page, 'GET', `/ms-core/api/audits/${finished!._id}`);
  const question = audit.sections.find((s) => s.type === 'QUESTION')!.questions.find((q) => q.answer)!;
  Object.assign(question, { name: 'Fecha de la última limpieza', type: 'date', select: null });
  question.answer!.templateAnswer = { type: 'text', text: '2026-11-06' };
  audit.coverFields = [
    ...audit.coverFields,
    { ...audit.coverFields[0]!, _id: 'cover-date', label: 'Próxima visita', type: 'date', value: '2026-11-05T23:00:00.000Z' },
  ];
  await page.route(`**/ms-core/api/reports/audit/${finished!._id}`, (route) => route.fulfill({ json: audit }));
  await page.goto(`/auditor/audits/report/${finished!._id}`);
  const report = page.getByTestId('audit-report');
  await expect(report.locator('.report-question').filter({ hasText: 'Fecha de la última limpieza' })).toContainText('06-11-2026');
  await expect(report.getByTestId('report-fields').first()).toContainText('06-11-2026');
  await expect(report).not.toContainText('2026-11-0');

  // The report reads in the template's language (Spanish); the page's buttons in the user's (English).
  const pdfButton = page.getByTestId('report-pdf');
  await expect(pdfButton).toHaveText('Download PDF');
  await expect(page.getByRole('button', { name: 'Share' })).toHaveText(/^(Share|Shared)$/);
  await expect(report).toContainText('Introducción');
  await settled(page);
  await page.screenshot({ path: screenshotPath('run-report-report-desktop-en') });

  // One click: progress while the job makes the PDF, then the file downloads by itself and the
  // bell shows the unread notification that says it is ready.
  await expect(page.getByTestId('notifications-unread')).not.toContainText(/\d/);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await pdfButton.click();
  await expect(page.getByText('Generating the PDF. It will download as soon as it is ready')).toBeVisible();
  await expect(pdfButton).toHaveText('Generating PDF…');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${finished!.template.name} - ${finished!.establishment.name}.pdf`);
  mkdirSync('.e2e-artifacts/run-report', { recursive: true });
  await file.saveAs(PDF_SAMPLE);
  await expect(page.getByText('PDF ready: it has been downloaded.')).toBeVisible();
  await expect(pdfButton).toHaveText('Download PDF');
  await expect(page.getByTestId('notifications-unread')).toContainText('1');
  await expect(page.getByTestId('notifications-button')).toHaveAccessibleName('Notifications (1 unread)');
  await page.getByTestId('notifications-button').click();
  const notice = page.getByTestId('notification-drawer').locator('.notification-item.is-unread');
  await expect(notice).toContainText('ready');
  await expect(notice.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: screenshotPath('run-report-pdf-notification-en') });
  // The notification itself downloads the PDF, under the server's name.
  const fromDrawer = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download PDF' }).click();
  // (the template's language names it: the report reads in Spanish)
  expect((await fromDrawer).suggestedFilename()).toContain(`Informe de auditoría - ${finished!.template.name} - ${finished!.establishment.name} - `);
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(pdfButton).toBeVisible();
  await settled(page);
  await page.screenshot({ path: screenshotPath('run-report-report-phone-en') });

  expect(problems).toEqual([]);
});

test('run view on a phone: the headers fold when scrolled, "100,0 %" on one line, no failed request nor warning', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize(PHONE);
  const me = await signInAsAuditor(page);
  const auditId = await startHygieneAudit(page, me);
  await page.goto(`/auditor/audits/run/${auditId}`);
  const header = page.getByTestId('run-header');
  const q1 = page.locator('.run-question').first();
  await q1.getByRole('radio', { name: 'Conforme', exact: true }).click();
  const score = page.getByTestId('audit-score').locator('.run-score-value');
  await expect(score).toHaveText('100,0 %');
  const line = await score.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await score.boundingBox())!.height).toBeLessThan(line * 1.5);

  // At the top: both headers open. Scrolled: the app header has gone with the page and the run
  // header is one row at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/is-compact/);
  await settled(page);
  await page.screenshot({ path: screenshotPath('run-report-run-phone') });
  const open = (await header.boundingBox())!.height;
  await page.mouse.wheel(0, 900);
  await expect(header).toHaveClass(/is-compact/);
  await expect(page.locator('.shell-header')).not.toBeInViewport();
  await expect.poll(async () => Math.round((await header.boundingBox())!.y)).toBe(0);
  const folded = (await header.boundingBox())!.height;
  expect(folded).toBeLessThan(64);
  expect(folded).toBeLessThan(open / 2);
  await expect(page.getByRole('button', { name: 'Finalizar' })).toBeInViewport();
  await expect(score).toBeInViewport();
  await settled(page);
  await page.screenshot({ path: screenshotPath('run-report-run-phone-scrolled') });

  // Back at the top it opens again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/is-compact/);

  await page.setViewportSize(DESKTOP);
  await settled(page);
  await page.screenshot({ path: screenshotPath('run-report-run-desktop') });
  expect(problems).toEqual([]);
});
