import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import type { TAudit, TAuditQuestion } from '@audit/domain/audits';
import { screenshotPath, settled, signInToShell } from './helpers';

/**
 * The offline write queue of the run view (docs/decisions/0012-offline-queue.md): the demo
 * auditor starts the demo draft online, loses the network, keeps working (answers, an incidence
 * with its tasks and a photo, a note with a picture, cover and contact fields), opens the audit
 * again in a new tab with no network, and when the network returns every change reaches the
 * server once, under the synchronising overlay; another user's queued records are never sent.
 */
const HYGIENE = 'Auditoría de higiene alimentaria';
const VALENCIA = 'Hotel Mar Azul Valencia';
const PESTS = '¿Se aplica el plan de control de plagas y está documentado?';
const PESTS_INCIDENCE = 'Plan de plagas sin documentar';
const READINGS = 'Temperaturas de cámaras y congeladores';
const COUNT = 'Número de cámaras frigoríficas';
const REMARKS = 'Observaciones sobre el control de temperaturas';
const NOTE = 'Revisar el desagüe del sótano.';
const DESKTOP = { width: 1366, height: 900 };

async function signInAsAuditor(page: Page): Promise<string> {
  const me = page.waitForResponse((r) => r.url().endsWith('/ms-core/api/users/me') && r.ok());
  await signInToShell(page, 'auditor@demo.test');
  return ((await (await me).json()) as { _id: string })._id;
}

/** The test's own reads of the server (APIRequestContext: not affected by the page's offline mode). */
async function server<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`, 'client-date': new Date().toISOString() };
  const response = await page.request.fetch(path, { method, headers, data });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** What a store of the RunAudit database holds (blobs left out). */
const readStore = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<{ user: string; url: string; method: string; auditId: string }[]>((resolve, reject) => {
        const open = indexedDB.open('RunAudit', 2);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.map((r: { user: string; auditId: string; request?: { url: string; method: string } }) => ({ user: r.user, auditId: r.auditId, url: r.request?.url ?? '', method: r.request?.method ?? '' })));
          };
        };
      }),
    store,
  );

/** A question card by its title. */
const card = (page: Page, name: string) => page.locator('.run-question').filter({ has: page.getByRole('heading', { name }) });
const option = (question: Locator, label: string) => question.getByRole('radio', { name: label, exact: true });

/** A PNG made in the page (a coloured rectangle), for the file pickers. */
const picture = async (page: Page) =>
  Buffer.from(
    await page.evaluate(() => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2f54eb';
      context.fillRect(0, 0, 640, 480);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }),
    'base64',
  );

async function addPicture(page: Page, button: Locator) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await picture(page) });
}

/** Records whether the synchronising overlay showed, and its text (it may come and go between two polls). */
const watchOverlay = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __overlay: string[] }).__overlay = seen;
    new MutationObserver(() => {
      const overlay = document.querySelector('[data-testid="sync-overlay"]');
      if (overlay?.textContent) seen.push(overlay.textContent);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
const overlayTexts = (page: Page) => page.evaluate(() => (window as unknown as { __overlay: string[] }).__overlay);

/** Every write of the run view the page sends, with its idempotency key. */
function recordWrites(page: Page) {
  const writes: { method: string; url: string; key: string | undefined; body: string | null }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' || !request.url().includes('/ms-core/api/audits/')) return;
    writes.push({ method: request.method(), url: new URL(request.url()).pathname, key: request.headers()['idempotency-key'], body: request.postData() });
  });
  return writes;
}

/** The answers to give: label per select question; the first is changed, the second cleared and answered again. */
function plan(questions: TAuditQuestion[]) {
  return questions.map((q, i) => ({ q, label: q.name === PESTS ? 'No conforme' : i % 4 === 1 ? 'Mejorable' : 'Conforme' }));
}

test.describe.serial('offline run view', () => {
  let auditId = '';
  let me = '';

  test('changes made offline are kept, survive a new tab and reach the server once when the network returns', async ({ page, context }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    me = await signInAsAuditor(page);

    // The demo draft of the auditor, started from the audits list online.
    const audits = await server<TAudit[]>(page, 'POST', '/ms-core/api/audits/search', { size: 50, page: 0, filters: [{ field: 'auditor', operator: 'eq', value: me }] });
    const draft = audits.find((a) => a.status === 'draft' && a.establishment.name === VALENCIA && a.template.name === HYGIENE);
    expect(draft, 'the demo data holds a draft of auditor@demo.test at Hotel Mar Azul Valencia').toBeTruthy();
    auditId = draft!._id;
    await page.goto('/auditor/audits');
    await page.getByTestId('list-filters').click();
    await page.locator('.ant-drawer-open').getByLabel('Borrador').click();
    await page.getByTestId('filters-apply').click();
    await page.locator('.ant-table-row').filter({ hasText: VALENCIA }).filter({ has: page.getByTestId('audit-status').filter({ hasText: 'Borrador' }) }).first().click();
    await expect(page.getByTestId('audit-preview')).toContainText(VALENCIA);
    await page.getByTestId('audit-start').click();
    await expect(page).toHaveURL(new RegExp(`/auditor/audits/run/${auditId}$`));
    await expect(page.locator('.run-header')).toContainText('En curso');
    const runUrl = page.url();
    const started = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    const selects = plan(started.sections.filter((s) => s.type === 'QUESTION').flatMap((s) => s.questions.filter((q) => q.type === 'select')));
    expect(selects.length).toBeGreaterThan(10);

    // Opening it kept the audit on the device (the `audits` store), for opening it again offline.
    await expect.poll(async () => (await readStore(page, 'audits')).map((a) => a.auditId)).toContain(auditId);
    // The service worker (apps/web/src/sw) keeps the app itself for a new tab opened offline.
    const hasWorker = await page
      .waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 })
      .then(() => true, () => false);
    console.info(`[offline] service worker controls the page: ${hasWorker}`);
    const writes = recordWrites(page);

    // ── Offline: everything keeps working and waits in the queue ──────────────────────────────
    await context.setOffline(true);
    const connectivity = page.getByTestId('run-connectivity');
    await expect(connectivity).toContainText('Sin conexión');

    const [first, second] = [card(page, selects[0]!.q.name), card(page, selects[1]!.q.name)];
    await option(first, 'No conforme').click();
    await expect(option(first, 'No conforme')).toHaveAttribute('aria-checked', 'true');
    await option(second, 'Conforme').click();
    await second.getByRole('button', { name: `Borrar la respuesta de «${selects[1]!.q.name}»` }).click();
    await expect(option(second, 'Conforme')).toHaveAttribute('aria-checked', 'false');
    for (const { q, label } of selects) {
      await option(card(page, q.name), label).click();
      await expect(option(card(page, q.name), label)).toHaveAttribute('aria-checked', 'true');
    }

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

    // Readings (a failed save offline keeps the value typed), a number, a paragraph, cover and contacts.
    const readings = card(page, READINGS);
    for (const [label, value] of [['Cámara 1 · Refrigeración', '3,5'], ['Cámara 2 · Refrigeración', '4'], ['Congelador · Congelación', '-20']] as const) {
      await readings.getByLabel(label).fill(value);
      await readings.getByLabel(label).press('Enter');
    }
    await page.getByLabel(COUNT, { exact: true }).fill('3');
    await page.getByLabel(COUNT, { exact: true }).press('Enter');
    await page.getByLabel(REMARKS, { exact: true }).fill('Sin incidencias en las cámaras.');
    await page.getByLabel(REMARKS, { exact: true }).press('Tab');
    await page.getByLabel('Ubicación').fill('Sótano -1');
    await page.getByLabel('Ubicación').press('Enter');
    await page.getByLabel('Nombre del responsable').fill('Marta Ruiz');
    await page.getByLabel('Nombre del responsable').press('Enter');

    await expect(readings.getByLabel('Cámara 1 · Refrigeración')).toHaveValue('3,5');
    await expect(page.getByTestId('run-pending')).toHaveText(/^\d+ cambios pendientes$/);
    await expect(page.getByRole('button', { name: 'Finalizar' })).toBeDisabled();
    const pendingText = (await page.getByTestId('run-pending').innerText()).trim();
    const offlineScore = (await page.getByTestId('audit-score').locator('.run-score-value').innerText()).trim();
    expect(offlineScore).not.toBe('—');
    // Leaving now would be asked about (the queue is not empty and there is no network).
    expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(true);
    await settled(page);
    await page.screenshot({ path: screenshotPath('audit-run-offline-desktop') });

    // Nothing of it reached the server; the queue holds it, for this user, in order.
    expect(writes).toEqual([]);
    const before = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
    const allQuestions = (a: TAudit) => a.sections.flatMap((s) => s.questions);
    expect(allQuestions(before).filter((q) => q.answer || q.note || q.issues.length || q.noteImages.length)).toEqual([]);
    expect(before.coverFields.find((f) => f.label === 'Ubicación')?.value ?? null).toBeNull();
    const queued = await readStore(page, 'queries');
    expect(queued.length).toBeGreaterThan(selects.length);
    expect(new Set(queued.map((r) => r.user))).toEqual(new Set([me]));
    expect(pendingText).toBe(`${queued.length} cambios pendientes`);

    // ── A new tab opened with no network shows the same audit, changes included ─────────────────
    let secondTab: Page | null = null;
    if (hasWorker) {
      secondTab = await context.newPage();
      await secondTab.setViewportSize(DESKTOP);
      await secondTab.goto(runUrl);
      await expect(secondTab.getByTestId('run-connectivity')).toContainText('Sin conexión');
      await expect(secondTab.locator('.run-local-copy')).toContainText('se muestra la copia guardada en este dispositivo');
      await expect(option(card(secondTab, selects[0]!.q.name), selects[0]!.label)).toHaveAttribute('aria-checked', 'true');
      await expect(option(card(secondTab, PESTS), 'No conforme')).toHaveAttribute('aria-checked', 'true');
      await expect(card(secondTab, selects[0]!.q.name).locator('.run-note')).toContainText(NOTE);
      await expect(card(secondTab, selects[0]!.q.name).locator('.run-image img')).toHaveCount(1);
      await expect(secondTab.getByLabel('Ubicación')).toHaveValue('Sótano -1');
      await expect(secondTab.getByTestId('run-pending')).toHaveText(pendingText);
      await expect(secondTab.getByTestId('audit-score').locator('.run-score-value')).toHaveText(offlineScore);
    } else {
      test.info().annotations.push({ type: 'skipped step', description: 'no service worker controls the page: the new offline tab was not opened' });
    }

    // ── The network returns: one replay (two tabs, one Web Lock), under the overlay ───────────
    const pages = secondTab ? [page, secondTab] : [page];
    const allWrites = [writes, ...(secondTab ? [recordWrites(secondTab)] : [])];
    for (const p of pages) await watchOverlay(p);
    await context.setOffline(false);
    for (const p of pages) {
      await expect(p.getByTestId('run-pending')).toHaveCount(0, { timeout: 60_000 });
      await expect(p.getByTestId('sync-overlay')).toHaveCount(0, { timeout: 30_000 });
      await expect(p.getByTestId('run-connectivity')).toContainText('En línea');
    }
    const overlay = (await Promise.all(pages.map(overlayTexts))).flat();
    expect(overlay.some((text) => /^Sincronizando cambios… \(\d+ de \d+\)$/.test(text)), `overlay texts: ${overlay.join(' | ')}`).toBe(true);

    // Each queued record sent once, with its own idempotency key, in the order written.
    const sent = allWrites.flat();
    const replayed = sent.filter((w) => !w.url.endsWith('/check-score'));
    expect(replayed.filter((w) => !w.key || !/^[0-9a-f-]{36}$/.test(w.key))).toEqual([]);
    // Pending ids in the queued URLs went out as the server's ids.
    const asSent = (url: string) => new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/pending-[0-9a-f-]{36}/g, '[0-9a-f-]{36}')}$`);
    expect(replayed).toHaveLength(queued.length);
    queued.forEach((r, i) => {
      expect(replayed[i]!.method).toBe(r.method);
      expect(replayed[i]!.url).toMatch(asSent(r.url));
      expect(replayed[i]!.url).not.toContain('pending-');
    });
    expect(new Set(replayed.map((w) => w.key)).size).toBe(queued.length);
    expect(sent.filter((w) => w.url.endsWith('/check-score')).length).toBeGreaterThanOrEqual(1);
    expect(await readStore(page, 'queries')).toEqual([]);

    // ── On the server: every change, once ────────────────────────────────────────────────────
    const after = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
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
    const firstSaved = byName.get(selects[0]!.q.name)!;
    expect(firstSaved.note).toBe(NOTE);
    expect(firstSaved.noteImages).toHaveLength(1);
    const readingsSaved = byName.get(READINGS)!.answer?.templateAnswer;
    expect(readingsSaved?.type === 'readingRegistry' && readingsSaved.readingRegistry.map((r) => r.value).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([-20, 3.5, 4]);
    expect(byName.get(COUNT)!.answer?.templateAnswer).toEqual({ type: 'number', number: 3 });
    expect(byName.get(REMARKS)!.answer?.templateAnswer).toEqual({ type: 'paragraph', paragraph: 'Sin incidencias en las cámaras.' });
    expect(after.coverFields.find((f) => f.label === 'Ubicación')?.value).toBe('Sótano -1');
    expect(after.contactFields.find((f) => f.label === 'Nombre del responsable')?.value).toBe('Marta Ruiz');

    // The server's score is the one the auditor saw offline; the reloaded screen shows it too.
    const score = await server<{ percentage: number | null }>(page, 'POST', '/ms-core/api/audits/check-score', { audit: auditId });
    const formatted = `${new Intl.NumberFormat('es', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(score.percentage!)} %`;
    expect(formatted).toBe(offlineScore);
    await expect(page.getByTestId('audit-score').locator('.run-score-value')).toHaveText(offlineScore);
    await expect(page.locator('.run-sync-failures')).toHaveCount(0);
    await secondTab?.close();
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

    // A record left on this device by someone else (another user id), as the app would have stored it.
    const foreign = `/ms-core/api/audits/${auditId}/sections/${section._id}/questions/${theirs._id}/note`;
    await page.evaluate(
      (url) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('RunAudit', 2);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('queries', 'readwrite');
            const key = crypto.randomUUID();
            tx.objectStore('queries').add({
              auditId: url.split('/')[4], user: '00000000-0000-4000-8000-00000000dead', createdAt: new Date().toISOString(),
              request: { method: 'PATCH', url, data: { note: 'Nota de otro usuario' }, blob: false, headers: { 'Idempotency-Key': key } },
              idempotencyKey: key, attempts: 0, nextAttemptAt: 0, lastError: null, creates: null,
            });
            tx.oncomplete = () => (open.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
      foreign,
    );
    const writes = recordWrites(page);

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
    await page.route(`**/questions/${refused._id}/note`, (route) => route.fulfill({ status: 409, json: { name: 'BADREQUESTERROR', reference: 'AUD0002', message: 'not running' } }));
    await context.setOffline(false);
    await expect(page.getByTestId('run-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('sync-overlay')).toHaveCount(0);

    // The refusal is not dropped silently: what was lost and why, in the user's language.
    const failures = page.locator('.run-sync-failures');
    await expect(failures).toContainText('Algunos cambios no se pudieron guardar');
    await expect(failures).toContainText(`Nota de «${refused.name}»: El estado de la auditoría no permite esta acción.`);
    await expect(card(page, refused.name).locator('.run-note')).toHaveCount(0);
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
