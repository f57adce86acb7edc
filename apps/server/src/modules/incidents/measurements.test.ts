import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { createTenant, signIn } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { ISSUES } from '../../test/incidents.js';
import { expectOk } from '../../test/templates.js';

/** A register reading outside its limits opens a measurement incident, once (decision 0038). */
const R = '/ms-registry/api';
let t: TTestApp;
afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp();
});

describe('measurement incidents', () => {
  it('a fridge at 7,2 º (limits 0 to 5) opens a running measurement incident in its area, once: a forced re-save of the same take opens none more', async () => {
    const tenant = await createTenant(t.db, 'incm');
    const admin = (await signIn(t.app, tenant.admin.email)).api;
    const client = (await signIn(t.app, tenant.clientUser.email)).api;
    const category = await expectOk(admin.post('/ms-core/api/categories', { name: 'Cocina', description: 'Registros', type: 'REGISTER', color: '#1677ff' }));
    const template = await expectOk(
      admin.post(`${R}/template-registers`, { name: 'Temperaturas', title: 'Control', category: category._id, reportType: 'Model_1' }),
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
    const reg = await expectOk(
      admin.post(`${R}/registers`, {
        name: 'Cámaras frigoríficas',
        areaAccess: 'KITCHEN',
        template: template._id,
        client: tenant.client.id,
        establishments: 'all',
        areas: 'all',
        category: category._id,
        period: 'daily',
        frequency: 'daily',
      }),
    );
    const save = (value: string, force = false) =>
      admin.post(`${R}/registers/${reg._id}/answer/add`, {
        date: todayInZone('Europe/Madrid'),
        force,
        facilities: [{ _id: tenant.area.id, values: [{ param: param.params[0]._id, value }] }],
      });
    await expectOk(save('7,2'));
    await expectOk(save('8', true));
    const list = await expectOk(client.post(`${ISSUES}/search-issues`, { filters: [{ field: 'kind', value: 'measurements' }] }));
    expect(list).toMatchObject([
      {
        kind: 'measurements',
        status: 'running',
        name: 'Cámaras frigoríficas',
        description: 'Temperatura: 7.2',
        areaId: tenant.area.id,
        establishmentId: tenant.establishment.id,
      },
    ]);
    expect(list[0].transitions).toEqual([]);
    const staff = await expectOk(admin.get(`${ISSUES}/${list[0]._id}`));
    expect(staff.transitions).toEqual(['resolved', 'solvedInPlace']);
    expect((await expectOk(admin.patch(`${ISSUES}/${list[0]._id}/status`, { status: 'solvedInPlace' }))).solvedInPlace).toBe(true);
    const solved = await expectOk(
      client.post(`${ISSUES}/search-issues`, {
        filters: [
          { field: 'kind', value: 'measurements' },
          { field: 'status', value: 'solvedInPlace' },
        ],
      }),
    );
    expect(solved).toHaveLength(1);
  });
});
