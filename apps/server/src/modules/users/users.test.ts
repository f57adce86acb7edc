import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';

let t: TTestApp;
let tenant: TTenant;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'users');
  admin = await signIn(t.app, tenant.admin.email);
});
afterAll(() => t.close());

const search = (body: unknown) => admin.api.post('/ms-core/api/users/search', body);

describe('POST /ms-core/api/workers/search-users', () => {
  it('finds only workers (the auditor switch on), with the users search body; 401 and 452 as users/search', async () => {
    const { apiClient } = await import('../../test/harness.js');
    expect((await apiClient(t.app).post('/ms-core/api/workers/search-users', {})).status).toBe(401);
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.post('/ms-core/api/workers/search-users', {})).body.reference).toBe('452');
    const all = await admin.api.post('/ms-core/api/workers/search-users', { size: 250 });
    expect(all.status).toBe(200);
    expect(all.body.map((u: { email: string }) => u.email)).toEqual([tenant.auditor.email]);
    expect(all.headers['x-total-count']).toBe('1');
    // The caller's own filters still apply, and cannot widen the list past the workers.
    const none = await admin.api.post('/ms-core/api/workers/search-users', { filters: [{ field: 'email', operator: 'eq', value: tenant.admin.email }] });
    expect(none.body).toEqual([]);
    const widened = await admin.api.post('/ms-core/api/workers/search-users', { filters: [{ field: 'isAuditor', operator: 'eq', value: false }] });
    expect(widened.body).toEqual([]);
  });
});

describe('POST /ms-core/api/users/search', () => {
  it('401 without a session, 452 without USER:READ, 400 for a bad body', async () => {
    const { apiClient } = await import('../../test/harness.js');
    expect((await apiClient(t.app).post('/ms-core/api/users/search', {})).status).toBe(401);
    const client = await signIn(t.app, tenant.clientUser.email);
    const denied = await client.api.post('/ms-core/api/users/search', {});
    expect(denied.status).toBe(403);
    expect(denied.body.reference).toBe('452');
    const bad = await search({ size: 0, page: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.sort()).toEqual(['page', 'size']);
  });

  it('pages in SQL with the total in x-total-count', async () => {
    const page0 = await search({ size: 2, page: 0, sort: 'email' });
    const page1 = await search({ size: 2, page: 1, sort: 'email' });
    expect(page0.headers['x-total-count']).toBe('3');
    expect(page0.body).toHaveLength(2);
    expect(page1.body).toHaveLength(1);
    const emails = [...page0.body, ...page1.body].map((u: { email: string }) => u.email);
    expect(emails).toEqual([tenant.admin.email, tenant.auditor.email, tenant.clientUser.email].sort());
  });

  it('searches free text, filters by whitelisted fields, sorts and projects', async () => {
    expect((await search({ search: 'auditor.' })).body.map((u: { _id: string }) => u._id)).toEqual([tenant.auditor.id]);
    const auditors = await search({ filters: [{ field: 'isAuditor', operator: 'eq', value: true }] });
    expect(auditors.body.map((u: { _id: string }) => u._id)).toEqual([tenant.auditor.id]);
    const byRole = await search({ filters: [{ field: 'roles', operator: '$in', value: [tenant.roles.USER] }] });
    expect(byRole.body.map((u: { _id: string }) => u._id)).toEqual([tenant.clientUser.id]);
    const sorted = await search({ sort: { email: -1 } });
    expect(sorted.body[0].email).toBe(tenant.clientUser.email);
    const projected = await search({ size: 1, projections: ['email'] });
    expect(Object.keys(projected.body[0]).sort()).toEqual(['_id', 'email']);
    const created = await search({ filters: [{ field: 'createdAt', operator: 'between', value: ['2000-01-01', '2999-01-01'] }] });
    expect(created.headers['x-total-count']).toBe('3');
  });

  it('refuses unknown or badly typed filter fields with 400 naming them, never reaching SQL', async () => {
    const unknown = await search({ filters: [{ field: 'password_hash', operator: 'eq', value: 'x' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual(['filters.password_hash']);
    const injected = await search({ filters: [{ field: 'createdAt', operator: 'gte', value: "'; drop table users; --" }] });
    expect(injected.status).toBe(400);
    const badSort = await search({ sort: 'password_hash' });
    expect(badSort.body.fields).toEqual(['sort.password_hash']);
    expect((await search({ search: "%' or 1=1 --" })).body).toEqual([]);
  });

  it('maps the status filter as the product document says', async () => {
    const pending = await addUser(t.db, { email: `pending.${tenant.tag}@example.com`, firstName: 'P', home: tenant.root, roleIds: [], status: 'UNVERIFIED' });
    const ids = async (value: string[]) => (await search({ filters: [{ field: 'status', operator: '$in', value }] })).body.map((u: { _id: string }) => u._id);
    expect(await ids(['unverified'])).toEqual([pending.id]);
    expect((await ids(['active'])).sort()).toEqual([tenant.admin.id, tenant.auditor.id, tenant.clientUser.id].sort());
  });
});

describe('user status, removal and password reset', () => {
  it('locks and reactivates users, records traces, and never changes the caller itself', async () => {
    const target = await addUser(t.db, { email: `target.${tenant.tag}@example.com`, firstName: 'T', home: tenant.client, roleIds: [tenant.roles.USER!] });
    expect((await admin.api.post('/ms-core/api/users/status', { users: [target.id], status: 'LOCK' })).status).toBe(200);
    const locked = await admin.api.get(`/ms-core/api/users/${target.id}`);
    expect(locked.body).toMatchObject({ status: 'LOCK', verified: false });
    expect((await admin.api.post('/ms-core/api/users/status', { users: [target.id], status: 'ACTIVE' })).status).toBe(200);
    expect((await admin.api.get(`/ms-core/api/users/${target.id}`)).body).toMatchObject({ status: 'ACTIVE', verified: true });
    const self = await admin.api.post('/ms-core/api/users/status', { users: [tenant.admin.id], status: 'LOCK' });
    expect(self.body.reference).toBe('452');
    const traces = await admin.api.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', operator: 'eq', value: target.id }] });
    expect(traces.body.map((tr: { type: string; section: string }) => `${tr.type}:${tr.section}`)).toEqual(['UPDATE:status', 'UPDATE:status']);
    expect(traces.body[0].owner).toBe(tenant.admin.id);
    expect(traces.body[0].payload).toEqual({ from: 'LOCK', to: 'ACTIVE' });
  });

  it('answers an empty list of ids with the catalogue 410 "identifiers required" (status, bulk delete, _id $in)', async () => {
    for (const [url, body] of [
      ['/ms-core/api/users/status', { users: [], status: 'LOCK' }],
      ['/ms-core/api/users/delete', { users: [] }],
      ['/ms-core/api/users/search', { filters: [{ field: '_id', operator: '$in', value: [] }] }],
    ] as const) {
      const res = await admin.api.post(url, body);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ name: 'BADREQUESTERROR', reference: '410' });
    }
  });

  it('refuses statuses outside the menu (DELETED, UNVERIFIED)', async () => {
    const res = await admin.api.post('/ms-core/api/users/status', { users: [tenant.auditor.id], status: 'DELETED' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(['status']);
  });

  it('removes a user: 404 for an unknown id, 412 for a malformed one, sign-in refused afterwards', async () => {
    const gone = await addUser(t.db, { email: `gone.${tenant.tag}@example.com`, firstName: 'G', home: tenant.client, roleIds: [] });
    expect((await admin.api.delete('/ms-core/api/users/00000000-0000-4000-8000-000000000000')).body.reference).toBe('415');
    expect((await admin.api.delete('/ms-core/api/users/123')).body.reference).toBe('412');
    expect((await admin.api.delete(`/ms-core/api/users/${gone.id}`)).status).toBe(200);
    expect((await admin.api.get(`/ms-core/api/users/${gone.id}`)).body.status).toBe('DELETED');
    await expect(signIn(t.app, gone.email)).rejects.toThrow(/490/);
    const restored = await admin.api.post(`/ms-core/api/users/${gone.id}/restore`);
    expect(restored.body).toMatchObject({ status: 'UNVERIFIED', verified: false });
    expect((await admin.api.post(`/ms-core/api/users/${gone.id}/restore`)).body.reference).toBe('415');
    const trail = await admin.api.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', operator: 'eq', value: gone.id }], sort: 'date' });
    expect(trail.body.map((tr: { type: string }) => tr.type)).toEqual(['REMOVE', 'RESTORE']);
  });

  it('resets a password, generated or given, and the user signs in with it', async () => {
    const user = await addUser(t.db, { email: `reset.${tenant.tag}@example.com`, firstName: 'R', home: tenant.client, roleIds: [] });
    const generated = await admin.api.post('/ms-core/api/users/password-reset', { _id: user.id, autoGeneratePassword: true });
    expect(generated.status).toBe(200);
    expect(generated.body.password).toHaveLength(8);
    await signIn(t.app, user.email, generated.body.password);
    const weak = await admin.api.post('/ms-core/api/users/password-reset', { _id: user.id, password: 'abc' });
    expect(weak.body.fields).toEqual(['password']);
    expect((await admin.api.post('/ms-core/api/users/password-reset', { _id: user.id, password: 'N3w-Secret!' })).status).toBe(200);
    await signIn(t.app, user.email, 'N3w-Secret!');
  });
});

describe('creating and updating users', () => {
  const input = (tag: string) => ({
    firstName: 'Nuria',
    lastName: 'García López',
    username: `nuria${tag}`,
    email: `nuria.${tag}@example.com`,
    phone: '',
    roles: [tenant.roles.auditor],
    isAuditor: true,
  });

  it('creates a user in the caller space; empty phone is stored as null; the user can sign in', async () => {
    const res = await admin.api.post('/ms-core/api/users', { ...input(tenant.tag), password: 'Str0ng-Pass!' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Nuria', lastName: 'García López', phone: null, isAuditor: true, status: 'ACTIVE', space: tenant.root.id });
    expect(res.body.roles.map((r: { name: string }) => r.name)).toEqual(['auditor']);
    expect(res.body.password).toBeUndefined();
    const session = await signIn(t.app, `nuria.${tenant.tag}@example.com`, 'Str0ng-Pass!');
    expect((await session.api.get('/ms-core/api/users/me')).body.permissions).toContain('AUDIT:READ');
  });

  it('answers 423 for a taken e-mail, 420 for a taken username, 921 for a badly capitalised surname', async () => {
    const taken = await admin.api.post('/ms-core/api/users', { ...input('dup'), email: tenant.auditor.email });
    expect(taken.body).toMatchObject({ reference: '423', fields: ['email'] });
    const me = await admin.api.get('/ms-core/api/users/me');
    expect((await admin.api.post('/ms-core/api/users', { ...input('dup2'), username: me.body.username })).body.reference).toBe('420');
    const shouting = await admin.api.post('/ms-core/api/users', { ...input('caps'), lastName: 'GARCÍA' });
    expect(shouting.body).toMatchObject({ reference: '921', fields: ['lastName'] });
    const badPhone = await admin.api.post('/ms-core/api/users', { ...input('ph'), phone: '600 00 00' });
    expect(badPhone.body.fields).toEqual(['phone']);
  });

  it("refuses roles the caller's space cannot see", async () => {
    const other = await createTenant(t.db, 'foreignrole');
    const res = await admin.api.post('/ms-core/api/users', { ...input('fr'), roles: [other.roles.SPACE_ADMIN] });
    expect(res.body.fields).toEqual(['roles']);
  });

  it('updates a user and its roles', async () => {
    const created = await admin.api.post('/ms-core/api/users', { ...input('upd'), autoGeneratePassword: true });
    expect(created.body.password).toEqual(expect.any(String));
    const res = await admin.api.patch(`/ms-core/api/users/${created.body._id}`, {
      ...input('upd'),
      firstName: 'Nuri',
      phone: '+34600111222',
      roles: [tenant.roles.USER],
      isAuditor: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Nuri', phone: '+34600111222' });
    expect(res.body.roles.map((r: { name: string }) => r.name)).toEqual(['USER']);
  });

  it("keeps a worker's access services (visible services only)", async () => {
    const service = await admin.api.post('/ms-core/api/services', { name: `Higiene ${tenant.tag}`, executionTime: 1, price: 10, salesAccount: 1 });
    const created = await admin.api.post('/ms-core/api/users', { ...input('acc'), accessServices: [service.body._id, service.body._id] });
    expect(created.body.accessServices).toEqual([service.body._id]);
    const cleared = await admin.api.patch(`/ms-core/api/users/${created.body._id}`, { ...input('acc'), accessServices: [] });
    expect(cleared.body.accessServices).toEqual([]);
    expect((await admin.api.patch(`/ms-core/api/users/${created.body._id}`, { ...input('acc'), accessServices: [tenant.root.id] })).body.fields).toEqual([
      'accessServices',
    ]);
  });
});

describe('me', () => {
  it('keeps per-user settings such as table settings', async () => {
    const auditor = await signIn(t.app, tenant.auditor.email);
    expect((await auditor.api.patch('/ms-core/api/users/me/settings', { key: 'table.adminUsers', value: { size: 'small', hidden: ['phone'] } })).status).toBe(
      200,
    );
    const me = await auditor.api.get('/ms-core/api/users/me');
    expect(me.body.settings['table.adminUsers']).toEqual({ size: 'small', hidden: ['phone'] });
    expect(me.body.isAuditor).toBe(true);
    expect(me.body.isAdmin).toBe(false);
    expect((await auditor.api.patch('/ms-core/api/users/me/settings', { key: "x'}", value: 1 })).status).toBe(400);
  });
});
