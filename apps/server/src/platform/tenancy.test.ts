import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { createTenant, type TTenant } from '../test/factories.js';
import { users } from '../modules/users/tables.js';
import { roles } from '../modules/roles/tables.js';
import { unsafeUnscoped, unsafeUnscopedIn, withScope } from './tenancy.js';

/**
 * Row Level Security is the second line of tenancy: these queries carry NO tenant predicate of
 * their own, so only the policies can be what hides the other tenant's rows.
 */
let t: TTestApp;
let a: TTenant;
let b: TTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'rlsa');
  b = await createTenant(t.db, 'rlsb');
});
afterAll(() => t.close());

/** The database's own message (drizzle wraps it in "Failed query: ..." with the cause attached). */
const dbError = (work: Promise<unknown>) =>
  work.then(
    () => 'no error',
    (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
  );

const scopeOf = (tenant: TTenant, space = tenant.root) => ({ spaceId: space.id, spacePath: space.path, userId: tenant.admin.id });

describe('row level security', () => {
  it('runs scoped work as the non-superuser role, and unscoped work as the owner', async () => {
    const scoped = await withScope(t.db, scopeOf(a), (tx) =>
      tx.execute<{ u: string; su: boolean }>(sql`select current_user as u, (select rolsuper from pg_roles where rolname = current_user) as su`),
    );
    expect(scoped.rows[0]).toEqual({ u: 'audit_app', su: false });
    const owner = await unsafeUnscoped(t.db, (tx) => tx.execute<{ u: string }>(sql`select current_user as u`));
    expect(owner.rows[0]!.u).not.toBe('audit_app');
  });

  it('unsafeUnscopedIn reads as the owner inside a scoped transaction, then gives it its role back (decision 0093)', async () => {
    const rows = await withScope(t.db, scopeOf(a, a.client), async (tx) => {
      const inside = await unsafeUnscopedIn(tx, (owner) => owner.select({ id: users.id }).from(users));
      const after = await tx.execute<{ u: string }>(sql`select current_user as u`);
      return { inside: inside.map((r) => r.id), after: after.rows[0]!.u, seen: (await tx.select({ id: users.id }).from(users)).map((r) => r.id) };
    });
    expect(rows.inside).toEqual(expect.arrayContaining([a.admin.id, b.admin.id]));
    expect(rows).toMatchObject({ after: 'audit_app', seen: [a.clientUser.id] });
    // In a transaction that was the owner's already, it stays the owner's.
    const owner = await unsafeUnscoped(t.db, async (tx) => {
      await unsafeUnscopedIn(tx, (inner) => inner.execute(sql`select 1`));
      return (await tx.execute<{ u: string }>(sql`select current_user as u`)).rows[0]!.u;
    });
    expect(owner).not.toBe('audit_app');
  });

  it('a query with no tenant filter sees only its own tenant rows', async () => {
    const seen = await withScope(t.db, scopeOf(a), (tx) => tx.select({ id: users.id, path: users.secureSpacePath }).from(users));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((row) => row.path.startsWith(a.root.path))).toBe(true);
    expect(seen.map((r) => r.id)).not.toContain(b.admin.id);
  });

  it('a client space sees its subtree only, not its parent company', async () => {
    const seen = await withScope(t.db, scopeOf(a, a.client), (tx) => tx.select({ id: users.id }).from(users));
    expect(seen.map((r) => r.id)).toEqual([a.clientUser.id]);
  });

  it('catalogue rows (roles) are readable from spaces below, never across tenants', async () => {
    const seen = await withScope(t.db, scopeOf(a, a.client), (tx) => tx.select({ path: roles.secureSpacePath }).from(roles));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.path === a.root.path)).toBe(true);
  });

  it('refuses to write a row into another tenant, and to update or delete its rows', async () => {
    const insert = withScope(t.db, scopeOf(a), (tx) =>
      tx
        .insert(users)
        .values({ spaceId: b.root.id, secureSpacePath: b.root.path, username: `intruder${a.tag}`, email: `intruder.${a.tag}@example.com`, firstName: 'X' }),
    );
    expect(await dbError(insert)).toMatch(/row-level security/);
    const updated = await withScope(t.db, scopeOf(a), (tx) =>
      tx
        .update(users)
        .set({ firstName: 'Hacked' })
        .where(sql`${users.id} = ${b.admin.id}`)
        .returning({ id: users.id }),
    );
    expect(updated).toEqual([]);
    const deleted = await withScope(t.db, scopeOf(a), (tx) =>
      tx
        .delete(users)
        .where(sql`${users.id} = ${b.admin.id}`)
        .returning({ id: users.id }),
    );
    expect(deleted).toEqual([]);
    const still = await unsafeUnscoped(t.db, (tx) =>
      tx
        .select({ firstName: users.firstName })
        .from(users)
        .where(sql`${users.id} = ${b.admin.id}`),
    );
    expect(still).toEqual([{ firstName: 'Admin' }]);
  });

  it('refresh tokens are out of the tenant role reach entirely', async () => {
    expect(await dbError(withScope(t.db, scopeOf(a), (tx) => tx.execute(sql`select * from refresh_tokens`)))).toMatch(/permission denied/);
  });

  it('the scope ends with its transaction and never leaks to the next one', async () => {
    await withScope(t.db, scopeOf(a), (tx) => tx.execute(sql`select 1`));
    const after = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ p: string | null; u: string }>(sql`select current_setting('app.space_path', true) as p, current_user as u`),
    );
    expect(after.rows[0]!.p ?? '').toBe('');
    expect(after.rows[0]!.u).not.toBe('audit_app');
  });
});

/**
 * Decisions 0052 and 0057: the big listed tables' policy is starts_with, leakproof, so the planner
 * estimates it from the statistics. The same rows as the LIKE it replaced: the tenant's subtree, an
 * empty setting everything; '%' in the setting is no longer a wildcard.
 */
describe('the starts_with tenant policy', () => {
  const moved = [
    'audits',
    'spaces',
    'structure_details',
    'users',
    'user_roles',
    'user_spaces',
    'lab_reports',
    'lab_results',
    'lab_incidents',
    'traces',
    'notifications',
    'incidents',
    'incident_tasks',
  ];
  const countAs = (spacePath: string, table: string) =>
    withScope(t.db, { spaceId: a.root.id, spacePath, userId: a.admin.id }, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`),
    ).then((r) => r.rows[0]!.n);
  const countOwner = (table: string, prefix?: string) =>
    unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${prefix === undefined ? sql`true` : sql`starts_with(secure_space_path, ${prefix})`}`,
      ),
    ).then((r) => r.rows[0]!.n);

  it('is starts_with in USING and WITH CHECK on every moved table', async () => {
    const policies = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ table: string; qual: string; check: string }>(
        sql`select tablename as table, qual, with_check as check from pg_policies where policyname = 'tenant_write' and tablename = any(${`{${moved.join(',')}}`}::text[])`,
      ),
    );
    expect(policies.rows.map((p) => p.table).sort()).toEqual([...moved].sort());
    for (const p of policies.rows) {
      expect(p.qual, p.table).toMatch(/^starts_with\(secure_space_path, current_setting\('app\.space_path'::text, true\)\)$/);
      expect(p.check, p.table).toBe(p.qual);
    }
  });

  it('shows the subtree of the scope, everything for an empty scope, nothing for a wildcard', async () => {
    for (const table of ['spaces', 'users', 'user_roles', 'user_spaces', 'structure_details']) {
      expect(await countAs(a.root.path, table), table).toBe(await countOwner(table, a.root.path));
      expect(await countAs(a.client.path, table), table).toBe(await countOwner(table, a.client.path));
      expect(await countAs('', table), table).toBe(await countOwner(table));
      expect(await countAs('%', table), table).toBe(0);
      expect(await countAs(`${a.root.path.slice(0, 5)}%`, table), table).toBe(0);
    }
    expect(await countAs(a.root.path, 'spaces')).toBe(4);
  });

  it('refuses a row written outside the scope', async () => {
    const insert = withScope(t.db, scopeOf(a, a.client), (tx) =>
      tx.execute(sql`insert into traces (space_id, secure_space_path, type, module, section) values (${a.root.id}, ${a.root.path}, 'TEST', 'TEST', 'test')`),
    );
    expect(await dbError(insert)).toMatch(/row-level security/);
  });
});
