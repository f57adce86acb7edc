import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { testConfig, type TTestApp } from '../../test/harness.js';
import { startOwnPostgres, type TOwnPostgres } from '../../test/own-postgres.js';
import { startRealServer } from '../../test/real-server.js';
import { openDatabase, type TDatabaseHandle } from '../db.js';

/**
 * Issue 27, item 2: a crash between a keyed write's commit and its answer leaves no key stuck. A real
 * server process (apps/server/src/main.ts) is killed by the test-only failpoint the moment the
 * answer's transaction has committed; a new process then gets the same request (same key) and must
 * answer with the first response, the answer saved once. Before, the response was stored by a second
 * statement after the commit, and every retry answered 409 IDEM0001 for the key's seven days.
 */
const secret = randomBytes(32).toString('hex');
let own: TOwnPostgres;
let handle: TDatabaseHandle;
let app: FastifyInstance;
let f: TAuditTenant;
const dataDir = mkdtempSync(join(tmpdir(), 'crash-test-'));

beforeAll(async () => {
  own = await startOwnPostgres();
  handle = await openDatabase(own.url);
  app = await buildApp({ config: testConfig({ JWT_SECRET: secret }), db: handle.db, listen: handle.listen, logger: false });
  await app.ready();
  const t: TTestApp = { app, db: handle.db, kind: 'postgres', url: own.url, close: async () => undefined };
  f = await auditTenant(t, 'crash');
}, 300_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
  own?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real server as production runs it (from source), on the test's database and secret. */
const startServer = (env: Record<string, string> = {}) => startRealServer({ DATABASE_URL: own.url, JWT_SECRET: secret, DATA_DIR: dataDir, ...env });

describe('a crash right after a keyed answer commits', () => {
  it('leaves no key stuck: the retry on a new process gets the first response, and the answer is saved once', async () => {
    const { id, ids } = await runningAudit(f);
    const key = randomUUID();
    const path = `${AUDITS}/${id}/answer/add`;
    const body = JSON.stringify({ section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) });
    const send = (base: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.auditorToken}`, 'content-type': 'application/json', 'idempotency-key': key },
        body,
      });

    const doomed = await startServer({ AUDIT_TEST_FAILPOINT: 'kill-after-commit' });
    // The process dies before it answers: the device never learns the write happened.
    await expect(send(doomed.base)).rejects.toThrow();
    expect(await doomed.exited).toBe('SIGKILL');

    const next = await startServer();
    try {
      const retry = await send(next.base);
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotency-replayed')).toBe('true');
      const answer = await retry.json();
      expect(answer).toMatchObject({ question: ids.floors, failed: true, templateAnswer: { select: [f.tpl.options.no] } });
      // Once: the audit holds that one answer, and a third attempt answers the same.
      const audit = (await f.auditor.get(`${AUDITS}/${id}`)).body;
      const answered = audit.sections.flatMap((s: { questions: { answer: unknown }[] }) => s.questions).filter((q: { answer: unknown }) => q.answer);
      expect(answered.map((q: { answer: { _id: string } }) => q.answer._id)).toEqual([answer._id]);
      expect(await (await send(next.base)).json()).toEqual(answer);
    } finally {
      next.child.kill('SIGKILL');
      await next.exited;
    }
  }, 300_000);

  it('leaves no key stuck on a write the offline queue replays whose response was stored after the commit (the contacts of the cover)', async () => {
    const { id, ids } = await runningAudit(f);
    const key = randomUUID();
    const path = `${AUDITS}/${id}/contact-field/update`;
    const responsible = ids.contactFields.find((c: { label: string }) => c.label === 'Responsable')!._id;
    const body = JSON.stringify({ contactFields: [{ _id: responsible, value: 'Marta Ruiz' }] });
    const send = (base: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.auditorToken}`, 'content-type': 'application/json', 'idempotency-key': key },
        body,
      });

    const doomed = await startServer({ AUDIT_TEST_FAILPOINT: 'kill-after-commit' });
    await expect(send(doomed.base)).rejects.toThrow();
    expect(await doomed.exited).toBe('SIGKILL');

    const next = await startServer();
    try {
      // Before decision 0090 this answered 409 IDEM0001 until the key's purge, seven days later.
      const retry = await send(next.base);
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotency-replayed')).toBe('true');
      const fields = (await retry.json()) as { _id: string; value: string | null }[];
      expect(fields.find((c) => c._id === responsible)).toMatchObject({ value: 'Marta Ruiz' });
      const again = await send(next.base);
      expect(await again.text()).toBe(JSON.stringify(fields)); // the stored text, as sent the first time
    } finally {
      next.child.kill('SIGKILL');
      await next.exited;
    }
  }, 300_000);
});
