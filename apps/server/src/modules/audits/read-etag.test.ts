import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { ZAuditOut } from './schemas.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { addUser, signIn } from '../../test/factories.js';

/**
 * The run view reloads its audit often (decision 0027): the answer carries an ETag of its body, a
 * reload with it costs a 304 with no body, any change gives a new ETag; and it goes compressed.
 */
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'aude');
});
afterAll(() => t.close());

describe('GET /audits/{id} validators', () => {
  it('answers 304 to its own ETag, a new ETag after a change, and never caches in a shared cache', async () => {
    const { id, ids } = await runningAudit(f);
    const first = await f.auditor.get(`${AUDITS}/${id}`);
    // What the schema keeps, nothing more (the answers inside the tree carry no section/question).
    expect(ZAuditOut.parse(first.body)).toEqual(first.body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await f.auditor.call('GET', `${AUDITS}/${id}`, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) });
    const changed = await f.auditor.call('GET', `${AUDITS}/${id}`, undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ZAuditOut.parse(changed.body)).toEqual(changed.body);
    const floors = changed.body.sections.flatMap((s: any) => s.questions).find((q: any) => q._id === ids.floors);
    expect(floors.answer.templateAnswer.select).toEqual([f.tpl.options.no]);
  });

  it('goes compressed (brotli) when the browser accepts it, with the same ETag', async () => {
    const { id } = await runningAudit(f);
    const plain = await f.auditor.get(`${AUDITS}/${id}`);
    const res = await t.app.inject({
      method: 'GET',
      url: `${AUDITS}/${id}`,
      headers: { authorization: `Bearer ${f.auditorToken}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.body);
  });

  it('gives gzip to a client that takes no brotli, and plain JSON to one that asks for neither, all with one ETag', async () => {
    const { id } = await runningAudit(f);
    const plain = await f.auditor.get(`${AUDITS}/${id}`);
    const ask = (encoding: string) =>
      t.app.inject({ method: 'GET', url: `${AUDITS}/${id}`, headers: { authorization: `Bearer ${f.auditorToken}`, 'accept-encoding': encoding } });
    const gzip = await ask('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.body);
    const identity = await ask('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.body);
    expect(new Set([plain.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(1);
  });
});

/**
 * The body is kept per version of the audit (read-cache.ts, decision 0034): whatever changes a row
 * of the tree (another server, a SQL function, a statement the application never wrote) must show
 * on the next read, and each caller keeps their own `can` and names.
 */
describe('GET /audits/{id} kept between requests', () => {
  const read = async () => {
    const res = await f.auditor.get(`${AUDITS}/${id}`);
    expect(res.status).toBe(200);
    return res;
  };
  const questions = (body: any) => body.sections.flatMap((s: any) => s.questions);
  let id: string;
  let ids: Awaited<ReturnType<typeof runningAudit>>['ids'];
  beforeAll(async () => {
    ({ id, ids } = await runningAudit(f));
  });

  it("shows every change of the tree made behind the server's back: update, insert, delete, and the audit row", async () => {
    const before = await read();
    expect((await read()).headers.etag).toBe(before.headers.etag);
    // An update that keeps updated_at (no application code bumps anything).
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audit_questions set note = 'anotado a mano' where id = ${ids.pests}`));
    const noted = await read();
    expect(noted.headers.etag).not.toBe(before.headers.etag);
    expect(questions(noted.body).find((q: any) => q._id === ids.pests).note).toBe('anotado a mano');
    // An answer written, then deleted, by SQL alone.
    await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) });
    expect(questions((await read()).body).find((q: any) => q._id === ids.floors).answer).not.toBeNull();
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`delete from audit_answers where question_id = ${ids.floors}`));
    const deleted = await read();
    expect(questions(deleted.body).find((q: any) => q._id === ids.floors).answer).toBeNull();
    // A position moved without touching updated_at, and the audit row itself.
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audit_sections set title = 'Instalaciones (SQL)' where id = ${ids.facilities}`));
    expect((await read()).body.sections.find((s: any) => s._id === ids.facilities).title).toBe('Instalaciones (SQL)');
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audits set value_goal = 77 where id = ${id}`));
    expect((await read()).body.valueGoal).toBe(77);
    // A name the audit shows, changed on its own row (the establishment's) by SQL.
    const { establishment } = (await read()).body;
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update spaces set name = 'Hotel (SQL)' where id = ${establishment._id}`));
    expect((await read()).body.establishment.name).toBe('Hotel (SQL)');
  });

  it('answers each caller with their own permissions, and many identical requests at once all alike', async () => {
    const asAuditor = await read();
    // Another auditor of the company follows the running audit but does not run it (decision 0020).
    const other = await addUser(t.db, {
      email: `other.${f.tenant.tag}@example.com`,
      firstName: 'Other',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    const asOther = await (await signIn(t.app, other.email)).api.get(`${AUDITS}/${id}`);
    expect(asOther.status).toBe(200);
    expect(asAuditor.body.can.run).toBe(true);
    expect(asOther.body.can.run).toBe(false);
    // The kept body is never a client's: a running audit is not found for them (decision 0061).
    expect((await f.client.get(`${AUDITS}/${id}`)).body.reference).toBe('415');
    await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.pests, templateAnswer: select(f.tpl.pestsOptions[2]!) });
    const all = await Promise.all(Array.from({ length: 12 }, () => f.auditor.get(`${AUDITS}/${id}`)));
    expect(all.map((r) => r.status)).toEqual(all.map(() => 200));
    expect(new Set(all.map((r) => r.headers.etag)).size).toBe(1);
    expect(questions(all[0]!.body).find((q: any) => q._id === ids.pests).answer.templateAnswer.select).toEqual([f.tpl.pestsOptions[2]]);
    expect(all[0]!.headers.etag).not.toBe(asAuditor.headers.etag);
  });
});

/**
 * The signature is one function (migration 0043, decision 0060) that keeps its queries' plans for
 * the session: it must cover every table loadTree reads, and a kept plan must still see each new
 * row version.
 */
describe('the tree signature', () => {
  const TREE_TABLES = ['audit_sections', 'audit_fields', 'audit_questions', 'audit_answers', 'audit_issues', 'audit_media', 'audit_questionnaires'];
  it('hashes the (id, xmin) pairs of all seven tree tables, and sees a new row version in each after its plans are kept', async () => {
    const { id } = await runningAudit(f);
    const signature = async () => (await unsafeUnscoped(t.db, (tx) => tx.execute<{ s: string }>(sql`select audit_tree_signature(${id}) as s`))).rows[0]!.s;
    const byTable = () =>
      unsafeUnscoped(t.db, async (tx) => {
        const parts: { table: string; rows: number; hash: string }[] = [];
        for (const table of TREE_TABLES) {
          const { rows } = await tx.execute<{ n: number; h: string }>(
            sql`select count(*)::int as n, md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' order by t.id), '')) as h from ${sql.identifier(table)} t where t.audit_id = ${id}`,
          );
          parts.push({ table, rows: rows[0]!.n, hash: rows[0]!.h });
        }
        return parts;
      });
    // More calls than PostgreSQL needs to switch a PL/pgSQL statement to a kept generic plan.
    for (let i = 0; i < 8; i++) expect(await signature()).toBe((await byTable()).map((p) => p.hash).join('/'));
    let touched = 0;
    for (const table of TREE_TABLES) {
      const before = await signature();
      // A new version of each row, its content unchanged: only xmin moves.
      await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update ${sql.identifier(table)} set audit_id = audit_id where audit_id = ${id}`));
      const parts = await byTable();
      const after = await signature();
      expect(after).toBe(parts.map((p) => p.hash).join('/'));
      if (parts.find((p) => p.table === table)!.rows > 0) {
        expect(after, table).not.toBe(before);
        touched++;
      }
    }
    expect(touched).toBeGreaterThanOrEqual(3);
  });
});
