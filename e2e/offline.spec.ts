import { expect, test, type Page } from '@playwright/test';
import type { TAudit, TAuditQuestion } from '@audit/domain/audits';
import { screenshotPath, settled } from './helpers';
import { addContact, addPicture, card, contactRow, DEMO_CONTACTS, DESKTOP, HYGIENE, option, signInAsAuditor } from './run-helpers';
import {
  CLEAR_ROUND,
  COUNT,
  NOTE,
  PESTS,
  PESTS_INCIDENCE,
  READINGS,
  REMARKS,
  ROUNDS,
  TStored,
  TWriteLog,
  VALENCIA,
  allQuestions,
  asSent,
  detours,
  expectReplayOrder,
  formatScore,
  openIncidences,
  overlayTexts,
  plan,
  readStore,
  recordWrites,
  server,
  shownScore,
  watchOverlay,
} from './offline-support';

/** The last change made offline: one contact of the demo template's name-and-e-mail list. */
const CONTACT = { name: 'Marta Ruiz', email: 'calidad.valencia@marazul.test' };

/**
 * The offline write queue of the run view (docs/decisions/0012-offline-queue.md), as issue 5's
 * "Done means" asks, with Playwright's offline emulation:
 *  1. the demo auditor starts the demo draft online, loses the network and makes more than 200
 *     changes (rounds of answers, an incidence with its tasks and a photo, a note with a picture,
 *     readings, cover and contact fields); the page is closed and opened again with no network
 *     (the service worker serves the app, the local copy the audit), a second tab opened too; when
 *     the network returns one replay sends every change once, and the server's score is the one shown;
 *  2. the response of one replayed request is lost after the server applied it: the queue sends it
 *     again with the same Idempotency-Key, the server answers it as replayed, nothing is applied twice;
 *  3. another user's queued records are discarded unsent; a refused one is reported.
 */
test.describe.serial('offline run view', () => {
  let auditId = '';
  let me = '';

  test('200 changes made offline survive closing the page and reach the server once when the network returns', async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    me = await signInAsAuditor(page);

    // The demo draft of the auditor, started from the audits list online.
    const audits = await server<TAudit[]>(page, 'POST', '/ms-core/api/audits/search', {
      size: 50,
      page: 0,
      filters: [{ field: 'auditor', operator: 'eq', value: me }],
    });
    const draft = audits.find((a) => a.status === 'draft' && a.establishment.name === VALENCIA && a.template.name === HYGIENE);
    expect(draft, 'the demo data holds a draft of auditor@demo.test at Hotel Mar Azul Valencia').toBeTruthy();
    auditId = draft!._id;
    await page.goto('/auditor/audits');
    await page.getByTestId('list-filters').click();
    await page.locator('.ant-drawer-open').getByLabel('Borrador').click();
    await page.getByTestId('filters-apply').click();
    await page
      .locator('.ant-table-row')
      .filter({ hasText: VALENCIA })
      .filter({ has: page.getByTestId('audit-status').filter({ hasText: 'Borrador' }) })
      .first()
      .click();
    await expect(page.getByTestId('audit-preview')).toContainText(VALENCIA);
    await page.getByTestId('audit-start').click();
    await expect(page).toHaveURL(new RegExp(`/auditor/audits/run/${auditId}$`));
    await expect(page.locator('.run-header')).toContainText('En curso');
    const runUrl = page.url();
    const started = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    const selects = plan(started.sections.filter((s) => s.type === 'QUESTION').flatMap((s) => s.questions.filter((q) => q.type === 'select')));
    expect(selects.length).toBeGreaterThan(10);

    // Opening it kept the server's copy of the audit on the device (the `copies` store), for opening it again offline.
    await expect.poll(async () => (await readStore(page, 'copies')).map((a) => a.resource)).toContain(`audit:${auditId}`);
    // The service worker (apps/web/src/sw) keeps the app itself, for the page opened again offline.
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
    const { writes } = recordWrites(page);

    // ── Offline: everything keeps working and waits in the queue ──────────────────────────────
    await context.setOffline(true);
    const connectivity = page.getByTestId('run-connectivity');
    await expect(connectivity).toContainText('Sin conexión');

    // Rounds of answers over every select question, one question after the other (so the questions'
    // lanes interleave in the queue), some cleared on the way, then the final answers.
    let answerChanges = 0;
    const paths = selects.map(({ label }, i) => [...detours(label, ROUNDS, i), label]);
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [i, { q }] of selects.entries()) {
        const question = card(page, q.name);
        await option(question, paths[i]![round]!).click();
        await expect(option(question, paths[i]![round]!)).toHaveAttribute('aria-checked', 'true');
        answerChanges++;
        if (round === CLEAR_ROUND && i % 3 === 0) {
          await question.getByRole('button', { name: `Borrar la respuesta de «${q.name}»` }).click();
          await expect(question.getByRole('radio', { checked: true })).toHaveCount(0);
          answerChanges++;
        }
      }
    }
    const first = card(page, selects[0]!.q.name);

    // The failed answer's incidence with both its corrective actions, and a photo as evidence.
    const pests = card(page, PESTS);
    await pests.getByRole('button', { name: /Incidencias/ }).click();
    const incidence = pests.locator('.run-incidence').filter({ hasText: PESTS_INCIDENCE });
    await incidence.getByRole('checkbox').first().click();
    await expect(incidence.getByRole('checkbox').first()).toBeChecked();
    const tasks = incidence.locator('.run-tasks').getByRole('checkbox');
    for (const task of await tasks.all()) if (!(await task.isChecked())) await task.click();
    await expect(tasks.nth(1)).toBeChecked();
    await addPicture(page, incidence.getByRole('button', { name: 'Añadir foto' }));
    await expect(incidence.locator('.run-image img')).toHaveCount(1);
    await expect(pests).not.toContainText('Respuesta fallida');

    // A note with a picture on the first question.
    await first.getByRole('button', { name: 'Añadir nota' }).click();
    await first.getByRole('textbox', { name: `Nota de «${selects[0]!.q.name}»` }).fill(NOTE);
    await first.getByRole('button', { name: 'Crear' }).click();
    await addPicture(page, first.getByRole('button', { name: 'Añadir imagen' }));
    await expect(first.locator('.run-image img')).toHaveCount(1);

    // Readings (a failed save offline keeps the value typed), a number, a paragraph, the cover.
    const readings = card(page, READINGS);
    for (const [label, value] of [
      ['Cámara 1 · Refrigeración', '3,5'],
      ['Cámara 2 · Refrigeración', '4'],
      ['Congelador · Congelación', '-20'],
    ] as const) {
      await readings.getByLabel(label).fill(value);
      await readings.getByLabel(label).press('Enter');
    }
    await page.getByLabel(COUNT, { exact: true }).fill('3');
    await page.getByLabel(COUNT, { exact: true }).press('Enter');
    await page.getByLabel(REMARKS, { exact: true }).fill('Sin incidencias en las cámaras.');
    await page.getByLabel(REMARKS, { exact: true }).press('Tab');
    await page.getByLabel('Ubicación').fill('Sótano -1');
    await page.getByLabel('Ubicación').press('Enter');

    await expect(readings.getByLabel('Cámara 1 · Refrigeración')).toHaveValue('3,5');
    await expect(page.getByRole('button', { name: 'Finalizar' })).toBeDisabled();
    // The header counts what the queue holds.
    await expect.poll(async () => (await readStore(page, 'queries')).filter((r) => r.url.endsWith('/cover/update')).length).toBe(1);
    await expect(page.getByTestId('run-pending')).toHaveText(`${(await readStore(page, 'queries')).length} cambios pendientes`);
    const offlineScore = await shownScore(page);
    expect(offlineScore).not.toBe('—');
    // Leaving now would be asked about (the queue is not empty and there is no network).
    expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(true);
    await settled(page);
    await page.screenshot({ path: screenshotPath('audit-run-offline-desktop') });

    // Nothing of it reached the server.
    expect(writes).toEqual([]);
    const before = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    expect(allQuestions(before).filter((q) => q.answer || q.note || q.issues.length || q.noteImages.length)).toEqual([]);
    expect(before.coverFields.find((f) => f.label === 'Ubicación')?.value ?? null).toBeNull();

    // ── A last change (a contact), and the page is closed at once ─────────────────────────────
    await addContact(page, CONTACT);
    // Closed at once, before the change may have reached the queue: the run view's journal
    // (features/audit-run/offline/intents.ts) holds it, and the next page saves it again.
    await page.close({ runBeforeUnload: false });
    expect(writes).toEqual([]);

    // ── Opened again with no network: the same audit, every change included ───────────────────
    const reopened = await context.newPage();
    await reopened.setViewportSize(DESKTOP);
    await reopened.goto(runUrl);
    await expect(reopened.getByTestId('run-connectivity')).toContainText('Sin conexión');

    // The closed page's last change is saved again by this page from the journal, as it loads.
    await expect
      .poll(async () => (await readStore(reopened, 'queries')).filter((r) => r.url.endsWith('/contact-field/update')).length, { timeout: 15_000 })
      .toBe(1);
    // The queue holds every change, for this user, in order: at least 200 of them, every answer click one record.
    const queued = await readStore(reopened, 'queries');
    console.info(`[offline] ${queued.length} queued records (${answerChanges} select answer changes)`);
    expect(queued.length).toBeGreaterThanOrEqual(200);
    expect(new Set(queued.map((r) => r.user))).toEqual(new Set([me]));
    expect(new Set(queued.map((r) => r.auditId))).toEqual(new Set([auditId]));
    const isSelectAnswer = (r: TStored) =>
      (r.method === 'DELETE' && /\/answer\/[^/]+\/remove$/.test(r.url)) ||
      (r.data as { templateAnswer?: { type?: string } } | null)?.templateAnswer?.type === 'select';
    expect(queued.filter(isSelectAnswer)).toHaveLength(answerChanges);
    expect(queued.filter((r) => r.url.endsWith('/contact-field/update'))).toHaveLength(1);
    const pendingText = `${queued.length} cambios pendientes`;

    const showsTheChanges = async (tab: Page) => {
      await expect(tab.getByTestId('run-connectivity')).toContainText('Sin conexión');
      await expect(tab.locator('.run-local-copy')).toContainText('se muestra la copia guardada en este dispositivo');
      for (const { q, label } of selects) await expect(option(card(tab, q.name), label), q.name).toHaveAttribute('aria-checked', 'true');
      await openIncidences(card(tab, PESTS));
      const reopenedPests = card(tab, PESTS).locator('.run-incidence').filter({ hasText: PESTS_INCIDENCE });
      await expect(reopenedPests.getByRole('checkbox').first()).toBeChecked();
      await expect(reopenedPests.locator('.run-tasks').getByRole('checkbox', { checked: true })).toHaveCount(2);
      await expect(reopenedPests.locator('.run-image img')).toHaveCount(1);
      await expect(card(tab, selects[0]!.q.name).locator('.run-note')).toContainText(NOTE);
      await expect(card(tab, selects[0]!.q.name).locator('.run-image img')).toHaveCount(1);
      await expect(card(tab, READINGS).getByLabel('Congelador · Congelación')).toHaveValue('-20');
      await expect(tab.getByLabel(COUNT, { exact: true })).toHaveValue('3');
      await expect(tab.getByLabel(REMARKS, { exact: true })).toHaveValue('Sin incidencias en las cámaras.');
      await expect(tab.getByLabel('Ubicación')).toHaveValue('Sótano -1');
      await expect(contactRow(tab).name).toHaveValue(CONTACT.name);
      await expect(contactRow(tab).email).toHaveValue(CONTACT.email);
      await expect(tab.getByTestId('run-pending')).toHaveText(pendingText);
      await expect(tab.getByTestId('audit-score').locator('.run-score-value')).toHaveText(offlineScore);
    };
    await showsTheChanges(reopened);

    // ── And in a second tab, still offline: two tabs, one replay ──────────────────────────────
    const secondTab = await context.newPage();
    await secondTab.setViewportSize(DESKTOP);
    await secondTab.goto(runUrl);
    await expect(secondTab.getByTestId('run-pending')).toHaveText(pendingText);
    await expect(secondTab.getByTestId('audit-score').locator('.run-score-value')).toHaveText(offlineScore);
    await expect(contactRow(secondTab).name).toHaveValue(CONTACT.name);

    // ── The network returns: one replay (two tabs, one Web Lock), under the overlay ───────────
    const pages = [reopened, secondTab];
    const log: TWriteLog = { writes: [], events: [] };
    for (const p of pages) recordWrites(p, log);
    for (const p of pages) await watchOverlay(p);
    await context.setOffline(false);
    for (const p of pages) {
      await expect(p.getByTestId('run-pending')).toHaveCount(0, { timeout: 90_000 });
      await expect(p.getByTestId('sync-overlay')).toHaveCount(0, { timeout: 30_000 });
      await expect(p.getByTestId('run-connectivity')).toContainText('En línea');
    }
    const overlay = (await Promise.all(pages.map(overlayTexts))).flat();
    expect(
      overlay.some((text) => /^Sincronizando cambios… \(\d+ de \d+\)$/.test(text)),
      `overlay texts: ${overlay.slice(0, 5).join(' | ')}`,
    ).toBe(true);

    // Each queued record sent once (by one of the two tabs), with its own idempotency key, pending ids
    // as the server's ids; one question's records in the order written, nothing overtaking a record about no question.
    const replayed = log.writes.filter((w) => !w.url.endsWith('/check-score'));
    expect(replayed.filter((w) => !w.key || !/^[0-9a-f-]{36}$/.test(w.key))).toEqual([]);
    expect(replayed).toHaveLength(queued.length);
    const sentByKey = new Map(replayed.map((w) => [w.key, w]));
    expect(sentByKey.size).toBe(queued.length);
    for (const r of queued) {
      const write = sentByKey.get(r.key);
      expect(write, `${r.method} ${r.url} was sent`).toBeTruthy();
      expect(write!.method).toBe(r.method);
      expect(write!.url).toMatch(asSent(r.url));
      expect(write!.url).not.toContain('pending-');
    }
    expectReplayOrder(log, queued);
    expect(log.writes.filter((w) => w.url.endsWith('/check-score')).length).toBeGreaterThanOrEqual(1);
    expect(await readStore(reopened, 'queries')).toEqual([]);

    // ── On the server: every change, once ────────────────────────────────────────────────────
    const after = await server<TAudit>(reopened, 'GET', `/ms-core/api/audits/${auditId}`);
    const byName = new Map(allQuestions(after).map((q) => [q.name, q]));
    for (const { q, label } of selects) {
      const saved = byName.get(q.name)!;
      const wanted = q.select!.options.find((o) => o.label === label)!._id;
      expect(saved.answer?.templateAnswer, q.name).toEqual({ type: 'select', select: [wanted] });
    }
    const pestsSaved = byName.get(PESTS)!;
    expect(pestsSaved.issues).toHaveLength(1);
    expect(pestsSaved.issues[0]).toMatchObject({ name: PESTS_INCIDENCE, selected: true });
    expect(pestsSaved.issues[0]!.tasks.map((t) => t.selected)).toEqual([true, true]);
    expect(pestsSaved.issues[0]!.evidences).toHaveLength(1);
    expect(allQuestions(after).filter((q) => q.name !== PESTS && q.issues.length)).toEqual([]);
    const firstSaved = byName.get(selects[0]!.q.name)!;
    expect(firstSaved.note).toBe(NOTE);
    expect(firstSaved.noteImages).toHaveLength(1);
    expect(
      allQuestions(after)
        .filter((q) => q.note || q.noteImages.length)
        .map((q) => q.name),
    ).toEqual([selects[0]!.q.name]);
    const readingsSaved = byName.get(READINGS)!.answer?.templateAnswer;
    expect(readingsSaved?.type === 'readingRegistry' && readingsSaved.readingRegistry.map((r) => r.value).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      -20, 3.5, 4,
    ]);
    expect(byName.get(COUNT)!.answer?.templateAnswer).toEqual({ type: 'number', number: 3 });
    expect(byName.get(REMARKS)!.answer?.templateAnswer).toEqual({ type: 'paragraph', paragraph: 'Sin incidencias en las cámaras.' });
    expect(after.coverFields.find((f) => f.label === 'Ubicación')?.value).toBe('Sótano -1');
    expect(JSON.parse(after.contactFields.find((f) => f.label === DEMO_CONTACTS)?.value ?? 'null')).toEqual([CONTACT]);

    // The server's score is the one the auditor saw offline; the reloaded screens show it too.
    const score = await server<{ percentage: number | null }>(reopened, 'POST', '/ms-core/api/audits/check-score', { audit: auditId });
    expect(formatScore(score.percentage!)).toBe(offlineScore);
    for (const p of pages) await expect(p.getByTestId('audit-score').locator('.run-score-value')).toHaveText(offlineScore);
    await expect(reopened.locator('.run-sync-failures')).toHaveCount(0);
    await secondTab.close();
  });

  test('a replayed change whose response is lost is sent again with its key, answered as replayed, applied once', async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signInAsAuditor(page);
    await page.goto(`/auditor/audits/run/${auditId}`);
    await expect(page.locator('.run-header')).toContainText('En curso');
    const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    // Questions of "Manipulación de alimentos", answered by the first test: one gets an incidence with
    // a photo (the change whose response is lost), others change their answers before and after it.
    const handling = audit.sections.find((s) => s.title === 'Manipulación de alimentos')!.questions.filter((q) => q.type === 'select');
    const [target, ...others] = handling;
    expect(target!.issues).toEqual([]);
    expect(target!.answer).not.toBeNull();
    const labelOf = (q: TAuditQuestion) => q.select!.options.find((o) => o._id === (q.answer?.templateAnswer as { select: string[] }).select[0])!.label;
    const changed = others.slice(0, 5).map((q) => ({ q, label: labelOf(q) === 'Conforme' ? 'Mejorable' : 'Conforme' }));
    const [beforeIt, afterIt] = [changed.slice(0, 3), changed.slice(3)];
    const theIncidence = target!.incidences[0]!;
    // The copy of the audit on this device is kept from here on (the page was opened online).
    await expect.poll(async () => (await readStore(page, 'copies')).map((a) => a.resource)).toContain(`audit:${auditId}`);

    await context.setOffline(true);
    await expect(page.getByTestId('run-connectivity')).toContainText('Sin conexión');
    const answer = async ({ q, label }: { q: TAuditQuestion; label: string }) => {
      await option(card(page, q.name), label).click();
      await expect(option(card(page, q.name), label)).toHaveAttribute('aria-checked', 'true');
    };
    for (const change of beforeIt) await answer(change);
    // The target fails, gets its incidence and a photo of it, and a note.
    const question = card(page, target!.name);
    await answer({ q: target!, label: 'No conforme' });
    await question.getByRole('button', { name: /Incidencias/ }).click();
    const incidence = question.locator('.run-incidence').filter({ hasText: theIncidence.name });
    await incidence.getByRole('checkbox').first().click();
    await expect(incidence.getByRole('checkbox').first()).toBeChecked();
    await addPicture(page, incidence.getByRole('button', { name: 'Añadir foto' }));
    await expect(incidence.locator('.run-image img')).toHaveCount(1);
    await question.getByRole('button', { name: 'Añadir nota' }).click();
    await question.getByRole('textbox', { name: `Nota de «${target!.name}»` }).fill('Foto de la incidencia tomada sin conexión.');
    await question.getByRole('button', { name: 'Crear' }).click();
    await expect(question.locator('.run-note')).toContainText('Foto de la incidencia tomada sin conexión.');
    for (const change of afterIt) await answer(change);

    await expect.poll(async () => (await readStore(page, 'queries')).length).toBe(beforeIt.length + afterIt.length + 4);
    const queued = await readStore(page, 'queries');
    await expect(page.getByTestId('run-pending')).toHaveText(`${queued.length} cambios pendientes`);
    const offlineScore = await shownScore(page);
    const lost = queued.findIndex((r) => r.method === 'POST' && r.url.endsWith(`/questions/${target!._id}/evidences`));
    expect(lost, 'the photo is queued after the incidence and before the note').toBe(beforeIt.length + 2);

    // The photo's upload reaches the server, which saves it; its response never reaches the browser.
    const seen: { key: string | undefined; status: number; replayed: string | undefined }[] = [];
    await page.route(`**/questions/${target!._id}/evidences`, async (route) => {
      const response = await route.fetch();
      seen.push({ key: route.request().headers()['idempotency-key'], status: response.status(), replayed: response.headers()['idempotency-replayed'] });
      if (seen.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    const answered: { url: string; status: number; replayed: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/questions/${target!._id}/evidences`))
        answered.push({ url: response.url(), status: response.status(), replayed: response.headers()['idempotency-replayed'] });
    });
    const log = recordWrites(page);
    await watchOverlay(page);
    await context.setOffline(false);
    await expect(page.getByTestId('run-pending')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('sync-overlay')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('.run-sync-failures')).toHaveCount(0);

    // Sent twice with the same key: the first applied (its answer lost), the retry answered as replayed.
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.key)).toEqual([queued[lost]!.key, queued[lost]!.key]);
    expect(seen[0]!.status).toBe(seen[1]!.status);
    expect(seen[0]!.status).toBeLessThan(300);
    expect(seen[0]!.replayed).toBeUndefined();
    expect(seen[1]!.replayed).toBe('true');
    expect(answered).toEqual([{ url: expect.stringContaining('/evidences'), status: seen[1]!.status, replayed: 'true' }]);
    // Every other record once, with its key; one question's records in order; nothing queued after
    // the lost one was sent before its retry was answered (the replay stops at a record to retry).
    const replayed = log.writes.filter((w) => !w.url.endsWith('/check-score'));
    const sentKeys = replayed.map((w) => w.key!).sort();
    expect(sentKeys).toEqual([...queued.map((r) => r.key), queued[lost]!.key].sort());
    for (const r of queued)
      expect(
        replayed.find((w) => w.key === r.key),
        r.url,
      ).toMatchObject({ method: r.method, url: expect.stringMatching(asSent(r.url)) });
    expectReplayOrder(log, queued);
    const retried = log.events.map((e, at) => (e.event === 'answered' && e.key === queued[lost]!.key ? at : -1)).reduce((a, b) => Math.max(a, b));
    const sentAt = (key: string) => log.events.findIndex((e) => e.event === 'sent' && e.key === key);
    expect(log.events.filter((e) => e.key === queued[lost]!.key).map((e) => e.event)).toEqual(['sent', 'answered', 'sent', 'answered']);
    expect(
      queued
        .slice(lost + 1)
        .filter((r) => sentAt(r.key) < retried)
        .map((r) => r.url),
    ).toEqual([]);
    expect(await readStore(page, 'queries')).toEqual([]);

    // On the server: the incidence once, one photo, the note, every answer as last given.
    const after = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    const saved = new Map(allQuestions(after).map((q) => [q._id, q]));
    const targetSaved = saved.get(target!._id)!;
    expect(labelOf(targetSaved)).toBe('No conforme');
    expect(targetSaved.issues).toHaveLength(1);
    expect(targetSaved.issues[0]).toMatchObject({ templateIssue: theIncidence._id, selected: true });
    expect(targetSaved.issues[0]!.evidences).toHaveLength(1);
    expect(targetSaved.note).toBe('Foto de la incidencia tomada sin conexión.');
    for (const { q, label } of changed) expect(labelOf(saved.get(q._id)!), q.name).toBe(label);
    const score = await server<{ percentage: number | null }>(page, 'POST', '/ms-core/api/audits/check-score', { audit: auditId });
    expect(formatScore(score.percentage!)).toBe(offlineScore);
    await expect(page.getByTestId('audit-score').locator('.run-score-value')).toHaveText(offlineScore);
    await openIncidences(card(page, target!.name));
    await expect(card(page, target!.name).locator('.run-incidence').filter({ hasText: theIncidence.name }).locator('.run-image img')).toHaveCount(1);
  });

  test('another user’s queued records are discarded, never sent; a refused one is reported', async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signInAsAuditor(page);
    await page.goto(`/auditor/audits/run/${auditId}`);
    await expect(page.locator('.run-header')).toContainText('En curso');
    const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    const section = audit.sections.find((s) => s.type === 'QUESTION')!;
    const [theirs, mine, refused] = [section.questions[2]!, section.questions[3]!, section.questions[4]!];

    // A record left on this device by someone else (another user id), as the app would have stored it (a command, decision 0077).
    const foreign = { auditId, params: { id: auditId, sectionId: section._id, questionId: theirs._id } };
    await page.evaluate(
      ({ auditId: id, params }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('RunAudit');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('queries', 'readwrite');
            const key = crypto.randomUUID();
            tx.objectStore('queries').add({
              resource: `audit:${id}`,
              auditId: id,
              user: '00000000-0000-4000-8000-00000000dead',
              createdAt: new Date().toISOString(),
              command: { call: 'audits.setNote', params, body: { note: 'Nota de otro usuario' } },
              idempotencyKey: key,
              attempts: 0,
              nextAttemptAt: 0,
              lastError: null,
              creates: null,
            });
            tx.oncomplete = () => (open.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
      foreign,
    );
    const { writes } = recordWrites(page);

    // Offline, a change of this user's own; back online, the replay sends it and drops the other.
    await context.setOffline(true);
    const own = card(page, mine.name);
    await own.getByRole('button', { name: 'Añadir nota' }).click();
    await own.getByRole('textbox', { name: `Nota de «${mine.name}»` }).fill('Nota propia');
    await own.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByTestId('run-pending')).toHaveText('1 cambio pendiente');
    // And one the server will refuse when it is replayed (as if the audit had been finished meanwhile).
    const other = card(page, refused.name);
    await other.getByRole('button', { name: 'Añadir nota' }).click();
    await other.getByRole('textbox', { name: `Nota de «${refused.name}»` }).fill('Nota rechazada');
    await other.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByTestId('run-pending')).toHaveText('2 cambios pendientes');
    await page.route(`**/questions/${refused._id}/note`, (route) =>
      route.fulfill({ status: 409, json: { name: 'BADREQUESTERROR', reference: 'AUD0002', message: 'not running' } }),
    );
    await context.setOffline(false);
    await expect(page.getByTestId('run-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('sync-overlay')).toHaveCount(0);

    // The refusal is not dropped silently: what was lost and why, in the user's language.
    const failures = page.locator('.run-sync-failures');
    await expect(failures).toContainText('Algunos cambios no se pudieron guardar');
    // It names the question and its section, and leads to the question.
    await expect(failures).toContainText(`Nota de «${refused.name}», en «${section.title}»: El estado de la auditoría no permite esta acción.`);
    await expect(card(page, refused.name).locator('.run-note')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await failures.getByRole('link', { name: `Nota de «${refused.name}», en «${section.title}»` }).click();
    await expect(card(page, refused.name)).toBeFocused();
    await expect(card(page, refused.name)).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: screenshotPath('audit-run-sync-failures-desktop') });
    await failures.getByRole('button', { name: 'Entendido' }).click();
    await expect(failures).toHaveCount(0);
    expect(await readStore(page, 'failures')).toEqual([]);

    expect(writes.filter((w) => w.body?.includes('Nota de otro usuario'))).toEqual([]);
    expect(writes.some((w) => w.method === 'PATCH' && w.body?.includes('Nota propia'))).toBe(true);
    expect(await readStore(page, 'queries')).toEqual([]);
    const saved = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    const questions = new Map(saved.sections.flatMap((s) => s.questions).map((q) => [q._id, q]));
    expect(questions.get(theirs._id)!.note).toBe(theirs.note);
    expect(questions.get(mine._id)!.note).toBe('Nota propia');
  });
});
