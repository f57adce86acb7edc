import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { todayInZone } from '@audit/domain/dates';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { signIn } from '../../test/factories.js';
import { testConfig, type TTestApp } from '../../test/harness.js';
import { finishedAuditWithIncidents, ISSUES } from '../../test/incidents.js';
import { cameraJpeg, multipartBody } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';
import { REG, registerFixture } from '../../modules/registers/test/fixture.js';
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
let t: TTestApp;
let f: TAuditTenant;
const dataDir = mkdtempSync(join(tmpdir(), 'crash-test-'));

beforeAll(async () => {
  own = await startOwnPostgres();
  handle = await openDatabase(own.url);
  app = await buildApp({ config: testConfig({ JWT_SECRET: secret }), db: handle.db, listen: handle.listen, logger: false });
  await app.ready();
  t = { app, db: handle.db, kind: 'postgres', url: own.url, close: async () => undefined };
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

/**
 * Decision 0093: the other writes the web sends keyed store their answer with their key too. Each is
 * sent to a server that dies the moment its write commits, then to a live one with the same key:
 * answered with the first response (replayed), the write made once. Before, each answered 409.
 */
describe('a crash right after a keyed write of the offline queue commits', () => {
  let live: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    live = await startServer();
  }, 300_000);
  afterAll(async () => {
    live?.child.kill('SIGKILL');
    await live?.exited;
  });

  const count = async (query: ReturnType<typeof sql>) => (await handle.db.execute<{ n: number }>(query)).rows[0]!.n;

  /** One keyed request: JSON, multipart (`form`) or none, as a device sends it. */
  const keyed = (token: string, method: string, path: string, body?: unknown, form?: ReturnType<typeof multipartBody>) => {
    const key = randomUUID();
    const json = body === undefined ? {} : { 'content-type': 'application/json' };
    return (base: string) =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, ...json, ...form?.headers },
        body: form ? new Uint8Array(form.payload) : body === undefined ? undefined : JSON.stringify(body),
      });
  };

  /** Sent to a server killed at the failpoint, then to the live one: the retry is replayed, and a third attempt answers the same text. */
  async function crashThenRetry(send: (base: string) => Promise<Response>) {
    const doomed = await startServer({ AUDIT_TEST_FAILPOINT: 'kill-after-commit' });
    await expect(send(doomed.base)).rejects.toThrow();
    expect(await doomed.exited).toBe('SIGKILL');
    const retry = await send(live.base);
    expect(retry.status).toBeLessThan(300);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    const text = await retry.text();
    expect(await (await send(live.base)).text()).toBe(text);
    return { status: retry.status, body: text ? JSON.parse(text) : null };
  }

  it('a photo of an issue (multipart) and its removal (DELETE, 204)', async () => {
    const { id, ids } = await runningAudit(f);
    const q = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }));
    await expectOk(f.auditor.patch(`${q}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
    const form = multipartBody({ buffer: await cameraJpeg(640, 480), filename: 'foto.jpg', contentType: 'image/jpeg' }, { issue: f.tpl.incidences.dirt._id });
    const added = await crashThenRetry(keyed(f.auditorToken, 'POST', `${q}/evidences`, undefined, form));
    expect(added).toMatchObject({ status: 200, body: { type: 'photo' } });
    expect(await count(sql`select count(*)::int as n from audit_media where audit_id = ${id}`)).toBe(1);
    // The bytes were stored before the row committed: the replayed address serves them.
    expect((await fetch(`${live.base}${added.body.url}`)).status).toBe(200);

    const removed = await crashThenRetry(keyed(f.auditorToken, 'DELETE', `${q}/evidences/${added.body._id}`));
    expect(removed).toEqual({ status: 204, body: null });
    expect(await count(sql`select count(*)::int as n from audit_media where audit_id = ${id}`)).toBe(0);
  }, 600_000);

  it("a register's take", async () => {
    const r = await registerFixture(t, 'crash-take');
    const take = { date: todayInZone('Europe/Madrid'), facilities: [{ _id: r.areas[0], values: [{ param: r.temperature, value: '3,5' }] }] };
    const saved = await crashThenRetry(keyed(r.adminToken, 'POST', `${REG}/${r.register}/answer/add`, take));
    expect(saved.status).toBe(200);
    expect(saved.body).toHaveLength(1);
    expect(saved.body[0]).toMatchObject({ facility: r.areas[0], enteredBy: { name: expect.any(String) } });
    expect(await count(sql`select count(*)::int as n from register_logs where register_id = ${r.register}`)).toBe(1);
  }, 600_000);

  it("an incident's comment", async () => {
    const audit = await finishedAuditWithIncidents(t, f);
    const clientToken = (await signIn(app, f.tenant.clientUser.email)).session.accessToken;
    const comments = await crashThenRetry(keyed(clientToken, 'POST', `${ISSUES}/${audit.dirt._id}/comments`, { text: 'Limpio mañana' }));
    expect(comments.status).toBe(200);
    expect(comments.body.map((c: { text: string }) => c.text)).toEqual(['Limpio mañana']);
    expect(await count(sql`select count(*)::int as n from incident_comments where incident_id = ${audit.dirt._id}`)).toBe(1);
  }, 600_000);
});
