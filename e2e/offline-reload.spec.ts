import { expect, test, type Page } from '@playwright/test';
import type { TAudit, TAuditQuestion } from '@audit/domain/audits';
import { readStore, server } from './offline-support';
import { card, DESKTOP, option, signInAsAuditor, startHygieneAudit } from './run-helpers';

/**
 * What an auditor sees of an audit around a sync and a reload (src/offline, docs/decisions/0021):
 * the audit reloaded after a sync keeps the note being typed and the scroll position; a tab opened
 * offline shows the changes of every tab, as many as the header counts.
 */

/** The auditor on the run page of a new hygiene audit, started; its id and select questions. */
async function openNewRunningAudit(page: Page): Promise<{ auditId: string; selects: TAuditQuestion[] }> {
  await page.setViewportSize(DESKTOP);
  const auditId = await startHygieneAudit(page, await signInAsAuditor(page));
  await page.goto(`/auditor/audits/run/${auditId}`);
  await expect(page.locator('.run-header')).toContainText('En curso');
  const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  return { auditId, selects: audit.sections.filter((s) => s.type === 'QUESTION').flatMap((s) => s.questions.filter((q) => q.type === 'select')) };
}

test('a sync that reloads the audit keeps the note being typed and the scroll position', async ({ page, context }) => {
  test.setTimeout(90_000);
  const { auditId, selects } = await openNewRunningAudit(page);
  const [answered, noted] = [selects[0]!, selects.at(-1)!];

  await context.setOffline(true);
  await option(card(page, answered.name), 'Conforme').click();
  await expect(page.getByTestId('run-pending')).toHaveText('1 cambio pendiente');

  // Far down the audit, a note is being written (not saved yet) when the network returns.
  const noteCard = card(page, noted.name);
  await noteCard.scrollIntoViewIfNeeded();
  await noteCard.getByRole('button', { name: 'Añadir nota' }).click();
  const note = noteCard.getByRole('textbox', { name: `Nota de «${noted.name}»` });
  await note.pressSequentially('El desagüe del sótano');
  await expect(note).toBeFocused();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(1000);

  const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith(`/ms-core/api/audits/${auditId}`));
  await context.setOffline(false);
  await reloaded;
  await expect(page.getByTestId('run-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('sync-overlay')).toHaveCount(0);

  // The text is still there, the caret in it (typing goes on where it stopped), and the page did not jump.
  await expect(note).toHaveValue('El desagüe del sótano');
  await expect(note).toBeFocused();
  await page.keyboard.type(' está limpio.');
  await expect(note).toHaveValue('El desagüe del sótano está limpio.');
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThan(50);
  await noteCard.getByRole('button', { name: 'Crear' }).click();
  await expect(noteCard.locator('.run-note')).toContainText('El desagüe del sótano está limpio.');

  const saved = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const questions = new Map(saved.sections.flatMap((s) => s.questions).map((q) => [q._id, q]));
  expect(questions.get(answered._id)!.answer).not.toBeNull();
  await expect
    .poll(
      async () =>
        (await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`)).sections.flatMap((s) => s.questions).find((q) => q._id === noted._id)!.note,
    )
    .toBe('El desagüe del sótano está limpio.');
});

test('a tab opened offline shows the changes of every tab, as many as the header counts', async ({ page, context }) => {
  test.setTimeout(90_000);
  const { auditId, selects } = await openNewRunningAudit(page);
  const runUrl = page.url();
  // The device keeps the server's copy, and the service worker the app, for opening it offline.
  await expect.poll(async () => (await readStore(page, 'copies')).map((c) => c.resource)).toContain(`audit:${auditId}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
  const second = await context.newPage();
  await second.setViewportSize(DESKTOP);
  await second.goto(runUrl);
  await expect(second.locator('.run-header')).toContainText('En curso');

  // Offline, each tab changes a different question; each shows only its own.
  await context.setOffline(true);
  const [first, other] = [selects[0]!, selects[1]!];
  await option(card(page, first.name), 'Conforme').click();
  await expect(page.getByTestId('run-pending')).toHaveText('1 cambio pendiente');
  await option(card(second, other.name), 'No conforme').click();
  await expect(second.getByTestId('run-pending')).toHaveText('2 cambios pendientes');
  await expect(option(card(page, other.name), 'No conforme')).not.toBeChecked();
  await page.close({ runBeforeUnload: false });
  await second.close({ runBeforeUnload: false });

  // Opened again with no network: both changes, and the header's count agrees.
  const reopened = await context.newPage();
  await reopened.setViewportSize(DESKTOP);
  await reopened.goto(runUrl);
  await expect(reopened.getByTestId('run-connectivity')).toContainText('Sin conexión');
  await expect(reopened.getByTestId('run-pending')).toHaveText('2 cambios pendientes');
  await expect(option(card(reopened, first.name), 'Conforme')).toBeChecked();
  await expect(option(card(reopened, other.name), 'No conforme')).toBeChecked();
  expect(await readStore(reopened, 'queries')).toHaveLength(2);

  // Back online, both reach the server.
  await context.setOffline(false);
  await expect(reopened.getByTestId('run-pending')).toHaveCount(0, { timeout: 30_000 });
  const saved = await server<TAudit>(reopened, 'GET', `/ms-core/api/audits/${auditId}`);
  const answers = new Map(saved.sections.flatMap((s) => s.questions).map((q) => [q._id, q.answer]));
  expect(answers.get(first._id)).not.toBeNull();
  expect(answers.get(other._id)).not.toBeNull();
});

test("a reload shows the device's copy at once, then the server's changes; a tap meanwhile is kept (decision 0109)", async ({ page }) => {
  test.setTimeout(90_000);
  const { auditId, selects } = await openNewRunningAudit(page);
  const [mine, elsewhere, tapped] = [selects[0]!, selects[1]!, selects[2]!];
  await option(card(page, mine.name), 'Conforme').click();
  await expect
    .poll(
      async () =>
        (await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`)).sections.flatMap((s) => s.questions).find((q) => q._id === mine._id)!.answer,
    )
    .not.toBeNull();
  // The device keeps the server's copy and, beside it, the changes the server accepted since (this
  // page's answer: a log entry until it is folded into the copy; offline/copies.ts) for the next load.
  const keptAnswer = () =>
    page.evaluate(
      ([resource, questionId]) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('RunAudit');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('copies').objectStore('copies');
            const read = store.get(resource);
            const log = store.getAll(IDBKeyRange.bound(`${resource}\u0000accepted\u0000`, `${resource}\u0000accepted\u0000\uffff`));
            log.onsuccess = () => {
              open.result.close();
              const copy = read.result as { data: TAudit } | undefined;
              const inCopy = copy?.data.sections.flatMap((s) => s.questions).find((q) => q._id === questionId)?.answer ?? null;
              const logged = (log.result as { change: { command: { body?: { question?: string } } } }[]).some(
                (e) => e.change.command.body?.question === questionId,
              );
              resolve(copy && (inCopy || logged) ? true : null);
            };
          };
        }),
      [`audit:${auditId}`, mine._id],
    );
  await expect.poll(keptAnswer).not.toBeNull();

  // Another device answers a question; the server's answer to the next load is held back.
  const failing = elsewhere.select!.options.find((o) => o.failed)!;
  await server(page, 'POST', `/ms-core/api/audits/${auditId}/answer/add`, {
    section: elsewhere.section,
    question: elsewhere._id,
    templateAnswer: { type: 'select', select: [failing._id] },
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let loads = 0;
  await page.route(`**/ms-core/api/audits/${auditId}`, async (route) => {
    if (route.request().method() === 'GET' && ++loads === 1) await held;
    await route.continue();
  });
  await page.reload();

  // The copy, at once: this device's answer, not yet the other device's, and no "offline" warning.
  await expect(option(card(page, mine.name), 'Conforme')).toBeChecked();
  await expect(option(card(page, elsewhere.name), failing.label)).not.toBeChecked();
  await expect(page.locator('.run-local-copy')).toHaveCount(0);
  // A tap before the server answered: sent at once; the server's earlier answer lacks it.
  const saved = page.waitForResponse((r) => r.url().endsWith('/answer/add') && r.ok());
  await option(card(page, tapped.name), 'Conforme').click();
  await saved;
  release();

  // The audit loaded again once the tap was answered: the other device's answer and this tab's tap, both.
  await expect(option(card(page, elsewhere.name), failing.label)).toBeChecked({ timeout: 30_000 });
  await expect(option(card(page, tapped.name), 'Conforme')).toBeChecked();
  await expect(option(card(page, mine.name), 'Conforme')).toBeChecked();
  expect(loads).toBe(2);
  await expect(page.locator('.run-local-copy')).toHaveCount(0);
});
