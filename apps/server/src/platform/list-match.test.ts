import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { createTenant, signIn, type TTenant } from '../test/factories.js';
import { unsafeUnscoped, withScope, type TScope } from './tenancy.js';

/**
 * Security review of the list_match_* functions (migration 0022, decision 0034), read as an
 * attacker: they run as their owner, outside Row Level Security, so their own scope filter decides
 * which tenant's ids a search can see. Two tenants share every searchable word ('Client', 'Admin',
 * the e-mail domain); no setting of app.space_path and no search term may bring back the other's.
 */
let t: TTestApp;
let a: TTenant;
let b: TTenant;
/** One incident per tenant, named with the shared word (list_match_incidents, migration 0037), and its corrective action (list_match_incident_tasks, 0039). */
const incidentOf = new Map<string, string>();
const taskOf = new Map<string, string>();
/** One audit per tenant, found by its template's, client's or establishment's name (list_match_audits, migration 0040). */
const auditOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'lma');
  b = await createTenant(t.db, 'lmb');
  for (const tenant of [a, b]) {
    const rows = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ id: string }>(sql`insert into incidents (space_id, secure_space_path, kind, status, name)
        values (${tenant.establishment.id}, ${tenant.establishment.path}, 'audits', 'running', 'Client incident') returning id`),
    );
    incidentOf.set(tenant.tag, rows.rows[0]!.id);
    const tasks = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ id: string }>(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name)
        values (${tenant.establishment.id}, ${tenant.establishment.path}, ${rows.rows[0]!.id}, 'Client action') returning id`),
    );
    taskOf.set(tenant.tag, tasks.rows[0]!.id);
    const audit = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{
        id: string;
      }>(sql`insert into audits (space_id, secure_space_path, template_name, client_id, establishment_id, service_id, start_date, date_from, date_to)
        values (${tenant.establishment.id}, ${tenant.establishment.path}, 'Hygiene template', ${tenant.client.id}, ${tenant.establishment.id}, gen_random_uuid(), now(), now(), now())
        returning id`),
    );
    auditOf.set(tenant.tag, audit.rows[0]!.id);
  }
});
afterAll(() => t.close());

const FUNCTIONS = [
  'list_match_spaces',
  'list_match_structures',
  'list_match_users',
  'list_match_incidents',
  'list_match_incident_tasks',
  'list_match_audits',
] as const;
const idsOf = (tenant: TTenant) =>
  new Set([
    tenant.root.id,
    tenant.client.id,
    tenant.establishment.id,
    tenant.area.id,
    tenant.admin.id,
    tenant.auditor.id,
    tenant.clientUser.id,
    incidentOf.get(tenant.tag),
    taskOf.get(tenant.tag),
    auditOf.get(tenant.tag),
  ]);

/** What a function answers for `pattern` in a transaction of the application's role with this app.space_path. */
async function match(fn: (typeof FUNCTIONS)[number], pattern: string, spacePath: string) {
  const scope: TScope = { spaceId: a.root.id, spacePath, userId: a.admin.id };
  const rows = await withScope(t.db, scope, (tx) => tx.execute<{ id: string }>(sql`select ${sql.identifier(fn)}(${pattern}) as id`));
  return rows.rows.map((r) => r.id);
}

describe('list_match_* scope', () => {
  it("find the caller's own rows and only those", async () => {
    expect(await match('list_match_spaces', '%Client%', a.root.path)).toEqual([a.client.id]);
    expect(await match('list_match_structures', '%Client%', a.root.path)).toEqual([a.client.id]);
    expect((await match('list_match_users', '%example.com%', a.root.path)).sort()).toEqual([a.admin.id, a.auditor.id, a.clientUser.id].sort());
    expect(await match('list_match_incidents', '%Client%', a.root.path)).toEqual([incidentOf.get(a.tag)]);
    expect(await match('list_match_incident_tasks', '%Client%', a.root.path)).toEqual([taskOf.get(a.tag)]);
    // Within the establishment's own path too (a user scoped below the root).
    expect(await match('list_match_incident_tasks', '%action%', a.establishment.path)).toEqual([taskOf.get(a.tag)]);
    expect(await match('list_match_incident_tasks', '%action%', a.area.path)).toEqual([]);
    for (const name of ['%Client%', '%Establishment%', '%Hygiene%']) expect(await match('list_match_audits', name, a.root.path)).toEqual([auditOf.get(a.tag)]);
  });

  it("find an audit by its client's name only when the client is in the caller's scope", async () => {
    expect(await match('list_match_audits', '%Establishment%', a.establishment.path)).toEqual([auditOf.get(a.tag)]);
    expect(await match('list_match_audits', `%Client ${a.tag}%`, a.establishment.path)).toEqual([]);
    expect(await match('list_match_audits', `%Client ${a.tag}%`, a.client.path)).toEqual([auditOf.get(a.tag)]);
  });

  it('match nothing when app.space_path is empty, a bare slash, a wildcard, or not a path of ids', async () => {
    const theirs = idsOf(b);
    const attempts = ['', '/', '%', '_%', '/%', ' ', `${a.root.path.slice(0, -1)}`, `${a.root.path}%`, a.root.path.toUpperCase(), `/${b.root.id.slice(0, 8)}`];
    for (const path of attempts)
      for (const fn of FUNCTIONS) {
        const found = await match(fn, '%', path);
        expect({ fn, path, found }).toEqual({ fn, path, found: [] });
      }
    // The shortest prefix of the other tenant's real path (its first id character) reaches nothing of it.
    for (const fn of FUNCTIONS) expect((await match(fn, '%', b.root.path.slice(0, 2))).filter((id) => theirs.has(id))).toEqual([]);
  });

  it('are not fooled by a temporary table or a search_path of the caller', async () => {
    const found = await withScope(t.db, { spaceId: a.root.id, spacePath: a.root.path, userId: a.admin.id }, async (tx) => {
      await tx.execute(sql`create temporary table spaces (id uuid, name text, secure_space_path text) on commit drop`);
      await tx.execute(sql`insert into spaces values (${b.client.id}, 'Client hijack', ${a.root.path})`);
      await tx.execute(sql`select set_config('search_path', 'pg_temp, public', true)`);
      return (await tx.execute<{ id: string }>(sql`select list_match_spaces('%Client%') as id`)).rows.map((r) => r.id);
    });
    expect(found).toEqual([a.client.id]);
  });

  it('are set to a fixed search_path, and callable by the application role only', async () => {
    const rows = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ name: string; config: string[] | null; definer: boolean; public_execute: boolean }>(sql`
        select p.proname as name, p.proconfig as config, p.prosecdef as definer,
          has_function_privilege('public', p.oid, 'execute') as public_execute
        from pg_proc p where p.proname like 'list_match_%' order by p.proname`),
    );
    expect(rows.rows.map((r) => r.name)).toEqual([
      'list_match_audits',
      'list_match_incident_tasks',
      'list_match_incidents',
      'list_match_spaces',
      'list_match_structures',
      'list_match_users',
    ]);
    for (const row of rows.rows) {
      expect(row.definer).toBe(true);
      expect(row.config).toEqual(['search_path=pg_catalog, public, pg_temp']);
      expect(row.public_execute).toBe(false);
    }
  });
});

describe('the trigram indexes behind them', () => {
  it('write through, with no pending list (nothing vacuums PGlite; a pending list makes every search read it whole)', async () => {
    const rows = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ name: string; options: string[] | null }>(sql`
        select c.relname as name, c.reloptions as options from pg_class c join pg_index i on i.indexrelid = c.oid
        join pg_opclass o on o.oid = any(i.indclass) where o.opcname = 'gin_trgm_ops' order by c.relname`),
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(11);
    for (const row of rows.rows) expect({ name: row.name, options: row.options }).toEqual({ name: row.name, options: ['fastupdate=off'] });
  });
});

describe('the lists that search through them', () => {
  it("answer a term full of wildcards, escapes and control characters with the caller's rows only, never a 5xx", async () => {
    const { api } = await signIn(t.app, a.admin.email);
    const theirs = idsOf(b);
    for (const search of ['%', '_', '\\', 'a\\', '%%__', '.*', '[a-z]+', 'Client\u0000', '\u0000', '\ud800', "' or 1=1 --", 'x'.repeat(200)])
      for (const path of [
        '/ms-core/api/users/search',
        '/ms-core/api/structures/clients/search',
        '/ms-core/api/audits/search',
        '/ms-core/api/issues/search-issues',
        '/ms-core/api/tasks/search',
      ]) {
        const res = await api.post(path, { size: 50, page: 0, search });
        expect({ path, search, status: res.status < 500 }).toEqual({ path, search, status: true });
        if (res.status === 200) expect((res.body as { _id: string }[]).filter((row) => theirs.has(row._id))).toEqual([]);
      }
    // '%' and '_' are literal characters, not wildcards: nobody's name holds them.
    expect((await api.post('/ms-core/api/users/search', { size: 50, page: 0, search: '%' })).body).toEqual([]);
    expect((await api.post('/ms-core/api/structures/clients/search', { size: 50, page: 0, search: '_' })).body).toEqual([]);
    // A real term still finds the caller's own rows.
    const clients = await api.post('/ms-core/api/structures/clients/search', { size: 50, page: 0, search: 'Client' });
    expect(clients.body.map((row: { _id: string }) => row._id)).toEqual([a.client.id]);
    const incidents = await api.post('/ms-core/api/issues/search-issues', { size: 50, page: 0, search: 'Client' });
    expect({ status: incidents.status, ids: incidents.body.map((row: { _id: string }) => row._id) }).toEqual({ status: 200, ids: [incidentOf.get(a.tag)] });
    const tasks = await api.post('/ms-core/api/tasks/search', { size: 50, page: 0, search: 'Client' });
    expect({ status: tasks.status, ids: tasks.body.map((row: { _id: string }) => row._id) }).toEqual({ status: 200, ids: [taskOf.get(a.tag)] });
  });
});
