import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { ISSUES } from '../../test/incidents.js';

/**
 * Registers seen by a login limited to one establishment or one area of a client (decision 0064):
 * the client's registers covering it are listed, read, filled in for its own areas only, and
 * counted as pending for its own areas only, through every register call.
 */
const R = '/ms-registry/api';
const REG = `${R}/registers`;
let t: TTestApp;
let tenant: TTenant;
let admin: TApiClient;
let atEstablishment: TApiClient;
let atArea: TApiClient;
let temperature: string;
let otherArea: string;
let secondArea: string;
const regs: Record<'all' | 'other' | 'second', { _id: string }> = {} as never;
const today = todayInZone('Europe/Madrid');

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'below');
  admin = (await signIn(t.app, tenant.admin.email)).api;
  secondArea = (await addSpace(t.db, { name: 'Cámara 2', parent: tenant.establishment, type: 'AREA' })).id;
  const other = await addSpace(t.db, { name: 'Otro hotel', parent: tenant.client, type: 'ESTABLISHMENT' });
  otherArea = (await addSpace(t.db, { name: 'Cocina del otro', parent: other, type: 'AREA' })).id;
  const category = await expectOk(admin.post('/ms-core/api/categories', { name: 'Cocina', description: 'Registros', type: 'REGISTER', color: '#1677ff' }));
  const template = await expectOk(
    admin.post(`${R}/template-registers`, { name: 'Temperaturas', title: 'Temperaturas', category: category._id, reportType: 'Model_1' }),
  );
  const section = await expectOk(admin.post(`${R}/register-sections`, { template: template._id, title: 'Cámaras' }));
  const param = await expectOk(
    admin.post(`${R}/register-sections/${section._id}/param/add`, {
      name: 'Temperatura',
      fieldType: 'number',
      unit: 'celsius',
      operation: 'between',
      min: 0,
      max: 5,
    }),
  );
  temperature = param.params[0]._id;
  const body = { areaAccess: 'KITCHEN', template: template._id, client: tenant.client.id, category: category._id, period: 'monthly', frequency: 'daily' };
  regs.all = await expectOk(admin.post(REG, { ...body, name: 'Todas', establishments: 'all', areas: 'all' }));
  regs.other = await expectOk(admin.post(REG, { ...body, name: 'Solo el otro', establishments: [other.id], areas: 'all' }));
  regs.second = await expectOk(admin.post(REG, { ...body, name: 'Solo cámara 2', establishments: [tenant.establishment.id], areas: [secondArea] }));
  const worker = (home: typeof tenant.establishment, tag: string) =>
    addUser(t.db, { email: `${tag}.${tenant.tag}@example.com`, firstName: tag, home, roleIds: [tenant.roles.worker!] });
  atEstablishment = (await signIn(t.app, (await worker(tenant.establishment, 'est')).email)).api;
  atArea = (await signIn(t.app, (await worker(tenant.area, 'area')).email)).api;
}, 120_000);
afterAll(() => t.close());

const ids = (rows: { _id: string }[]) => rows.map((r) => r._id).sort();

describe('registers seen from an establishment or an area', () => {
  it('lists the client registers that cover the login, in every list', async () => {
    const expected = ids([regs.all, regs.second]);
    expect(ids(await expectOk(atEstablishment.post(`${REG}/search`, {})))).toEqual(expected);
    expect(ids(await expectOk(atEstablishment.post(`${REG}/pending/search`, {})))).toEqual(expected);
    expect(ids(await expectOk(atEstablishment.post(`${REG}/search-for-client-user`, {})))).toEqual(expected);
    // The client's page is above the login: not found there.
    expect((await atEstablishment.get(`${REG}/client/${tenant.client.id}`)).status).toBe(404);
    // The area login sees only the register of all areas (the other names a different area).
    expect(ids(await expectOk(atArea.post(`${REG}/pending/search`, {})))).toEqual([regs.all._id]);
    expect((await atArea.get(`${REG}/${regs.second._id}`)).status).toBe(404);
    expect((await atEstablishment.get(`${REG}/${regs.other._id}`)).status).toBe(404);
  });

  it('reads, fills in and counts only its own areas', async () => {
    const got = await expectOk(atEstablishment.get(`${REG}/${regs.all._id}`));
    expect([got.areasTotal, got.status]).toEqual([2, 'pending']);
    const grid = await expectOk(atEstablishment.post(`${REG}/${regs.all._id}/facility-data`, {}));
    expect(grid.facilities.map((f: { _id: string }) => f._id).sort()).toEqual([tenant.area.id, secondArea].sort());

    const take = (api: TApiClient, area: string, value = '3') =>
      api.post(`${REG}/${regs.all._id}/answer/add`, { date: today, facilities: [{ _id: area, values: [{ param: temperature, value }] }] });
    expect((await take(atEstablishment, otherArea)).body.reference).toBe('844');
    expect((await take(atArea, secondArea)).body.reference).toBe('844');
    await expectOk(take(atArea, tenant.area.id, '4'));
    expect((await take(atEstablishment, tenant.area.id)).body.reference).toBe('422');
    await expectOk(take(atEstablishment, secondArea));

    // Both of its areas are done today; the other establishment's area is not its concern.
    const [mine] = await expectOk(atEstablishment.post(`${REG}/check-pending`, { registers: [regs.all._id] }));
    const [company] = await expectOk(admin.post(`${REG}/check-pending`, { registers: [regs.all._id] }));
    expect(company.pending - mine.pending).toBeGreaterThanOrEqual(1);
    const stored = await expectOk(admin.post(`${REG}/${regs.all._id}/facility-data`, {}));
    expect(stored.entries.map((e: { facility: string }) => e.facility).sort()).toEqual([tenant.area.id, secondArea].sort());
    const areaGrid = await expectOk(atArea.post(`${REG}/${regs.all._id}/facility-data`, {}));
    expect(areaGrid.entries.map((e: { facility: string }) => e.facility)).toEqual([tenant.area.id]);
  });

  it('an out-of-range take from the establishment opens its measurement incident and is traced', async () => {
    const saved = await expectOk(
      atEstablishment.post(`${REG}/${regs.second._id}/answer/add`, {
        date: today,
        facilities: [{ _id: secondArea, values: [{ param: temperature, value: '9' }] }],
      }),
    );
    expect(saved[0].outOfRange).toBe(true);
    const incidents = await expectOk(atEstablishment.post(`${ISSUES}/search-issues`, { filters: [{ field: 'kind', value: 'measurements' }] }));
    expect(incidents.length).toBeGreaterThanOrEqual(1);
    const traces = await expectOk(admin.post(`${R}/register-traces/search`, {}));
    expect(traces.some((x: { entity?: { _id: string } }) => JSON.stringify(x).includes(regs.second._id))).toBe(true);
  });
});
