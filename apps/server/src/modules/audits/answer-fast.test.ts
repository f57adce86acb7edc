import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { forgetQuestions } from './answer-fast.js';

/**
 * Once the server knows a question (it read the audit, or saved an answer to it), an answer is one
 * checked upsert (answer-fast.ts). Every rule that can change must still hold: these run each check
 * with the question known, so they go through the one-statement path first.
 */
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audf');
});
afterAll(() => t.close());

async function knownQuestion() {
  const { id, ids } = await runningAudit(f);
  const url = `${AUDITS}/${id}/answer/add`;
  const body = { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) };
  const first = await f.auditor.post(url, body);
  expect(first.status).toBe(200);
  return { id, ids, url, body, answerId: first.body._id as string };
}

describe('answers to a question this server has not seen', () => {
  it('take the full path and save the same answer (as on a second server instance)', async () => {
    const { id, ids } = await runningAudit(f);
    forgetQuestions();
    const body = { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) };
    const saved = await f.auditor.post(`${AUDITS}/${id}/answer/add`, body);
    expect(saved.body).toMatchObject({ question: ids.floors, score: 0, failed: true, templateAnswer: { select: [f.tpl.options.no] } });
    forgetQuestions();
    expect((await f.auditor.post(`${AUDITS}/${id}/answer/add`, { ...body, section: ids.records })).body.fields).toEqual(['section']);
  });
});

describe('answers to a known question', () => {
  it('update the one answer, with the score and failure of the new option', async () => {
    const { url, body, answerId } = await knownQuestion();
    const again = await f.auditor.post(url, { ...body, templateAnswer: select(f.tpl.options.no) });
    expect(again.body).toMatchObject({ _id: answerId, score: 0, failed: true, templateAnswer: { select: [f.tpl.options.no] } });
  });

  it('still refuse another auditor (494), another tenant (404), the wrong section and a bad option (400)', async () => {
    const { ids, url, body } = await knownQuestion();
    const other = await addUser(t.db, {
      email: `fast.${f.tenant.tag}@example.com`,
      firstName: 'Otro',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    expect((await (await signIn(t.app, other.email)).api.post(url, body)).body.reference).toBe('494');
    const elsewhere = await auditTenant(t, 'audg');
    expect((await elsewhere.auditor.post(url, body)).status).toBe(404);
    expect((await f.auditor.post(url, { ...body, section: ids.records })).body.fields).toEqual(['section']);
    expect((await f.auditor.post(url, { ...body, templateAnswer: select(f.tpl.pestsOptions[0]!) })).body.fields).toEqual(['templateAnswer.select']);
    expect(
      (await f.auditor.post(url, { ...body, question: ids.pests, section: ids.facilities, templateAnswer: select(f.tpl.options.yes) })).body.fields,
    ).toEqual(['templateAnswer.select']);
  });

  it('still refuse an audit that stopped running (AUD0002) and an answer of another question', async () => {
    const { id, ids, body, answerId } = await knownQuestion();
    const pests = await f.auditor.post(`${AUDITS}/${id}/answer/add`, {
      section: ids.facilities,
      question: ids.pests,
      templateAnswer: select(f.tpl.pestsOptions[0]!),
    });
    expect((await f.auditor.patch(`${AUDITS}/${id}/answer/${pests.body._id}/update`, body)).body.fields).toEqual(['question']);
    expect((await f.auditor.patch(`${AUDITS}/${id}/answer/${answerId}/update`, body)).status).toBe(200);
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audits set status = 'finished' where id = ${id}`));
    expect((await f.auditor.post(`${AUDITS}/${id}/answer/add`, body)).body.reference).toBe('AUD0002');
  });
});

/** Runs statements one after another on one database connection (outside any transaction). */
async function onOneConnection<T>(work: (query: (text: string, values?: unknown[]) => Promise<any[]>) => Promise<T>): Promise<T> {
  const client = (t.db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      return await work(async (text, values) => (await connection.query(text, values)).rows);
    } finally {
      connection.release();
    }
  }
  return work(async (text, values) => (await (client as PGlite).query(text, values)).rows);
}

describe('the one-call answer (audit_answer_fast outside a transaction)', () => {
  const call = 'select * from audit_answer_fast($1, $2, false, $3, $4, $5, $6, null, $7::jsonb, 10, false)';
  const state =
    "select current_user::text as role, coalesce(current_setting('app.space_path', true), '') as path, coalesce(current_setting('app.user_id', true), '') as usr";

  it('saves with its author and leaves neither the tenant role nor the scope on the connection, after a success or an error', async () => {
    const { id, ids } = await runningAudit(f);
    const owner = (await onOneConnection((q) => q(state)))[0].role as string;
    expect(owner).not.toBe('audit_app');
    await onOneConnection(async (q) => {
      const args = [f.tenant.root.path, f.tenant.auditor.id, '{running}', id, ids.facilities, ids.floors];
      const [saved] = await q(call, [...args, JSON.stringify(select(f.tpl.options.yes))]);
      expect(saved).toMatchObject({ question_id: ids.floors, section_id: ids.facilities, score: 10, failed: false });
      expect(await q(state)).toEqual([{ role: owner, path: '', usr: '' }]);
      // A NOT NULL violation inside the function, after it took the role: the statement's transaction is rolled back whole.
      await expect(q(call, [...args, null])).rejects.toThrow();
      expect(await q(state)).toEqual([{ role: owner, path: '', usr: '' }]);
    });
    const rows = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ author_id: string; n: number }>(sql`select author_id, count(*) over ()::int as n from audit_answers where question_id = ${ids.floors}`),
    );
    expect(rows.rows).toEqual([{ author_id: f.tenant.auditor.id, n: 1 }]);
  });

  it("writes nothing for another tenant's scope, a status that is not running, or another auditor", async () => {
    const { id, ids } = await runningAudit(f);
    const elsewhere = await auditTenant(t, 'audh');
    const body = JSON.stringify(select(f.tpl.options.yes));
    await onOneConnection(async (q) => {
      expect(await q(call, [elsewhere.tenant.root.path, elsewhere.tenant.auditor.id, '{running}', id, ids.facilities, ids.floors, body])).toEqual([]);
      expect(await q(call, [f.tenant.root.path, f.tenant.auditor.id, '{finished}', id, ids.facilities, ids.floors, body])).toEqual([]);
      expect(await q(call, [f.tenant.root.path, f.tenant.admin.id, '{running}', id, ids.facilities, ids.floors, body])).toEqual([]);
    });
    const rows = await unsafeUnscoped(t.db, (tx) => tx.execute(sql`select 1 from audit_answers where question_id = ${ids.floors}`));
    expect(rows.rows).toHaveLength(0);
  });
});

describe('the keyed answer (the run view sends an Idempotency-Key: audit_answer_keyed, one call)', () => {
  const keyed = (key: string) => ({ 'idempotency-key': key });
  const stored = (key: string) =>
    unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ status: number | null; body: string | null }>(sql`select status, body from idempotency_keys where key = ${key}`)).rows,
    );

  it('saves, stores the very response it sends, and answers a replay with it without undoing a later answer', async () => {
    const { id, url, body, answerId } = await knownQuestion();
    const first = await f.auditor.call('POST', url, { ...body, templateAnswer: select(f.tpl.options.no) }, keyed('kf-1'));
    expect(first.status).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(first.body).toMatchObject({ _id: answerId, score: 0, failed: true, templateAnswer: { select: [f.tpl.options.no] } });
    expect(first.body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [row] = await stored('kf-1');
    expect(row!.status).toBe(200);
    expect(JSON.parse(row!.body!)).toEqual(first.body);
    await f.auditor.post(url, body);
    const again = await f.auditor.call('POST', url, { ...body, templateAnswer: select(f.tpl.options.no) }, keyed('kf-1'));
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const audit = (await f.auditor.get(`${AUDITS}/${id}`)).body;
    const floors = audit.sections.flatMap((s: any) => s.questions).find((q: any) => q._id === body.question);
    expect(floors.answer.templateAnswer.select).toEqual([f.tpl.options.yes]);
  });

  it('twins sent at once write one answer and get the same response (or 409 to retry)', async () => {
    const { id, url, body } = await knownQuestion();
    const twins = await Promise.all([1, 2, 3].map(() => f.auditor.call('POST', url, body, keyed('kf-twin'))));
    const ok = twins.filter((r) => r.status === 200);
    for (const res of twins) expect(res.status === 200 || res.body.reference === 'IDEM0001').toBe(true);
    for (const res of ok) expect(res.body).toEqual(ok[0]!.body);
    const n = await unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from audit_answers where audit_id = ${id}`)).rows[0]!.n,
    );
    expect(n).toBe(1);
  });

  it('a refused answer keeps no key and names its error; the same key then saves once it is right', async () => {
    const { ids, url, body } = await knownQuestion();
    const bad = await f.auditor.call('POST', url, { ...body, section: ids.records }, keyed('kf-fix'));
    expect(bad.body.fields).toEqual(['section']);
    expect(await stored('kf-fix')).toEqual([]);
    const good = await f.auditor.call('POST', url, body, keyed('kf-fix'));
    expect(good.status).toBe(200);
    expect(good.headers['idempotency-replayed']).toBeUndefined();
    expect((await stored('kf-fix'))[0]!.status).toBe(200);
    // The same key on another answer's update is a client bug: refused, not answered with this one.
    const elsewhere = await f.auditor.call('PATCH', `${url.replace('/answer/add', '')}/answer/${good.body._id}/update`, body, keyed('kf-fix'));
    expect(elsewhere.body.fields).toEqual(['Idempotency-Key']);
  });
});

/** Statements of this database waiting on a lock inside audit_answer_keyed (the twin below). */
const WAITING_TWINS =
  "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%audit_answer_keyed%'";

describe('the keyed answer written once (audit_answer_keyed, migration 0036)', () => {
  const call = 'select * from audit_answer_keyed($1, $2, $3, $4, $5, false, $6, $7, $8, $9, null, $10::jsonb, $11, $12)';
  const keyRows = (key: string) =>
    unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ status: number; body: string }>(sql`select status, body from idempotency_keys where key = ${key}`)).rows,
    );
  const answerOf = (question: string) =>
    unsafeUnscoped(
      t.db,
      async (tx) =>
        (await tx.execute<{ option: string }>(sql`select template_answer->'select'->>0 as option from audit_answers where question_id = ${question}`)).rows,
    );

  it('a twin that finds the key taken meanwhile undoes its own write: one answer, one key, the first response', async () => {
    const { id, ids } = await runningAudit(f);
    const url = `${AUDITS}/${id}/answer/add`;
    const args = (option: string, score: number) => [
      'kw-twin',
      'POST',
      url,
      f.tenant.root.path,
      f.tenant.auditor.id,
      '{running}',
      id,
      ids.facilities,
      ids.floors,
      JSON.stringify(select(option)),
      score,
      score === 0,
    ];
    const client = (t.db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      // The first holds its transaction open; the twin waits on the answer's row, then finds the key taken.
      const first = await client.connect();
      try {
        await first.query('begin');
        const [saved] = (await first.query(call, args(f.tpl.options.yes, 10))).rows;
        expect(saved.outcome).toBe('saved');
        // Its outcome is taken from the start: the twin's refusal can arrive before the first's commit
        // is answered, and a rejection nobody handles yet fails the run even when the test passes.
        const twin = client.query(call, args(f.tpl.options.no, 0)).then(
          (result) => ({ resolved: result.rows }),
          (error: unknown) => error,
        );
        // The twin is waiting on a lock held by the first (not finished before it commits).
        await expect.poll(async () => (await client.query(WAITING_TWINS)).rows[0].n).toBeGreaterThan(0);
        await first.query('commit');
        expect(await twin).toMatchObject({ code: 'AUK01' });
      } finally {
        first.release();
      }
    } else {
      // PGlite is one session: a twin runs after the first has committed and gets its response.
      expect((await onOneConnection((q) => q(call, args(f.tpl.options.yes, 10))))[0].outcome).toBe('saved');
      expect((await onOneConnection((q) => q(call, args(f.tpl.options.no, 0))))[0].outcome).toBe('replay');
    }
    expect(await answerOf(ids.floors)).toEqual([{ option: f.tpl.options.yes }]);
    const keys = await keyRows('kw-twin');
    expect(keys).toHaveLength(1);
    expect(JSON.parse(keys[0]!.body)).toMatchObject({ question: ids.floors, templateAnswer: { select: [f.tpl.options.yes] }, score: 10 });
  });

  it('writes no key when the answer is refused (nothing to undo)', async () => {
    const { id, ids } = await runningAudit(f);
    const refused = await onOneConnection((q) =>
      q(call, [
        'kw-refused',
        'POST',
        `${AUDITS}/${id}/answer/add`,
        f.tenant.root.path,
        f.tenant.auditor.id,
        '{finished}',
        id,
        ids.facilities,
        ids.floors,
        JSON.stringify(select(f.tpl.options.yes)),
        10,
        false,
      ]),
    );
    expect(refused).toEqual([]);
    expect(await keyRows('kw-refused')).toEqual([]);
  });
});
