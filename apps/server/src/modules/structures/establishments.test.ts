import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let client: TApiClient;
let socialReason: string;
let areaType: string;

const EST = '/ms-core/api/establishments';
const AREAS = '/ms-core/api/areas';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'est');
  admin = (await signIn(t.app, a.admin.email)).api;
  client = (await signIn(t.app, a.clientUser.email)).api;
  socialReason = (await admin.post('/ms-core/api/socialreasons', { name: 'Olivo Restauración S.L.', email: '' })).body._id;
  areaType = (await admin.post('/ms-core/api/typeareas', { name: 'Cocina', description: 'Cocinas' })).body._id;
});
afterAll(() => t.close());

const est = (extra: Record<string, unknown> = {}) => ({
  name: 'El Olivo Centro',
  address: 'Plaza 2',
  zipCode: 28001,
  socialReason,
  parent: a.client.id,
  ...extra,
});

describe('/establishments', () => {
  it('401, 452 for the client user, 400 naming the fields (socialReason required)', async () => {
    expect((await apiClient(t.app).post(EST, est())).status).toBe(401);
    expect((await client.post(EST, est())).body.reference).toBe('452');
    const bad = await admin.post(EST, { name: 'x', address: 'y', zipCode: 1, parent: a.client.id });
    expect([bad.status, bad.body.fields]).toEqual([400, ['socialReason']]);
    expect((await admin.post(EST, est({ socialReason: a.root.id }))).body.fields).toEqual(['socialReason']);
  });

  it('creates under a client only; 451 under a space outside the caller', async () => {
    expect((await admin.post(EST, est({ parent: a.root.id }))).body.fields).toEqual(['parent']);
    expect((await admin.post(EST, est({ parent: a.establishment.id }))).body.fields).toEqual(['parent']);
    const created = await admin.post(EST, est());
    expect(created.body).toMatchObject({ type: 'ESTABLISHMENT', parent: a.client.id, socialReason, zipCode: 28001 });
  });

  it('gets, searches by client and updates; an area id is not an establishment', async () => {
    expect((await admin.get(`${EST}/${a.establishment.id}`)).body.type).toBe('ESTABLISHMENT');
    expect((await admin.get(`${EST}/${a.area.id}`)).status).toBe(404);
    expect((await admin.get(`${EST}/bad`)).body.reference).toBe('412');
    const byClient = await admin.post(`${EST}/search`, { filters: [{ field: 'client', value: a.client.id }], size: 100 });
    expect(byClient.body.every((e: { type: string; parent: string }) => e.type === 'ESTABLISHMENT' && e.parent === a.client.id)).toBe(true);
    const updated = await admin.patch(`${EST}/${a.establishment.id}`, {
      address: 'Nueva 3',
      zipCode: '28002',
      socialReason,
      phones: [{ type: 'home', phone: '+34911111111' }],
    });
    expect(updated.body).toMatchObject({ address: 'Nueva 3', zipCode: 28002, phones: [{ type: 'home', phone: '+34911111111' }] });
    expect((await admin.patch(`${EST}/${a.area.id}`, { name: 'x' })).status).toBe(404);
    expect((await client.patch(`${EST}/${a.establishment.id}`, { name: 'x' })).body.reference).toBe('452');
  });

  it('client users get the short list of their establishments', async () => {
    const short = await client.post(`${EST}/search-for-client-users`, {});
    expect(short.body.map((e: { _id: string }) => e._id)).toContain(a.establishment.id);
    expect(short.body.every((e: { secureSpacePath: string }) => e.secureSpacePath.startsWith(a.client.path))).toBe(true);
    expect((await client.post(`${EST}/search`, {})).body.reference).toBe('452');
  });

  it('deletes with cascadeDelete only when it has areas', async () => {
    const created = (await admin.post(EST, est({ name: 'Temporal' }))).body;
    await admin.post(AREAS, { name: 'Almacén', parent: created._id });
    expect((await admin.delete(`${EST}/${created._id}`)).body.reference).toBe('420');
    expect((await admin.delete(`${EST}/${created._id}?cascadeDelete=true`)).status).toBe(200);
    expect((await admin.get(`${EST}/${created._id}`)).status).toBe(404);
    expect((await admin.delete(`${EST}/${a.area.id}`)).status).toBe(404);
  });
});

describe('/areas', () => {
  it('401, 452, 400 and creation under an establishment only', async () => {
    expect((await apiClient(t.app).post(AREAS, { name: 'x', parent: a.establishment.id })).status).toBe(401);
    expect((await client.post(AREAS, { name: 'x', parent: a.establishment.id })).body.reference).toBe('452');
    expect((await admin.post(AREAS, { parent: a.establishment.id })).body.fields).toEqual(['name']);
    expect((await admin.post(AREAS, { name: 'x', parent: a.client.id })).body.fields).toEqual(['parent']);
    expect((await admin.post(AREAS, { name: 'x', parent: a.establishment.id, areaType: a.root.id })).body.fields).toEqual(['areaType']);
    const created = await admin.post(AREAS, { name: 'Cocina 2', parent: a.establishment.id, areaType });
    expect(created.body).toMatchObject({ type: 'AREA', areaType, address: null, zipCode: null });
  });

  it('search-space lists the areas below a space; get, update and delete', async () => {
    const below = await admin.post(`${AREAS}/search-space`, { space: a.establishment.id, size: 100 });
    expect(below.body.map((x: { _id: string }) => x._id)).toContain(a.area.id);
    expect(below.body.every((x: { type: string }) => x.type === 'AREA')).toBe(true);
    expect((await admin.post(`${AREAS}/search-space`, { space: a.admin.id })).status).toBe(404);
    expect((await admin.post(`${AREAS}/search-space`, { space: 'x' })).body.fields).toEqual(['space']);
    expect((await admin.get(`${AREAS}/${a.area.id}`)).body.name).toBe(a.area.name);
    expect((await admin.get(`${AREAS}/${a.establishment.id}`)).status).toBe(404);
    const renamed = await admin.patch(`${AREAS}/${a.area.id}`, { name: 'Piscina', areaType });
    expect(renamed.body).toMatchObject({ name: 'Piscina', areaType });
    const gone = (await admin.post(AREAS, { name: 'Tmp', parent: a.establishment.id })).body;
    expect((await client.delete(`${AREAS}/${gone._id}`)).body.reference).toBe('452');
    expect((await admin.delete(`${AREAS}/${gone._id}`)).status).toBe(200);
    expect((await admin.get(`${AREAS}/${gone._id}`)).status).toBe(404);
  });
});
