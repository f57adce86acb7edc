import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';

/**
 * The user form's registersAccess (decision 0035) through the user calls: saved with the user,
 * answered back, checked (REGISTER categories, registers of the entry's area), and enforced by the
 * register calls at the next request.
 */
const REG = '/ms-registry/api/registers';
const USERS = '/ms-core/api/users';
let t: TTestApp;
let tenant: TTenant;
let admin: TApiClient;
let kitchen: { _id: string };
let pool: { _id: string };
let category: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'regaccess');
  admin = (await signIn(t.app, tenant.admin.email)).api;
  category = (await expectOk(admin.post('/ms-core/api/categories', { name: 'Cocina', description: 'Registros', type: 'REGISTER', color: '#1677ff' })))._id;
  const template = await expectOk(
    admin.post('/ms-registry/api/template-registers', { name: 'Temperaturas', title: 'Temperaturas', category, reportType: 'Model_1' }),
  );
  const body = {
    template: template._id,
    client: tenant.client.id,
    establishments: 'all',
    areas: 'all',
    category,
    period: 'monthly',
    frequency: 'daily',
  };
  kitchen = await expectOk(admin.post(REG, { ...body, name: 'Cámaras', areaAccess: 'KITCHEN' }));
  pool = await expectOk(admin.post(REG, { ...body, name: 'Cloro', areaAccess: 'POOL' }));
});
afterAll(() => t.close());

const userBody = (tag: string, registersAccess?: unknown) => ({
  firstName: 'Rosa',
  username: `rosa${tag}${tenant.tag}`,
  email: `rosa.${tag}.${tenant.tag}@example.com`,
  roles: [tenant.roles.worker],
  clients: [tenant.client.id],
  password: 'Str0ng-Pass!',
  ...(registersAccess === undefined ? {} : { registersAccess }),
});
const seenBy = async (api: TApiClient) => ((await expectOk(api.post(`${REG}/search`, {}))) as { _id: string }[]).map((r) => r._id).sort();

describe('users: registersAccess', () => {
  it('round-trips through create, get and update, and limits what the user sees at once', async () => {
    const created = await expectOk(admin.post(USERS, userBody('a', [{ areaAccess: 'POOL' }])));
    expect(created.registersAccess).toEqual([{ areaAccess: 'POOL' }]);
    expect((await expectOk(admin.get(`${USERS}/${created._id}`))).registersAccess).toEqual([{ areaAccess: 'POOL' }]);
    const user = (await signIn(t.app, created.email, 'Str0ng-Pass!')).api;
    expect(await seenBy(user)).toEqual([pool._id]);
    expect((await user.get(`${REG}/${kitchen._id}`)).body.reference).toBe('452');

    const entry = { areaAccess: 'KITCHEN', category, registers: [kitchen._id, kitchen._id] };
    const updated = await expectOk(admin.patch(`${USERS}/${created._id}`, { ...userBody('a', [entry]), password: undefined }));
    expect(updated.registersAccess).toEqual([{ areaAccess: 'KITCHEN', category, registers: [kitchen._id] }]);
    expect(await seenBy(user)).toEqual([kitchen._id]);
    expect((await expectOk(user.get(`${USERS}/me`))).registersAccess).toEqual(updated.registersAccess);

    // An update that does not name registersAccess keeps it; an empty list means every register.
    const kept = await expectOk(admin.patch(`${USERS}/${created._id}`, { ...userBody('a'), firstName: 'Rosa María', password: undefined }));
    expect(kept.registersAccess).toEqual(updated.registersAccess);
    expect((await expectOk(admin.patch(`${USERS}/${created._id}`, { ...userBody('a', []), password: undefined }))).registersAccess).toEqual([]);
    expect(await seenBy(user)).toEqual([kitchen._id, pool._id].sort());
  });

  it('refuses entries that could never match, and stores nothing of them', async () => {
    const created = await expectOk(admin.post(USERS, userBody('b')));
    expect(created.registersAccess).toEqual([]);
    const templateCategory = await expectOk(
      admin.post('/ms-core/api/categories', { name: 'Higiene', description: 'Plantillas', type: 'TEMPLATE', color: '#1677ff' }),
    );
    const other = await createTenant(t.db, 'regaccess-other');
    const bad = [
      [{ areaAccess: 'KITCHEN', registers: [pool._id] }],
      [{ areaAccess: 'KITCHEN', category: templateCategory._id }],
      [{ areaAccess: 'KITCHEN', registers: [other.client.id] }],
      [{ areaAccess: 'SAUNA' }],
      [{ areaAccess: 'KITCHEN', registers: ['\u0000'] }],
    ];
    for (const registersAccess of bad) {
      const res = await admin.patch(`${USERS}/${created._id}`, { ...userBody('b', registersAccess), password: undefined });
      expect(res.status, JSON.stringify(registersAccess)).toBe(400);
      expect(res.body.fields.some((f: string) => f.startsWith('registersAccess'))).toBe(true);
    }
    expect((await admin.post(USERS, userBody('c', [{ areaAccess: 'POOL', registers: [kitchen._id] }]))).status).toBe(400);
    expect((await expectOk(admin.get(`${USERS}/${created._id}`))).registersAccess).toEqual([]);
  });
});
