import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import type { TAudit, TAuditQuestion } from '@audit/domain/audits';
import { readStore, server } from './offline-support';
import { card, DESKTOP, option, signInAsAuditor, startHygieneAudit } from './run-helpers';

/**
 * Four tabs on one audit (src/offline/journal.ts, docs/decisions/0066): a tab opened while others
 * still have changes on their way takes none of them (they are theirs to settle), a tab that goes
 * takes nothing a live tab settled, what a closed tab left is sent again with its own idempotency
 * key, and the server never receives a write the auditor did not make.
 */

/** Every answer write the server was asked for (counted at the network), optionally held back while `hold` is set. */
function countWrites(context: BrowserContext) {
  const writes: { method: string; url: string; key: string }[] = [];
  const held: Route[] = [];
  const state = { hold: false };
  void context.route('**/ms-core/api/audits/**', async (route) => {
    const request = route.request();
    // The auditor's changes (answers); not the score check a sync asks for.
    if (request.method() === 'GET' || !request.url().includes('/answer/')) return route.fallback();
    writes.push({ method: request.method(), url: new URL(request.url()).pathname, key: request.headers()['idempotency-key'] ?? '' });
    if (state.hold) held.push(route);
    else await route.fallback();
  });
  const release = async () => {
    state.hold = false;
    for (const route of held.splice(0)) await route.fallback().catch(() => undefined);
  };
  return { writes, state, release };
}

async function openRun(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto(url, { timeout: 30_000 });
  await expect(page.locator('.run-header')).toContainText('En curso', { timeout: 30_000 });
  return page;
}

const LABELS = ['Conforme', 'Mejorable', 'No conforme'] as const;

test('four tabs on one audit: no tab takes another live tab’s changes, nothing settled comes back, no write the auditor did not make', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const auditId = await startHygieneAudit(page, await signInAsAuditor(page));
  const runUrl = `/auditor/audits/run/${auditId}`;
  await page.goto(runUrl);
  await expect(page.locator('.run-header')).toContainText('En curso');
  const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const selects = audit.sections.filter((s) => s.type === 'QUESTION').flatMap((s) => s.questions.filter((q) => q.type === 'select' && !q.select?.multiselect));
  await expect.poll(async () => (await readStore(page, 'copies')).map((c) => c.resource), { timeout: 30_000 }).toContain(`audit:${auditId}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });

  const tabs = [page, await openRun(context, runUrl), await openRun(context, runUrl)];
  // Each tab answers its own questions; the last answer clicked per question is what the server must hold.
  const own = (tab: number) => selects.filter((_, i) => i % 4 === tab).slice(0, 3);
  const last = new Map<string, string>();
  let clicks = 0;
  const answer = async (tab: Page, q: TAuditQuestion, label: string) => {
    if (last.get(q._id) === label) return;
    await option(card(tab, q.name), label).click({ timeout: 15_000 });
    await expect(option(card(tab, q.name), label)).toBeChecked({ timeout: 10_000 });
    last.set(q._id, label);
    clicks++;
  };
  const another = (q: TAuditQuestion) => LABELS.find((l) => l !== last.get(q._id))!;
  const net = countWrites(context);

  // 1. Online, the server slow: each of three tabs has a change on its way when a fourth tab opens.
  net.state.hold = true;
  for (const [i, tab] of tabs.entries()) await answer(tab, own(i)[0]!, 'Conforme');
  await expect.poll(() => net.writes.length, { timeout: 15_000 }).toBe(3);
  const fourth = await openRun(context, runUrl);
  tabs.push(fourth);
  // Its journal holds what the three still have on their way: the fourth takes none of it.
  await fourth.waitForTimeout(1500);
  expect(net.writes).toHaveLength(3);
  await net.release();

  // 2. Changes settled while the others write, all four at once.
  await Promise.all(
    tabs.map(async (tab, i) => {
      for (const round of [0, 1, 2]) for (const q of own(i)) await answer(tab, q, LABELS[(i + round + 1) % 3]!);
    }),
  );
  // Every change has left (a tap's request goes after its frame is painted) and is answered.
  await expect.poll(() => new Set(net.writes.map((w) => w.key)).size, { timeout: 30_000 }).toBe(clicks);
  for (const tab of tabs) {
    await expect(tab.getByTestId('run-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(tab.getByTestId('run-saving-state')).toHaveText('Guardado', { timeout: 30_000 });
  }

  // 3. Offline, the tabs keep writing; the fourth is reloaded (a tab gone and back): it takes nothing the live tabs settled.
  await context.setOffline(true);
  await Promise.all(tabs.slice(0, 3).map((tab, i) => answer(tab, own(i)[1]!, another(own(i)[1]!))));
  await fourth.reload({ timeout: 30_000 });
  await expect(fourth.getByTestId('run-connectivity')).toContainText('Sin conexión', { timeout: 30_000 });
  await expect(fourth.getByTestId('run-pending')).toHaveText('3 cambios pendientes', { timeout: 15_000 });
  expect(await readStore(fourth, 'queries')).toHaveLength(3);
  await answer(fourth, own(3)[1]!, another(own(3)[1]!));
  await expect(fourth.getByTestId('run-pending')).toHaveText('4 cambios pendientes', { timeout: 15_000 });

  // 4. Back online: everything arrives; each change the auditor made is one write (one key), nothing else.
  await context.setOffline(false);
  for (const tab of tabs) await expect(tab.getByTestId('run-pending')).toHaveCount(0, { timeout: 60_000 });
  const keys = new Set(net.writes.map((w) => w.key));
  expect(keys.size, JSON.stringify(net.writes, null, 1)).toBe(clicks);
  // A key sent again (an idempotent retry) is the same write: the same method and URL.
  const byKey = new Map<string, Set<string>>();
  for (const w of net.writes) byKey.set(w.key, (byKey.get(w.key) ?? new Set()).add(`${w.method} ${w.url}`));
  expect([...byKey.values()].filter((sent) => sent.size > 1)).toEqual([]);

  const saved = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const labelOf = (q: TAuditQuestion) => {
    const selected = (q.answer?.templateAnswer as { select?: string[] } | undefined)?.select?.[0];
    return q.select?.options.find((o) => o._id === selected)?.label ?? null;
  };
  const savedQuestions = new Map(saved.sections.flatMap((s) => s.questions).map((q) => [q._id, q]));
  for (const [id, label] of last) expect(labelOf(savedQuestions.get(id)!), savedQuestions.get(id)!.name).toBe(label);
});
