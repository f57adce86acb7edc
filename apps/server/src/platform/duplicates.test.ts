import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TApiClient, type TTestApp } from '../test/harness.js';
import { createTenant, signIn, type TTenant } from '../test/factories.js';
import { unsafeUnscoped } from './tenancy.js';

/**
 * Names and logins that must be unique stay unique: whoever asks, whatever tenant holds the other
 * row, and however many identical requests arrive at once (run on PostgreSQL too, where they
 * really run in parallel). A taken value is the catalogue's 409 (420, or 423 for an e-mail),
 * never a 5xx and never a second row.
 */
let t: TTestApp;
let a: TTenant;
let b: TTenant;
let admin: TApiClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'dupa');
  b = await createTenant(t.db, 'dupb');
  admin = (await signIn(t.app, a.admin.email)).api;
});
afterAll(() => t.close());

const user = (extra: Record<string, unknown>) => ({ firstName: 'Ana', lastName: 'García', roles: [a.roles.USER!], password: 'Str0ng-Pass!', ...extra });
const usernameOf = async (id: string) =>
  unsafeUnscoped(t.db, async (tx) => (await tx.execute<{ username: string }>(sql`select username from users where id = ${id}`)).rows[0]!.username);

describe('logins are unique across tenants, and the answer does not tell where the login lives', () => {
  it('an e-mail of another tenant is 423, exactly as an e-mail of this tenant', async () => {
    const own = await admin.post('/ms-core/api/users', user({ username: 'ana.own', email: a.auditor.email }));
    const foreign = await admin.post('/ms-core/api/users', user({ username: 'ana.foreign', email: b.auditor.email.toUpperCase() }));
    expect(own.status).toBe(409);
    expect(foreign.status).toBe(own.status);
    expect(foreign.body).toEqual(own.body);
    expect(foreign.body).toMatchObject({ reference: '423', fields: ['email'] });
  });

  it('a username of another tenant is 420, exactly as a username of this tenant', async () => {
    const own = await admin.post('/ms-core/api/users', user({ username: await usernameOf(a.auditor.id), email: 'own.fresh@example.com' }));
    const foreign = await admin.post('/ms-core/api/users', user({ username: await usernameOf(b.auditor.id), email: 'foreign.fresh@example.com' }));
    expect(own.body).toMatchObject({ reference: '420', fields: ['username'] });
    expect(foreign.status).toBe(own.status);
    expect(foreign.body).toEqual(own.body);
  });

  it('renaming a user to a login of another tenant is refused the same way', async () => {
    const created = await admin.post('/ms-core/api/users', user({ username: 'rename.me', email: 'rename.me@example.com' }));
    expect(created.status).toBe(200);
    const res = await admin.call('PATCH', `/ms-core/api/users/${created.body._id}`, user({ username: 'rename.me', email: b.admin.email }));
    expect(res.body).toMatchObject({ reference: '423', fields: ['email'] });
  });
});

/** Six identical requests at once: never a 5xx, and exactly `winners` answers of 200. */
async function sixAtOnce(method: 'POST' | 'PUT', url: string, body: unknown, winners = 1) {
  const answers = await Promise.all(Array.from({ length: 6 }, () => admin.call(method, url, body)));
  const statuses = answers.map((r) => r.status);
  expect(
    statuses.filter((s) => s >= 500),
    JSON.stringify(answers.map((r) => r.body)),
  ).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(winners);
  return answers;
}

const countRows = (table: string, where: ReturnType<typeof sql>) =>
  unsafeUnscoped(t.db, async (tx) => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)).rows[0]!.n);

describe('six identical creates at once give one row and five 409s', () => {
  it('roles', async () => {
    const answers = await sixAtOnce('POST', '/ms-core/api/roles', { name: 'Parallel role', permissions: [] });
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ reference: '420', fields: ['name'] });
    expect(await countRows('roles', sql`name = 'Parallel role'`)).toBe(1);
  });

  it('services', async () => {
    await sixAtOnce('POST', '/ms-core/api/services', { name: 'Parallel service', executionTime: 1, price: 1, salesAccount: 1 });
    expect(await countRows('services', sql`name = 'Parallel service'`)).toBe(1);
  });

  it('area types', async () => {
    const answers = await sixAtOnce('POST', '/ms-core/api/typeareas', { name: 'Parallel area type', description: 'x' });
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ reference: '420', fields: ['name'] });
    expect(await countRows('area_types', sql`name = 'Parallel area type'`)).toBe(1);
  });

  it('users', async () => {
    const answers = await sixAtOnce('POST', '/ms-core/api/users', user({ username: 'parallel.user', email: 'parallel.user@example.com' }));
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.status).toBe(409);
    expect(await countRows('users', sql`username = 'parallel.user'`)).toBe(1);
  });

  it('categories (unique among the siblings of a type)', async () => {
    const answers = await sixAtOnce('POST', '/ms-core/api/categories', { name: 'Parallel category', description: 'x', type: 'TEMPLATE' });
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ reference: '420', fields: ['name'] });
    expect(await countRows('categories', sql`name = 'Parallel category'`)).toBe(1);
    // The same name under another type, or under a parent, is another category.
    expect((await admin.post('/ms-core/api/categories', { name: 'Parallel category', description: 'x', type: 'REGISTER' })).status).toBe(200);
    const parent = answers.find((r) => r.status === 200)!.body._id;
    expect((await admin.post('/ms-core/api/categories', { name: 'Parallel category', description: 'x', type: 'TEMPLATE', parent })).status).toBe(200);
  });

  it('services-templates goal: the same goal six times is saved once, each call answers it', async () => {
    const service = (await admin.post('/ms-core/api/services', { name: 'Goal service', executionTime: 1, price: 1, salesAccount: 1 })).body._id;
    const url = `/ms-core/api/spaces/${a.establishment.id}/services-templates-goal`;
    const answers = await sixAtOnce('POST', url, { servicesTemplatesGoal: [{ service, valueGoal: 80, templates: [] }] }, 6);
    for (const r of answers) expect(r.body).toEqual([expect.objectContaining({ service, valueGoal: 80 })]);
    expect((await admin.get(url)).body).toEqual([expect.objectContaining({ service, valueGoal: 80 })]);
  });
});
