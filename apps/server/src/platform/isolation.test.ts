import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp, isNotReadyByDesign } from '../test/harness.js';
import { createTenant, signIn, type TTenant } from '../test/factories.js';
import { sampleFromZod } from '../test/sample.js';
import { unsafeUnscoped } from './tenancy.js';

/**
 * Tenant isolation over every route the app registers (new modules are covered without editing
 * this file). An administrator of one tenant, who passes every permission check, calls each route
 * with the other tenant's identifiers in the path, the query and the body. No answer may carry the
 * other tenant's data, no call may fail with a 5xx, and the other tenant's rows must be unchanged.
 */
let t: TTestApp;
let a: TTenant;
let b: TTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'isoa');
  b = await createTenant(t.db, 'isob');
});
afterAll(() => t.close());

const idsOf = (x: TTenant) => [x.root.id, x.client.id, x.establishment.id, x.admin.id, x.clientUser.id, x.roles.SPACE_ADMIN!];

/** A fingerprint of every tenant table's rows under a tenant's root path. */
async function fingerprint(tenant: TTenant): Promise<Record<string, string>> {
  return unsafeUnscoped(t.db, async (tx) => {
    const tables = await tx.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns where column_name = 'secure_space_path' and table_schema = 'public' order by table_name`,
    );
    const out: Record<string, string> = {};
    for (const { table_name } of tables.rows) {
      const r = await tx.execute<{ h: string }>(
        sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(table_name)} x where secure_space_path like ${`${tenant.root.path}%`}`,
      );
      out[table_name] = r.rows[0]!.h;
    }
    return out;
  });
}

/**
 * The one route that names other tenants by design: the sign-up page's list of the spaces whose
 * administrators turned sign-up on (decision 0040). Tenant A's walk turns it on for A (PUT
 * spaces/current/signup is one of A's own routes), so B then finds A there, by A's choice; a space
 * with sign-up off is never listed (accounts/signup.test.ts).
 */
const PUBLISHED_BY_CHOICE = new Set(['GET /auth/api/signup/spaces']);

/** Identifiers, names and e-mails of a tenant: none may appear in the other tenant's answers. */
const secretsOf = (x: TTenant) => [...idsOf(x), x.area.id, x.auditor.id, x.tag];

async function probeAll(caller: TTenant, target: TTenant) {
  const { api } = await signIn(t.app, caller.admin.email);
  const before = await fingerprint(target);
  const secrets = secretsOf(target);
  const problems: string[] = [];
  let calls = 0;
  let routes = 0;
  for (const route of t.app.routeTable) {
    if (route.url.startsWith('/test')) continue;
    routes++;
    // A route that takes no id anywhere gets the same request for every foreign id: sent once.
    const sent = new Set<string>();
    for (const foreignId of idsOf(target)) {
      const url = route.url.replace(/:[A-Za-z_]+/g, foreignId);
      const query = sampleFromZod(route.schema?.querystring, foreignId) as Record<string, unknown> | undefined;
      const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (sampleFromZod(route.schema?.body, foreignId) ?? {});
      const request = `${url}${qs} ${JSON.stringify(body)}`;
      if (sent.has(request)) continue;
      sent.add(request);
      const res = await api.call(route.method as 'GET', `${url}${qs}`, body);
      calls++;
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      const leaked = PUBLISHED_BY_CHOICE.has(`${route.method} ${route.url}`) ? [] : secrets.filter((s) => text.includes(s));
      if (leaked.length) problems.push(`${route.method} ${url}: ${res.status} leaks ${leaked.join(', ')}`);
      if (res.status >= 500 && !isNotReadyByDesign(route.method, url, res.status)) problems.push(`${route.method} ${url}: ${res.status} ${text.slice(0, 200)}`);
      if (res.status === 401 && route.access && !('public' in route.access))
        problems.push(`${route.method} ${url}: 401 for a valid session (${text.slice(0, 120)})`);
    }
  }
  expect(problems).toEqual([]);
  expect(await fingerprint(target)).toEqual(before);
  return { calls, routes };
}

/** Some 200 routes, each called several ways: far above one ordinary test's time on a busy machine. */
const PROBE_TIMEOUT_MS = 180_000;

describe('tenant isolation on every registered route', () => {
  it('covers the routes of every module', () => {
    const urls = t.app.routeTable.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/ms-core/api/users/:id', '/ms-core/api/roles/:id', '/ms-core/api/spaces/:id/access']));
  });

  it(
    "tenant A's administrator finds nothing of tenant B and changes nothing",
    async () => {
      const { calls, routes } = await probeAll(a, b);
      // Every route called, and those that take ids called with each kind of B's ids.
      expect(routes).toBe(t.app.routeTable.filter((r) => !r.url.startsWith('/test')).length);
      // A route with an id in its path is called once per kind of id (six), any other at least once.
      const withPathIds = t.app.routeTable.filter((r) => !r.url.startsWith('/test') && r.url.includes(':')).length;
      expect(calls).toBeGreaterThanOrEqual(routes + withPathIds * (idsOf(b).length - 1));
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    "tenant B's administrator finds nothing of tenant A and changes nothing",
    async () => {
      await probeAll(b, a);
    },
    PROBE_TIMEOUT_MS,
  );

  it('a client user finds nothing of the company above it, nor of another client', async () => {
    const sibling = await unsafeUnscoped(t.db, async (tx) => {
      const { createSpace } = await import('../seed/build.js');
      return createSpace(tx, { name: `Sibling ${a.tag}`, parent: a.root });
    });
    const { api } = await signIn(t.app, a.clientUser.email);
    const users = await api.post('/ms-core/api/users/search', { size: 100 });
    expect(users.status).toBe(403); // the client role has no USER:READ
    const enter = await api.post(`/ms-core/api/spaces/${sibling.id}/access`);
    expect(enter.body.reference).toBe('451');
    const spaces = await api.get('/ms-core/api/spaces/my-spaces?size=200');
    expect(spaces.body.map((s: { _id: string }) => s._id)).not.toContain(sibling.id);
    expect(spaces.body.map((s: { _id: string }) => s._id)).not.toContain(a.root.id);
  });
});
