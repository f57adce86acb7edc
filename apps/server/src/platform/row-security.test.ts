import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverModules } from '../app.js';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { findModules } from './modules-found.js';
import type { TRowSecurity } from './row-security.js';
import { unsafeUnscoped } from './tenancy.js';

/**
 * Row-level security from the modules' declarations (decision 0076): every table of the migrated
 * database is declared by exactly one module manifest, and what the declaration says is what the
 * migrations built. A new table without its declaration, or declared without its policy, fails here.
 */
let t: TTestApp;
type TTableState = { table: string; rls: boolean; scoped: boolean; policies: string[] };
let tables: Map<string, TTableState>;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await unsafeUnscoped(t.db, (tx) =>
    tx.execute<{ table: string; rls: boolean; scoped: boolean; policies: string[] | null }>(sql`
      select c.relname as table, c.relrowsecurity as rls,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'secure_space_path' and not a.attisdropped) as scoped,
        (select array_agg(p.policyname::text order by p.policyname) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`),
  );
  tables = new Map(rows.rows.map((row) => [row.table, { ...row, policies: row.policies ?? [] }]));
}, 300_000);
afterAll(() => t.close());

const declarations = () => serverModules.flatMap((module) => (module.tables ?? []).map((declared) => ({ ...declared, module: module.name })));

/** What the migrated table lacks of its declaration; empty when it matches. */
function mismatch(state: TTableState, security: TRowSecurity): string[] {
  const problems: string[] = [];
  const needs = (policy: string) => !state.policies.includes(policy) && problems.push(`no policy ${policy}`);
  if (typeof security === 'object' && 'global' in security) {
    if (state.scoped) problems.push('has secure_space_path but is declared global');
    return problems;
  }
  if (!state.rls) problems.push('row-level security is off');
  if (security === 'tenant' || security === 'catalogue') {
    if (!state.scoped) problems.push('no secure_space_path column');
    needs('tenant_write');
    if (security === 'catalogue') needs('tenant_read');
  } else security.policies.forEach(needs);
  return problems;
}

describe('row-level security, declared by the modules (decision 0076)', () => {
  it('every table of the database is declared by exactly one module', () => {
    const byTable = new Map<string, string[]>();
    for (const declared of declarations()) byTable.set(declared.table, [...(byTable.get(declared.table) ?? []), declared.module]);
    expect([...byTable].filter(([, modules]) => modules.length > 1)).toEqual([]);
    expect([...tables.keys()].filter((table) => !byTable.has(table)).sort(), 'tables no module declares').toEqual([]);
    expect([...byTable.keys()].filter((table) => !tables.has(table)).sort(), 'declared tables the migrations never made').toEqual([]);
  });

  it('each table has the row security its module declares', () => {
    const wrong = declarations()
      .map((declared) => ({ table: declared.table, problems: mismatch(tables.get(declared.table)!, declared.security) }))
      .filter((found) => found.problems.length > 0);
    expect(wrong).toEqual([]);
  });

  it('a table with a tenant column is never declared global, nor left without row-level security', () => {
    const scopedWithoutRls = [...tables.values()].filter((state) => state.scoped && !state.rls).map((state) => state.table);
    expect(scopedWithoutRls).toEqual([]);
  });

  it('tells a tenant table without its policy, and a global one with a tenant column', () => {
    const bare: TTableState = { table: 'x', rls: false, scoped: true, policies: [] };
    expect(mismatch(bare, 'tenant')).toEqual(['row-level security is off', 'no policy tenant_write']);
    expect(mismatch({ ...bare, rls: true, policies: ['tenant_write'] }, 'catalogue')).toEqual(['no policy tenant_read']);
    expect(mismatch(bare, { global: 'reference data' })).toEqual(['has secure_space_path but is declared global']);
  });
});

describe('the server modules, found by folder (decision 0076)', () => {
  const folder = join(tmpdir(), `modules-found-${process.pid}`);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('finds each modules/<domain>/module file in folder order, and refuses one without exactly one manifest', async () => {
    const write = (domain: string, text: string) => {
      mkdirSync(join(folder, domain), { recursive: true });
      writeFileSync(join(folder, domain, 'module.ts'), text);
    };
    write('b-domain', "export const bModule = { name: 'b', routes: [] }; export const OTHER = 1;");
    write('a-domain', "export const aModule = { name: 'a', routes: [] };");
    mkdirSync(join(folder, 'no-module'), { recursive: true });
    const found = await findModules(pathToFileURL(`${folder}/`));
    expect(found.map((module) => module.name)).toEqual(['a', 'b']);
    write('c-domain', 'export const nothing = 1;');
    await expect(findModules(pathToFileURL(`${folder}/`))).rejects.toThrow(/c-domain\/module\.ts must export exactly one module manifest \(found 0\)/);
  });

  it('serves every domain folder of the product', async () => {
    expect(serverModules.map((module) => module.name)).toEqual(expect.arrayContaining(['audits', 'registers', 'lab-data', 'geography', 'idempotency']));
    // The platform's own manifests come after every domain's.
    expect(serverModules.slice(-3).map((module) => module.name)).toEqual(['idempotency', 'rate-limit', 'health']);
  });
});
