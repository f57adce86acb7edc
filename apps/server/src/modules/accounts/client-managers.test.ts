import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';

// A client's own manager (USER:MANAGEMENT, with USER:READ and USER:INVITE) runs /users/users/list:
// their space's people, invitations and access requests, never raising anyone above themselves (decision 0048).

let t: TTestApp;
let tenant: TTenant;
let managerEmail = '';
let managerRoleId = '';
const USER_ROLE = DEFAULT_ROLES.find((r) => r.name === 'USER')!;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'cm');
  const admin = await signIn(t.app, tenant.admin.email);
  const role = await admin.api.post('/ms-core/api/roles', {
    name: 'gestor',
    permissions: [...USER_ROLE.permissions, 'USER:MANAGEMENT', 'USER:READ', 'USER:INVITE'],
  });
  expect(role.status).toBe(200);
  managerRoleId = role.body._id;
  managerEmail = `gestor.${tenant.tag}@example.com`;
  await addUser(t.db, { email: managerEmail, firstName: 'Gestora', lastName: 'Ruiz', home: tenant.client, roleIds: [managerRoleId] });
});
afterAll(() => t.close());

const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

describe("a client's manager and the users tabs (decision 0048)", () => {
  it('invites only with roles that carry nothing the manager lacks; an administrator with any', async () => {
    const manager = await signIn(t.app, managerEmail);
    const mine = await manager.api.get('/ms-core/api/invites/roles');
    expect(mine.status).toBe(200);
    expect(names(mine.body)).toEqual(['USER', 'gestor']);
    const admin = await signIn(t.app, tenant.admin.email);
    expect(names((await admin.api.get('/ms-core/api/invites/roles')).body)).toEqual(
      [...DEFAULT_ROLES.map((r) => r.name), 'gestor'].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it('inviting with an administrator role is 410 and creates nothing; with USER it invites into the client space', async () => {
    const manager = await signIn(t.app, managerEmail);
    for (const role of [tenant.roles.SPACE_ADMIN, tenant.roles.SUPER_ADMIN, tenant.roles.auditor]) {
      const res = await manager.api.post('/ms-core/api/invites', { emails: ['subida@example.com'], role });
      expect(res.status).toBe(403);
      expect(res.body.reference).toBe('410');
    }
    expect((await manager.api.post('/ms-core/api/invites/search', { size: 10, page: 0 })).body).toEqual([]);
    const ok = await manager.api.post('/ms-core/api/invites', { emails: ['camarera@example.com'], role: tenant.roles.USER });
    expect(ok.status).toBe(200);
    const [row] = (await manager.api.post('/ms-core/api/invites/search', { size: 10, page: 0 })).body;
    expect(row).toMatchObject({ email: 'camarera@example.com', role: { name: 'USER' }, status: 'PENDING', can: { resend: true, cancel: true } });
    // the resend and cancel actions of the tab
    expect((await manager.api.post(`/ms-core/api/invites/${row._id}/resend`)).status).toBe(200);
    expect((await manager.api.post(`/ms-core/api/invites/${row._id}/cancel`)).body).toMatchObject({ status: 'CANCEL', can: { resend: false, cancel: false } });
  });

  it("lists the client space's people, not the company's", async () => {
    const manager = await signIn(t.app, managerEmail);
    const res = await manager.api.post('/ms-core/api/users/search', { size: 50, page: 0 });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { email: string }) => u.email).sort()).toEqual([tenant.clientUser.email, managerEmail].sort());
  });
});
