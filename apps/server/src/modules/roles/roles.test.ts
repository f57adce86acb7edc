import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';

let t: TTestApp;
let tenant: TTenant;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'roles');
  admin = await signIn(t.app, tenant.admin.email);
});
afterAll(() => t.close());

describe('roles', () => {
  it('lists the default roles of the space, with what the caller may do', async () => {
    const res = await admin.api.post('/ms-core/api/roles/search', { size: 50 });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['SPACE_ADMIN', 'auditor', 'USER', 'worker', 'laboratory', 'SUPER_ADMIN', 'SPACE_OWNER']),
    );
    const byName = (name: string) => res.body.find((r: { name: string }) => r.name === name);
    expect(byName('auditor')).toMatchObject({ system: true, can: { update: false, assign: true, delete: false } });
    expect(byName('SPACE_ADMIN')).toMatchObject({ system: true, can: { update: false, assign: false, delete: false } });
  });

  it('system roles keep their names, and the administration roles their permissions (ROL0001)', async () => {
    const roles = (await admin.api.post('/ms-core/api/roles/search', { size: 50 })).body as { _id: string; name: string }[];
    const id = (name: string) => roles.find((r) => r.name === name)!._id;
    for (const [res, name] of [
      [await admin.api.patch(`/ms-core/api/roles/${id('USER')}`, { name: 'cliente' }), 'rename'],
      [await admin.api.delete(`/ms-core/api/roles/${id('laboratory')}`), 'delete'],
      [await admin.api.post(`/ms-core/api/roles/${id('SPACE_ADMIN')}/permission`, { permissions: ['AUDIT:READ'] }), 'strip ADMIN'],
    ] as const) {
      expect({ name, status: res.status, reference: res.body.reference }).toEqual({ name, status: 409, reference: 'ROL0001' });
    }
    const es = await admin.api.call('DELETE', `/ms-core/api/roles/${id('worker')}`, undefined, { 'accept-language': 'es' });
    expect(es.body.message).toContain('Los roles del sistema');
    // A system role that is not an administration role takes other permissions (the office tunes USER).
    const user = await admin.api.post(`/ms-core/api/roles/${id('worker')}/permission`, { permissions: ['AUDIT:READ', 'REGISTER:READ'] });
    expect(user.body).toMatchObject({ name: 'worker', permissions: ['AUDIT:READ', 'REGISTER:READ'] });
  });

  it('creates, renames, sets permissions and deletes a role, and the permissions take effect at once', async () => {
    const created = await admin.api.post('/ms-core/api/roles', { name: 'inspector', permissions: ['AUDIT:READ'] });
    expect(created.status).toBe(200);
    expect((await admin.api.post('/ms-core/api/roles', { name: 'inspector' })).body.reference).toBe('420');
    expect((await admin.api.patch(`/ms-core/api/roles/${created.body._id}`, { name: 'inspector-2' })).body.name).toBe('inspector-2');
    const unknown = await admin.api.post(`/ms-core/api/roles/${created.body._id}/permission`, { permissions: ['AUDIT:READ', 'MADE:UP'] });
    expect(unknown.body.fields).toEqual(['permissions.MADE:UP']);

    const user = await addUser(t.db, { email: `insp.${tenant.tag}@example.com`, firstName: 'I', home: tenant.root, roleIds: [created.body._id] });
    const session = await signIn(t.app, user.email);
    expect((await session.api.post('/ms-core/api/users/search', {})).status).toBe(403);
    expect((await admin.api.post(`/ms-core/api/roles/${created.body._id}/permission`, { permissions: ['USER:READ'] })).body.permissions).toEqual(['USER:READ']);
    expect((await session.api.post('/ms-core/api/users/search', {})).status).toBe(200);

    const assigned = await admin.api.delete(`/ms-core/api/roles/${created.body._id}`);
    expect(assigned.body).toMatchObject({ name: 'BADREQUESTERROR', reference: '818' });
    const spare = await admin.api.post('/ms-core/api/roles', { name: 'spare' });
    expect((await admin.api.delete(`/ms-core/api/roles/${spare.body._id}`)).status).toBe(200);
    expect((await admin.api.delete(`/ms-core/api/roles/${spare.body._id}`)).body.reference).toBe('415');
  });

  it('a space below may read the company roles but not change them (451)', async () => {
    const clientAdmin = await addUser(t.db, {
      email: `cadmin.${tenant.tag}@example.com`,
      firstName: 'C',
      home: tenant.client,
      roleIds: [tenant.roles.SPACE_ADMIN!],
    });
    const session = await signIn(t.app, clientAdmin.email);
    const roles = await session.api.post('/ms-core/api/roles/search', { search: 'auditor' });
    expect(roles.body).toHaveLength(1);
    expect(roles.body[0].can).toEqual({ update: false, assign: false, delete: false });
    const rename = await session.api.patch(`/ms-core/api/roles/${tenant.roles.auditor}`, { name: 'hijacked' });
    expect(rename.status).toBe(403);
    expect(rename.body.reference).toBe('451');
  });

  it('permission search lists the names of the product document', async () => {
    const res = await admin.api.post('/ms-core/api/permissions/search', { size: 1000 });
    const names = res.body.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['AUDIT:READ', 'REGISTER:WRITE', 'USER:MANAGEMENT', 'LAB_DATA_ISSUES_WRITE', 'TRACE:READ', 'CATEGORY_VIEW']));
    expect(names).not.toContain('TRACE:WRITE');
    expect(Number(res.headers['x-total-count'])).toBe(names.length);
  });
});
