import { expect, test } from '@playwright/test';
import type { TAudit } from '@audit/domain/audits';
import { pageApi, screenshotPath } from './helpers';
import { auditsOf, HYGIENE, signInAsAuditor } from './run-helpers';

/**
 * The report renders section by section (decision 0102): the first section at once, holders for
 * the rest until their turn. A link to a question far down still reaches it, and keeps it in view
 * while the sections above it mount; once settled every question is on the page (find in page).
 */
const TABLET = { width: 1024, height: 768 };

test('a link to the last question of a finished report reaches it, and every section mounts', async ({ page }) => {
  await page.setViewportSize(TABLET);
  const me = await signInAsAuditor(page);
  const finished = (await auditsOf(page, me)).find((a) => a.status === 'finished' && a.template.name === HYGIENE);
  expect(finished, 'the demo data holds a finished hygiene audit of auditor@demo.test').toBeTruthy();
  const audit = await pageApi<TAudit>(page, 'GET', `/ms-core/api/reports/audit/${finished!._id}`);
  const questions = [...audit.sections]
    .filter((s) => s.type === 'QUESTION')
    .sort((a, b) => a.position - b.position)
    .flatMap((s) => [...s.questions].sort((a, b) => a.position - b.position));
  const last = questions.at(-1)!;

  await page.goto(`/auditor/audits/report/${finished!._id}#question-${last._id}`);
  const target = page.locator(`#question-${last._id}`);
  await expect(target).toHaveClass(/report-question-target/);
  await expect(target).toBeInViewport();
  // Every section mounts in its turn, and the question stays where the link put it.
  await expect(page.getByTestId('report-question')).toHaveCount(questions.length);
  await expect(page.getByTestId('report-section-holder')).toHaveCount(0);
  await expect(target).toBeInViewport();
  await page.screenshot({ path: screenshotPath('report-sections-linked') });

  // From the top: the first screen reads, and the last question is there to scroll to.
  await page.goto(`/auditor/audits/report/${finished!._id}`);
  await expect(page.getByTestId('report-summary')).toBeVisible();
  await expect(page.getByTestId('report-question')).toHaveCount(questions.length);
  await page.locator(`#question-${last._id}`).scrollIntoViewIfNeeded();
  await expect(page.locator(`#question-${last._id}`)).toContainText(last.name);
});
