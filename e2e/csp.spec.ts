import { expect, test, type Page } from '@playwright/test';
import type { TAudit } from '@audit/domain/audits';
import { pageApi } from './helpers';
import { addPicture, signInAsAuditor, startHygieneAudit } from './run-helpers';

/**
 * The Content-Security-Policy the server sends (apps/server/src/platform/headers.ts, decision 0017)
 * is one the app passes: no violation is reported on the sign-in page, the audit list, the run view
 * (with a photo shown from a blob: URL) and a finished audit's report with its PDF download.
 */
async function recordViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} at ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the app passes its Content-Security-Policy: sign-in, audit list, run view, report', async ({ page }) => {
  const violations = await recordViolations(page);
  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain("'unsafe-eval'");
  await expect(page.getByRole('button', { name: /^entrar$/i })).toBeVisible();

  const me = await signInAsAuditor(page);
  await page.goto('/auditor/audits');
  await expect(page.getByTestId('audit-status').first()).toBeVisible();

  const auditId = await startHygieneAudit(page, me);
  await page.goto(`/auditor/audits/run/${auditId}`);
  await expect(page.locator('.run-question').first()).toBeVisible();
  // A photo is shown from a blob: URL before (and while) it uploads.
  const question = page.locator('.run-question').nth(2);
  await addPicture(page, question.getByRole('button', { name: 'Añadir imagen' }));
  await expect(question.locator('.run-image img')).toHaveCount(1);

  const finished = (
    await pageApi<TAudit[]>(page, 'POST', '/ms-core/api/audits/search', { size: 50, page: 0, filters: [{ field: 'auditor', operator: 'eq', value: me }] })
  ).find((a) => a.status === 'finished');
  expect(finished, 'the demo data holds a finished audit of auditor@demo.test').toBeTruthy();
  await page.goto(`/auditor/audits/report/${finished!._id}`);
  await expect(page.getByTestId('report-summary')).toBeVisible();

  // The PDF: asked for (made by a job), then downloaded from the same button (a blob: link).
  await page.getByTestId('report-pdf').click();
  const auth = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` };
  await expect
    .poll(async () => (await page.request.get(`/ms-core/api/reports/audit/${finished!._id}/pdf`, { headers: auth })).status(), {
      timeout: 60_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(200);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-pdf').click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);

  expect(violations).toEqual([]);
});
