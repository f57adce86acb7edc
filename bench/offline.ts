import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';
import { apiOf, referencesFor, seedBigTemplate } from './audits.js';
import { startServer } from './lib.js';

/**
 * Replay of the offline queue (issue 5: 500 queued changes under 15 s): the built app in headless
 * Chromium on a running 300-question audit; offline, 500 answer changes are put in the RunAudit
 * queue (each question once, then 200 of them again with another option); back online, the time
 * until the queue is empty, the score checked and the run view reloaded (the overlay gone). Then
 * the server must hold one answer per question with the last value queued.
 */
type TJson = Record<string, any>;
const CHANGES = 500;

export async function benchOffline(engine: 'pglite' | 'postgres') {
  const dist = new URL('../apps/web/dist/index.html', import.meta.url);
  if (!existsSync(dist)) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
  const server = await startServer(engine, { serveWeb: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const templateId = await seedBigTemplate(server.db);
    const api = apiOf(server.base);
    const token = await api.signin('auditor@demo.test');
    const refs = await referencesFor(server.db);
    const created = await api.call(token, 'POST', '/ms-core/api/audits', {
      client: refs.client,
      establishment: refs.establishment,
      service: refs.service,
      template: templateId,
      auditor: refs.auditor,
      startDate: '2026-11-02',
      date: ['2026-11-02', '2026-11-03'],
    });
    const audit = await api.call(token, 'PATCH', `/ms-core/api/audits/${created._id}/execute?use_previous=false`);
    const questions = (audit.sections as TJson[]).flatMap((s) => (s.questions as TJson[]).filter((q) => q.type === 'select').map((q) => ({ s, q })));
    const changes = Array.from({ length: CHANGES }, (_, i) => {
      const { s, q } = questions[i % questions.length]!;
      const option = q.select.options[i < questions.length ? 0 : 1]._id;
      return {
        url: `/ms-core/api/audits/${audit._id}/answer/add`,
        data: { section: s._id, question: q._id, templateAnswer: { type: 'select', select: [option] } },
      };
    });

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-ES', baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/correo electrónico o usuario/i).fill('auditor@demo.test');
    await page.getByLabel(/^contraseña$/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^entrar$/i }).click();
    await page.getByTestId('menu-toggle').waitFor();
    await page.goto(`/auditor/audits/run/${audit._id}`);
    await page.getByTestId('run-connectivity').waitFor();

    await context.setOffline(true);
    await page.getByTestId('run-connectivity').filter({ hasText: 'Sin conexión' }).waitFor();
    const user = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const records = changes.map(({ url, data }) => {
      const key = randomUUID();
      return {
        auditId: audit._id,
        user,
        createdAt: new Date().toISOString(),
        request: { method: 'POST', url, data, blob: false, headers: { 'Idempotency-Key': key } },
        idempotencyKey: key,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        creates: null,
      };
    });
    await page.evaluate(
      (rows) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('RunAudit', 2);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('queries', 'readwrite');
            for (const row of rows) tx.objectStore('queries').add(row);
            tx.oncomplete = () => (open.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
      records,
    );
    const queued = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('RunAudit', 2);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('queries').objectStore('queries').count();
              count.onsuccess = () => (open.result.close(), resolve(count.result));
            };
          }),
      );
    if ((await queued()) !== CHANGES) throw new Error(`expected ${CHANGES} queued records, found ${await queued()}`);

    const t0 = performance.now();
    await context.setOffline(false);
    await page
      .getByTestId('sync-overlay')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    while ((await queued()) > 0) {
      if (performance.now() - t0 > 120_000) throw new Error('replay not done after 120 s');
      await page.waitForTimeout(50);
    }
    const queueEmptyMs = performance.now() - t0;
    await page.getByTestId('sync-overlay').waitFor({ state: 'detached', timeout: 60_000 });
    const replayMs = performance.now() - t0;

    const check = await unsafeUnscoped(
      server.db,
      async (tx) =>
        (
          await tx.execute<{ answers: number; second: number; duplicates: number }>(sql`
      select count(*)::int as answers,
        count(*) filter (where template_answer->'select'->>0 = any(${`{${questions.map(({ q }) => q.select.options[1]._id).join(',')}}`}::text[]))::int as second,
        (select count(*)::int from (select question_id from audit_answers where audit_id = ${audit._id} group by question_id having count(*) > 1) d) as duplicates
      from audit_answers where audit_id = ${audit._id}`)
        ).rows[0]!,
    );
    const expectedSecond = CHANGES - questions.length;
    if (check.answers !== questions.length || check.second !== expectedSecond || check.duplicates !== 0)
      throw new Error(`replay lost or doubled changes: ${JSON.stringify(check)}`);
    return {
      offline_replay_500: {
        changes: CHANGES,
        queueEmptyMs: Math.round(queueEmptyMs),
        replayWithReloadMs: Math.round(replayMs),
        perSecond: Math.round((CHANGES * 1000) / queueEmptyMs),
        answers: check.answers,
        duplicates: check.duplicates,
      },
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
