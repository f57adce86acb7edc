import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';

/** A number param's limits stay within what its unit can measure (decision 0026), on add and on update. */
const SEC = '/ms-registry/api/register-sections';
let t: TTestApp;
let admin: TApiClient;
let section: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db, 'regparams');
  admin = (await signIn(t.app, tenant.admin.email)).api;
  const category = await expectOk(admin.post('/ms-core/api/categories', { name: 'Cocina', description: 'Registros', type: 'REGISTER', color: '#1677ff' }));
  const template = await expectOk(
    admin.post('/ms-registry/api/template-registers', { name: 'Temperaturas', title: 'Temperaturas', category: category._id, reportType: 'Model_1' }),
  );
  section = (await expectOk(admin.post(SEC, { template: template._id, title: 'Cámaras' })))._id;
});
afterAll(() => t.close());

const param = (over: Record<string, unknown>) => ({ name: 'Temperatura', fieldType: 'number', unit: 'celsius', operation: 'between', min: 0, max: 5, ...over });

describe('register params: limits within the unit', () => {
  it('refuses a limit the unit cannot measure, names the field, and stores nothing', async () => {
    for (const [over, field] of [
      [{ min: -500 }, 'min'],
      [{ max: 1e9 }, 'max'],
      [{ unit: 'ph', max: 15 }, 'max'],
      [{ operation: 'greaterThan', min: 0.123 }, 'min'],
    ] as const) {
      const res = await admin.post(`${SEC}/${section}/param/add`, param(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.fields).toEqual([field]);
    }
    const ok = await expectOk(admin.post(`${SEC}/${section}/param/add`, param({})));
    expect(ok.params).toHaveLength(1);
    expect(ok.params[0]).toMatchObject({ unit: 'celsius', operation: 'between', min: 0, max: 5 });
    // Changing the unit re-checks the stored limits: 5 is a pH, 20 is not.
    const id = ok.params[0]._id;
    expect((await expectOk(admin.patch(`${SEC}/${section}/param/${id}/update`, { unit: 'ph' }))).params[0].unit).toBe('ph');
    const bad = await admin.patch(`${SEC}/${section}/param/${id}/update`, { max: 20 });
    expect([bad.status, bad.body.fields]).toEqual([400, ['max']]);
  });
});
