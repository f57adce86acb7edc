import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../../test/factories.js';
import type { TApiClient, TTestApp } from '../../../test/harness.js';
import { expectOk } from '../../../test/templates.js';

/**
 * A tenant with a daily kitchen register on three fridges (areas), built over HTTP as a user
 * would: category, template with a 0–5 °C temperature param and a notes param, register. For the
 * jobs, downloads and traces tests (the main registers test has its own).
 */
export const R = '/ms-registry/api';
export const REG = `${R}/registers`;

export interface TRegisterFixture {
  tenant: TTenant;
  admin: TApiClient;
  adminToken: string;
  worker: TApiClient;
  workerId: string;
  areas: string[];
  template: string;
  temperature: string;
  notes: string;
  register: string;
}

export async function registerFixture(t: TTestApp, label: string, over: Record<string, unknown> = {}): Promise<TRegisterFixture> {
  const tenant = await createTenant(t.db, label);
  const signed = await signIn(t.app, tenant.admin.email);
  const admin = signed.api;
  const w = await addUser(t.db, { email: `worker.${tenant.tag}@example.com`, firstName: 'Worker', home: tenant.client, roleIds: [tenant.roles.worker!] });
  const worker = (await signIn(t.app, w.email)).api;
  const extra = [
    await addSpace(t.db, { name: 'Cámara 2', parent: tenant.establishment, type: 'AREA' }),
    await addSpace(t.db, { name: 'Cámara 3', parent: tenant.establishment, type: 'AREA' }),
  ];
  const category = await expectOk(
    admin.post('/ms-core/api/categories', { name: `Cocina ${label}`, description: 'Registros', type: 'REGISTER', color: '#1677ff' }),
  );
  const template = await expectOk(
    admin.post(`${R}/template-registers`, { name: 'Temperaturas', title: 'Control de temperaturas', category: category._id, reportType: 'Model_1' }),
  );
  const section = await expectOk(admin.post(`${R}/register-sections`, { template: template._id, title: 'Cámaras' }));
  const withParam = await expectOk(
    admin.post(`${R}/register-sections/${section._id}/param/add`, {
      name: 'Temperatura',
      fieldType: 'number',
      unit: 'celsius',
      operation: 'between',
      min: 0,
      max: 5,
    }),
  );
  const withNotes = await expectOk(admin.post(`${R}/register-sections/${section._id}/param/add`, { name: 'Observaciones', fieldType: 'text' }));
  const register = await expectOk(
    admin.post(REG, {
      name: 'Cámaras frigoríficas',
      areaAccess: 'KITCHEN',
      template: template._id,
      client: tenant.client.id,
      establishments: 'all',
      areas: 'all',
      category: category._id,
      period: 'monthly',
      frequency: 'daily',
      ...over,
    }),
  );
  return {
    tenant,
    admin,
    adminToken: signed.session.accessToken,
    worker,
    workerId: w.id,
    areas: [tenant.area.id, ...extra.map((s) => s.id)],
    template: template._id,
    temperature: withParam.params[0]._id,
    notes: withNotes.params[1]._id,
    register: register._id,
  };
}
