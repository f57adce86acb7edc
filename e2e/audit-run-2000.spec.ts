import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditScore, type TAudit } from '@audit/domain/audits';
import { formatPercent } from '@audit/domain/score';
import { pageApi as api, signInToShell } from './helpers';
import { readStore, server } from './offline-support';
import { auditsOf, DESKTOP, HYGIENE, option, signInAsAuditor } from './run-helpers';

/**
 * The run view at 2,000 questions (issue 28, decision 0098): answers saved, the score right, offline
 * still working. No timing here: the figures are `npm run bench pglite browser` (BENCH_QUESTIONS=2000).
 *
 * The audit is made through the API, as the bench's generated audit is shaped (bench/browser/audit.ts
 * writes its template into the database; this spec's server is another process): a template of 4
 * duplicable sections of 25 scored questions, each section copied 19 times in the running audit:
 * 80 sections, 2,000 questions.
 */
const SECTIONS = 4;
const PER_SECTION = 25;
const COPIES = 19;
const QUESTIONS = SECTIONS * PER_SECTION * (COPIES + 1);
const OPTIONS = [
  { label: 'Conforme', color: '#52c41a', score: 10, failed: false },
  { label: 'No conforme', color: '#f5222d', score: 0, failed: true },
];
const idOf = (ref: unknown) => (typeof ref === 'string' ? ref : (ref as { _id: string } | null)?._id);

/** The template, made by the company's administrator and offered by the establishment's goal; its id. */
async function generatedTemplate(page: Page, demo: TAudit): Promise<string> {
  await signInToShell(page, 'admin@demo.test');
  const hygiene = await api<Record<string, unknown>>(page, 'GET', `/ms-core/api/audit-templates/${demo.template._id}`);
  const template = await api<{ _id: string }>(page, 'POST', '/ms-core/api/audit-templates', {
    name: `Generada ${QUESTIONS}`,
    description: 'Generated for the 2,000-question browser spec',
    service: demo.service._id,
    areaAccess: idOf(hygiene.areaAccess),
  });
  await Promise.all(
    Array.from({ length: SECTIONS }, async (_, s) => {
      const section = await api<{ _id: string }>(page, 'POST', '/ms-core/api/sections', {
        template: template._id,
        title: `Sección ${s + 1}`,
        type: 'QUESTION',
        duplicable: true,
        position: s,
      });
      for (let q = 0; q < PER_SECTION; q++)
        await api(page, 'POST', `/ms-core/api/sections/${section._id}/question/add`, {
          name: `Pregunta ${s * PER_SECTION + q + 1}`,
          type: 'select',
          select: { options: OPTIONS },
          position: q,
        });
    }),
  );
  await api(page, 'PATCH', `/ms-core/api/audit-templates/${template._id}/enabled`, { enabled: true });
  // The goals in effect at the establishment, with this template offered beside the ones they list.
  const goalsAt = `/ms-core/api/spaces/${demo.establishment._id}`;
  const inEffect = await api<{ goals: { service: string; valueGoal: number; templates: string[] }[] }>(page, 'GET', `${goalsAt}/services-goal-in-effect`);
  const goals = inEffect.goals.map((g) => ({
    service: g.service,
    valueGoal: g.valueGoal,
    templates: g.service === demo.service._id && g.templates.length ? [...g.templates, template._id] : g.templates,
  }));
  await api(page, 'POST', `${goalsAt}/services-templates-goal`, { servicesTemplatesGoal: goals });
  return template._id;
}

/** The auditor's running audit of that template, its sections copied to 2,000 questions. */
async function runningAudit(page: Page, demo: TAudit, auditor: string, template: string): Promise<TAudit> {
  const created = await api<TAudit>(page, 'POST', '/ms-core/api/audits', {
    client: demo.client._id,
    establishment: demo.establishment._id,
    service: demo.service._id,
    template,
    auditor,
    startDate: demo.startDate,
    date: demo.date,
  });
  const started = await api<TAudit>(page, 'PATCH', `/ms-core/api/audits/${created._id}/execute?use_previous=false`);
  // One section's copies after another (each copy goes after the copies made before it).
  await page.evaluate(
    async ({ id, sections, copies }) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'client-date': new Date().toISOString() };
      for (const section of sections)
        for (let i = 0; i < copies; i++) {
          const response = await fetch(`/ms-core/api/audits/${id}/sections/${section}/duplicate`, { method: 'POST', headers });
          if (!response.ok) throw new Error(`duplicate ${section}: ${response.status} ${await response.text()}`);
        }
    },
    { id: started._id, sections: started.sections.filter((s) => s.type === 'QUESTION').map((s) => s._id), copies: COPIES },
  );
  return api<TAudit>(page, 'GET', `/ms-core/api/audits/${started._id}`);
}

const cardOf = (page: Page, questionId: string) => page.locator(`#question-${questionId}`);
/** The score the header shows, and the one the server's audit scores to (the same function the server's check-score uses). */
const shownScore = (page: Page) => page.getByTestId('audit-score').locator('.run-score-value');
const scoreOf = (audit: TAudit) => formatPercent(auditScore(audit.sections).percentage, 'es');
const percent = (value: number) => formatPercent(value, 'es');

/** Follows the contents' list of unanswered questions to its last entry: the audit's last question, mounted and in view. */
async function toLastUnanswered(page: Page, questionId: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Abrir el índice' }).click();
  const drawer = page.locator('.ant-drawer .run-toc');
  await expect(drawer).toBeVisible();
  await drawer.locator('.ant-collapse-item').nth(1).locator('.run-toc-link').last().click();
  const card = cardOf(page, questionId);
  await expect(card).toBeInViewport({ timeout: 30_000 });
  return card;
}

test('a 2,000-question audit: answers at both ends saved, the score right, an answer made offline synced', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await browser.newPage({ viewport: DESKTOP });
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const auditor = await signInAsAuditor(page);
  const demo = (await auditsOf(page, auditor)).find((a) => a.template.name === HYGIENE)!;
  expect(demo, 'the demo data holds a hygiene audit of auditor@demo.test').toBeTruthy();
  const template = await generatedTemplate(admin, demo);
  await admin.close();
  const audit = await runningAudit(page, demo, auditor, template);
  const questions = audit.sections.flatMap((s) => s.questions);
  expect(audit.sections).toHaveLength(SECTIONS * (COPIES + 1));
  expect(questions).toHaveLength(QUESTIONS);
  const [first, second, last] = [questions[0]!, questions[1]!, questions.at(-1)!];
  // The last question sits in the last copy of the last section.
  expect(audit.sections.findIndex((s) => s.questions.some((q) => q._id === last._id))).toBe(audit.sections.length - 1);

  // ── Opened: the first question usable, an answer in the first section ──────────────────────────
  await page.goto(`/auditor/audits/run/${audit._id}`);
  await expect(cardOf(page, first._id).locator('.run-option').first()).toBeEnabled({ timeout: 60_000 });
  await expect(shownScore(page)).toHaveText('—');
  let saved = page.waitForResponse((r) => r.url().includes(`/audits/${audit._id}/answer/`) && r.ok());
  await option(cardOf(page, first._id), 'Conforme').click();
  await expect(option(cardOf(page, first._id), 'Conforme')).toHaveAttribute('aria-checked', 'true');
  await saved;
  await expect(shownScore(page)).toHaveText(percent(100));

  // ── The last question, through the contents (its group of cards not mounted yet, or just mounted) ──
  const lastCard = await toLastUnanswered(page, last._id);
  saved = page.waitForResponse((r) => r.url().includes(`/audits/${audit._id}/answer/`) && r.ok());
  await option(lastCard, 'No conforme').click();
  await expect(option(lastCard, 'No conforme')).toHaveAttribute('aria-checked', 'true');
  await saved;
  // 10 of 20 points: what the server's answers score to, shown.
  await expect(shownScore(page)).toHaveText(percent(50));
  const onServer = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${audit._id}`);
  const answered = new Map(onServer.sections.flatMap((s) => s.questions).map((q) => [q._id, q.answer]));
  expect(answered.get(first._id)).toMatchObject({ score: 10, failed: false });
  expect(answered.get(last._id)).toMatchObject({ score: 0, failed: true });
  expect([...answered.values()].filter(Boolean)).toHaveLength(2);
  expect(scoreOf(onServer)).toBe(percent(50));

  // ── Reloaded: both answers and the score, from the server ───────────────────────────────────────
  await page.reload();
  await expect(option(cardOf(page, first._id), 'Conforme')).toHaveAttribute('aria-checked', 'true', { timeout: 60_000 });
  await expect(shownScore(page)).toHaveText(percent(50));
  await expect(option(await toLastUnanswered(page, questions.at(-2)!._id), 'Conforme')).toHaveAttribute('aria-checked', 'false');
  await expect(option(cardOf(page, last._id), 'No conforme')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  // ── Offline: the device keeps the audit (its copy, the app); an answer waits, survives a reload, then syncs ──
  await expect.poll(async () => (await readStore(page, 'copies')).map((c) => c.resource), { timeout: 30_000 }).toContain(`audit:${audit._id}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
  await context.setOffline(true);
  await expect(page.getByTestId('run-connectivity')).toContainText('Sin conexión');
  await cardOf(page, second._id).scrollIntoViewIfNeeded();
  await option(cardOf(page, second._id), 'Conforme').click();
  await expect(option(cardOf(page, second._id), 'Conforme')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('run-pending')).toHaveText('1 cambio pendiente');
  // 20 of 30 points.
  await expect(shownScore(page)).toHaveText(percent(66.7));
  expect(await readStore(page, 'queries')).toHaveLength(1);

  // Opened again with no network: the device's copy with the change waiting.
  await page.reload();
  await expect(page.getByTestId('run-connectivity')).toContainText('Sin conexión', { timeout: 60_000 });
  await expect(option(cardOf(page, second._id), 'Conforme')).toHaveAttribute('aria-checked', 'true', { timeout: 60_000 });
  await expect(option(cardOf(page, first._id), 'Conforme')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('run-pending')).toHaveText('1 cambio pendiente');
  await expect(shownScore(page)).toHaveText(percent(66.7));

  // Back online: it reaches the server, once.
  await context.setOffline(false);
  await expect(page.getByTestId('run-pending')).toHaveCount(0, { timeout: 60_000 });
  const synced = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${audit._id}`);
  const after = new Map(synced.sections.flatMap((s) => s.questions).map((q) => [q._id, q.answer]));
  expect(after.get(second._id)).toMatchObject({ score: 10, failed: false });
  expect([...after.values()].filter(Boolean)).toHaveLength(3);
  expect(scoreOf(synced)).toBe(percent(66.7));
  await expect(shownScore(page)).toHaveText(percent(66.7));
  await context.close();
});
