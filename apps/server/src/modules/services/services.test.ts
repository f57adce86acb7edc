import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, createTenant, signIn, type TTenant } from '../../test/factories.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let auditor: TApiClient;
let client: TApiClient;

const BASE = '/ms-core/api/services';
const TEMPLATE = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
const service = (extra: Record<string, unknown> = {}) => ({ name: 'Auditoría de higiene', executionTime: 2, price: 120.5, salesAccount: 70500000, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'srv');
  admin = (await signIn(t.app, a.admin.email)).api;
  auditor = (await signIn(t.app, a.auditor.email)).api;
  client = (await signIn(t.app, a.clientUser.email)).api;
});
afterAll(() => t.close());

describe('/ms-core/api/services', () => {
  it('401, 452 for the client user, 400 naming the required fields, 412, 404', async () => {
    expect((await apiClient(t.app).post(BASE, service())).status).toBe(401);
    expect((await client.post(BASE, service())).body.reference).toBe('452');
    expect((await auditor.post(BASE, service())).body.reference).toBe('452');
    const bad = await admin.post(BASE, { groupIva: 'typeZ' });
    expect(bad.body.fields.sort()).toEqual(['executionTime', 'groupIva', 'name', 'price', 'salesAccount']);
    expect((await admin.get(`${BASE}/1`)).body.reference).toBe('412');
    expect((await admin.get(`${BASE}/${a.root.id}`)).status).toBe(404);
  });

  it('stores price in euros, IVA group typeA by default, and a visible category', async () => {
    const plain = await admin.post(BASE, service());
    expect(plain.body).toMatchObject({
      price: 120.5,
      executionTime: 2,
      salesAccount: 70500000,
      groupIva: 'typeA',
      ivaPercentage: 0,
      type: 'SERVICE',
      category: null,
      isPoolService: false,
    });
    expect((await admin.post(BASE, service({ name: 'Otra', category: a.root.id }))).body.fields).toEqual(['category']);
    const category = (await admin.post('/ms-core/api/service-categories', { name: 'Higiene', description: 'Servicios de higiene' })).body._id;
    const pool = await admin.post(BASE, service({ name: 'Auditoría de piscinas', groupIva: 'typeC', category, code: 'PIS-01' }));
    expect(pool.body).toMatchObject({ groupIva: 'typeC', ivaPercentage: 21, category, code: 'PIS-01' });
    const patched = await admin.patch(`${BASE}/${pool.body._id}`, { price: 99.99, isPoolService: true });
    expect(patched.body).toMatchObject({ price: 99.99, groupIva: 'typeC', isPoolService: true });
    const pools = await auditor.post(`${BASE}/search`, { filters: [{ field: 'isPoolService', value: true }] });
    expect(pools.body.map((s: { name: string }) => s.name)).toEqual(['Auditoría de piscinas']);
    const cheap = await auditor.post(`${BASE}/search`, { filters: [{ field: 'price', operator: 'lt', value: 100 }] });
    expect(cheap.body.map((s: { name: string }) => s.name)).toEqual(['Auditoría de piscinas']);
  });
});

describe('services-templates goal of a space, and the services offered', () => {
  let hygiene: string;
  let legionella: string;
  beforeAll(async () => {
    hygiene = (await admin.post(BASE, service({ name: 'Higiene cocina' }))).body._id;
    legionella = (await admin.post(BASE, service({ name: 'Control de legionela', groupIva: 'typeB' }))).body._id;
  });
  const goalPath = (id: string) => `/ms-core/api/spaces/${id}/services-templates-goal`;

  it('401, 452 without the write permission of the space type, 400 naming bad entries, 404 outside the scope', async () => {
    const body = { servicesTemplatesGoal: [{ service: hygiene, valueGoal: 80, templates: [TEMPLATE] }] };
    expect((await apiClient(t.app).post(goalPath(a.establishment.id), body)).status).toBe(401);
    expect((await client.post(goalPath(a.establishment.id), body)).body.reference).toBe('452');
    expect((await auditor.post(goalPath(a.establishment.id), body)).body.reference).toBe('452');
    const bad = await admin.post(goalPath(a.establishment.id), { servicesTemplatesGoal: [{ service: hygiene, valueGoal: 101, templates: ['x'] }] });
    expect(bad.body.fields.sort()).toEqual(['servicesTemplatesGoal.0.templates.0', 'servicesTemplatesGoal.0.valueGoal']);
    const twice = await admin.post(goalPath(a.establishment.id), {
      servicesTemplatesGoal: [
        { service: hygiene, valueGoal: 1 },
        { service: hygiene, valueGoal: 2 },
      ],
    });
    expect(twice.body.fields).toEqual(['servicesTemplatesGoal.service']);
    expect((await admin.post(goalPath(a.establishment.id), { servicesTemplatesGoal: [{ service: a.root.id, valueGoal: 1 }] })).body.fields).toEqual([
      'servicesTemplatesGoal.service',
    ]);
    expect((await admin.post(goalPath(a.admin.id), body)).status).toBe(404);
    expect((await admin.post(goalPath('bad'), body)).body.reference).toBe('412');
  });

  it('replaces the goal and reads it back; the services of the space carry their goal', async () => {
    const saved = await admin.post(goalPath(a.establishment.id), {
      servicesTemplatesGoal: [
        { service: hygiene, valueGoal: 80, templates: [TEMPLATE] },
        { service: legionella, valueGoal: 95 },
      ],
    });
    expect(saved.body.map((g: { service: string; valueGoal: number }) => [g.service, g.valueGoal])).toEqual([
      [hygiene, 80],
      [legionella, 95],
    ]);
    expect((await auditor.get(goalPath(a.establishment.id))).body[0].templates).toEqual([TEMPLATE]);
    const offered = await auditor.post(`/ms-core/api/spaces/${a.establishment.id}/services`, { sort: 'name' });
    expect(offered.headers['x-total-count']).toBe('2');
    expect(offered.body.map((s: { name: string; valueGoal: number }) => [s.name, s.valueGoal])).toEqual([
      ['Control de legionela', 95],
      ['Higiene cocina', 80],
    ]);
    await admin.post(goalPath(a.establishment.id), { servicesTemplatesGoal: [{ service: legionella, valueGoal: 90 }] });
    expect((await auditor.get(goalPath(a.establishment.id))).body).toHaveLength(1);
    expect((await client.post(`/ms-core/api/spaces/${a.establishment.id}/services`, {})).body.reference).toBe('452');
  });

  it("search-from-client answers the services with a goal in the client's spaces", async () => {
    const other = await addSpace(t.db, { name: 'Otro cliente', parent: a.root });
    const mine = await auditor.post(`${BASE}/search-from-client`, { client: a.client.id });
    expect(mine.body.map((s: { _id: string }) => s._id)).toEqual([legionella]);
    expect((await auditor.post(`${BASE}/search-from-client`, { client: other.id })).headers['x-total-count']).toBe('0');
    expect((await auditor.post(`${BASE}/search-from-client`, { client: a.admin.id })).status).toBe(404);
    expect((await auditor.post(`${BASE}/search-from-client`, { client: 'x' })).body.fields).toEqual(['client']);
    expect((await client.post(`${BASE}/search-from-client`, {})).body.reference).toBe('452');
  });

  it('user-services lists the services a signed-in user may work with', async () => {
    expect((await apiClient(t.app).post('/ms-core/api/spaces/user-services', {})).status).toBe(401);
    const list = await client.post('/ms-core/api/spaces/user-services', { size: 100 });
    expect(list.body.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining([hygiene, legionella]));
  });

  it('deleting an establishment removes its goals', async () => {
    const est = (
      await admin.post('/ms-core/api/establishments', {
        name: 'Tmp',
        address: 'x',
        zipCode: 1,
        parent: a.client.id,
        socialReason: (await admin.post('/ms-core/api/socialreasons', { name: 'SR' })).body._id,
      })
    ).body;
    await admin.post(goalPath(est._id), { servicesTemplatesGoal: [{ service: hygiene, valueGoal: 50 }] });
    expect((await auditor.post(`${BASE}/search-from-client`, { client: a.client.id })).headers['x-total-count']).toBe('2');
    await admin.delete(`/ms-core/api/establishments/${est._id}`);
    expect((await auditor.post(`${BASE}/search-from-client`, { client: a.client.id })).headers['x-total-count']).toBe('1');
  });
});
