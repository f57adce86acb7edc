import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { cityId, countryId, stateId } from '../geography/data.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let client: TApiClient;
let auditor: TApiClient;
let socialReason: string;

const BASE = '/ms-core/api/structures';
const SPAIN = countryId('ES');
const VALENCIA = stateId('ES', '46');
const VALENCIA_CITY = cityId('ES', '46250');

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'str');
  admin = (await signIn(t.app, a.admin.email)).api;
  client = (await signIn(t.app, a.clientUser.email)).api;
  auditor = (await signIn(t.app, a.auditor.email)).api;
  socialReason = (await admin.post('/ms-core/api/socialreasons', { name: 'Mar Azul Hoteles S.L.' })).body._id;
});
afterAll(() => t.close());

const valid = (extra: Record<string, unknown> = {}) => ({ name: 'Hotel Sol', address: 'Calle Mayor 1', zipCode: 46001, ...extra });

describe('POST /structures (create a client)', () => {
  it('401 without a session, 452 for the client user, 400 naming missing fields', async () => {
    expect((await apiClient(t.app).post(BASE, valid())).status).toBe(401);
    const denied = await client.post(BASE, valid());
    expect([denied.status, denied.body.reference]).toEqual([403, '452']);
    const bad = await admin.post(BASE, { zipCode: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.sort()).toEqual(['address', 'name', 'zipCode']);
  });

  it('stores the client fields: numeric zipCode, empty e-mail and fax as null, phones with a type, visit days', async () => {
    const res = await admin.post(
      BASE,
      valid({
        code: 'C-001',
        cif: 'B12345678',
        zipCode: '08001',
        email: '',
        fax: '',
        billingEmail: 'billing@sol.es',
        phones: [
          { type: 'work', phone: '+34961234567' },
          { type: 'mobile', phone: '' },
        ],
        visitDays: [15, 1, 15],
        openMonth: 3,
        closeMonth: 10,
        country: SPAIN,
        province: VALENCIA,
        municipality: VALENCIA_CITY,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Hotel Sol',
      type: 'STRUCTURE',
      parent: a.root.id,
      zipCode: 8001,
      email: null,
      fax: null,
      billingEmail: 'billing@sol.es',
      phones: [{ type: 'work', phone: '+34961234567' }],
      visitDays: [1, 15],
      active: true,
      inactivityDate: null,
      country: SPAIN,
      province: VALENCIA,
      municipality: VALENCIA_CITY,
      childrenCount: 0,
    });
    expect(res.body.secureSpacePath).toBe(`${a.root.path}${res.body._id}/`);
    expect((await admin.get(`${BASE}/${res.body._id}`)).body).toMatchObject({ code: 'C-001', cif: 'B12345678', openMonth: 3 });
    const trail = await admin.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', value: res.body._id }] });
    expect(trail.body.map((x: { type: string }) => x.type)).toEqual(['CREATE']);
  });

  it('refuses bad phones, e-mails and visit days, naming them', async () => {
    const res = await admin.post(BASE, valid({ phones: [{ type: 'work', phone: '12345' }], email: 'nope@x', visitDays: [0, 32], billingEmail: 'a@b.toolong' }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(expect.arrayContaining(['phones.0.phone', 'email', 'billingEmail', 'visitDays.0', 'visitDays.1']));
    expect((await admin.post(BASE, valid({ phones: [{ type: 'fax', phone: '+34961234567' }] }))).body.fields).toEqual(['phones.0.type']);
  });

  it('453 for a province of another country, 456 for a municipality of another province', async () => {
    const wrongProvince = await admin.post(BASE, valid({ country: countryId('FR'), province: VALENCIA }));
    expect([wrongProvince.status, wrongProvince.body.reference]).toEqual([400, '453']);
    expect((await admin.post(BASE, valid({ province: VALENCIA }))).body.reference).toBe('453');
    const wrongCity = await admin.post(BASE, valid({ country: SPAIN, province: VALENCIA, municipality: cityId('ES', '28005') }));
    expect([wrongCity.status, wrongCity.body.reference]).toEqual([400, '456']);
    expect((await admin.post(BASE, valid({ country: a.root.id }))).body.fields).toEqual(['country']);
  });

  it('refuses references the caller cannot see and parents outside the space (451)', async () => {
    expect((await admin.post(BASE, valid({ paymentType: a.root.id }))).body.fields).toEqual(['paymentType']);
    expect((await admin.post(BASE, valid({ activities: [a.root.id] }))).body.fields).toEqual(['activities']);
    const outside = await admin.post(BASE, valid({ parent: '00000000-0000-4000-8000-000000000000' }));
    expect([outside.status, outside.body.reference]).toEqual([403, '451']);
    expect((await admin.post(BASE, valid({ parent: a.establishment.id }))).body.fields).toEqual(['parent']);
  });

  it('creates a sub-structure under a client', async () => {
    const sub = await admin.post(BASE, valid({ name: 'Sub Sol', parent: a.client.id }));
    expect(sub.body).toMatchObject({ parent: a.client.id, type: 'STRUCTURE' });
    const children = await admin.post(`${BASE}/${a.client.id}/children`, {});
    expect(children.body.map((c: { _id: string }) => c._id).sort()).toEqual([a.establishment.id, sub.body._id].sort());
  });
});

describe('GET and PATCH /structures/{id}', () => {
  it('401, 412 for a malformed id, 404 for an unknown one, 452 on a write without permission', async () => {
    expect((await apiClient(t.app).get(`${BASE}/${a.client.id}`)).status).toBe(401);
    expect((await admin.get(`${BASE}/nope`)).body.reference).toBe('412');
    expect((await admin.get(`${BASE}/${a.admin.id}`)).status).toBe(404);
    expect((await admin.get(`${BASE}/${a.root.id}`)).status).toBe(404); // the company itself is not a client
    expect((await auditor.patch(`${BASE}/${a.client.id}`, { name: 'x' })).body.reference).toBe('452');
    expect((await admin.patch(`${BASE}/${a.admin.id}`, { name: 'x' })).status).toBe(404);
    expect((await admin.patch(`${BASE}/${a.client.id}`, { zipCode: 'x' })).body.fields).toEqual(['zipCode']);
  });

  it('an inactive client keeps an inactivity date; reactivating clears it', async () => {
    const created = (await admin.post(BASE, valid({ name: 'Bar Luna' }))).body;
    const off = await admin.patch(`${BASE}/${created._id}`, { active: false, inactivityDate: '2025-03-01' });
    expect(off.body).toMatchObject({ active: false, inactivityDate: '2025-03-01T00:00:00.000Z', name: 'Bar Luna', address: 'Calle Mayor 1' });
    const filtered = await admin.post(`${BASE}/clients/search`, { filters: [{ field: 'active', value: false }] });
    expect(filtered.body.map((c: { _id: string }) => c._id)).toEqual([created._id]);
    const on = await admin.patch(`${BASE}/${created._id}`, { active: true, name: 'Bar Luna Nueva' });
    expect(on.body).toMatchObject({ active: true, inactivityDate: null, name: 'Bar Luna Nueva' });
  });

  it('changing the country clears province and municipality', async () => {
    const created = (await admin.post(BASE, valid({ name: 'Geo', country: SPAIN, province: VALENCIA, municipality: VALENCIA_CITY }))).body;
    const moved = await admin.patch(`${BASE}/${created._id}`, { country: countryId('PT') });
    expect(moved.body).toMatchObject({ country: countryId('PT'), province: null, municipality: null });
  });
});

describe('structure searches', () => {
  it('each variant answers its own set, paged with x-total-count', async () => {
    const all = await admin.post(`${BASE}/search`, { size: 1000 });
    const types = new Set(all.body.map((s: { type: string }) => s.type));
    expect(types).toEqual(new Set(['STRUCTURE', 'ESTABLISHMENT', 'AREA']));
    expect(Number(all.headers['x-total-count'])).toBe(all.body.length);
    const clients = await admin.post(`${BASE}/clients/search`, { size: 1000 });
    expect(clients.body.every((s: { type: string }) => s.type === 'STRUCTURE')).toBe(true);
    const parents = await admin.post(`${BASE}/parent/search`, { size: 1000 });
    expect(parents.body.every((s: { parent: string }) => s.parent === a.root.id)).toBe(true);
    expect(parents.body.length).toBeLessThan(clients.body.length);
    const short = await admin.post(`${BASE}/search-for-users`, { size: 1000 });
    expect(Object.keys(short.body[0]).sort()).toEqual(['_id', 'active', 'childrenCount', 'name', 'parent', 'secureSpacePath', 'type']);
    expect((await admin.post(`${BASE}/worker/clients/search`, {})).headers['x-total-count']).toBe(clients.headers['x-total-count']);
  });

  it('a client user sees only its own client, through the short list', async () => {
    const mine = await client.post(`${BASE}/search-for-client-users`, { size: 100 });
    expect(mine.body.map((s: { _id: string }) => s._id)).toContain(a.client.id);
    expect(mine.body.every((s: { secureSpacePath: string }) => s.secureSpacePath.startsWith(a.client.path))).toBe(true);
    const company = await admin.post(`${BASE}/search-for-client-users`, { size: 100 });
    expect(company.body.length).toBeGreaterThan(mine.body.length);
    expect((await client.post(`${BASE}/clients/search`, {})).body.reference).toBe('452');
    expect((await apiClient(t.app).post(`${BASE}/search-for-client-users`, {})).status).toBe(401);
  });

  it('filters by whitelisted fields only, and projects', async () => {
    const bad = await admin.post(`${BASE}/search`, { filters: [{ field: 'secret', value: 1 }] });
    expect([bad.status, bad.body.fields]).toEqual([400, ['filters.secret']]);
    const areas = await admin.post(`${BASE}/search`, { filters: [{ field: 'type', value: 'AREA' }], projections: ['name'] });
    expect(areas.body).toEqual([{ _id: a.area.id, name: a.area.name }]);
    const below = await admin.post(`${BASE}/search`, { filters: [{ field: 'client', value: a.client.id }] });
    expect(below.body.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining([a.establishment.id, a.area.id]));
    expect((await admin.post(`${BASE}/${a.admin.id}/children`, {})).status).toBe(404);
    expect((await admin.post(`${BASE}/nope/children`, {})).body.reference).toBe('412');
  });
});

describe('DELETE /structures/{id}', () => {
  it('refuses a structure with children (420, field children) unless cascadeDelete=true', async () => {
    const parent = (await admin.post(BASE, valid({ name: 'To delete' }))).body;
    const est = (await admin.post('/ms-core/api/establishments', valid({ name: 'Est', parent: parent._id, socialReason }))).body;
    const area = (await admin.post('/ms-core/api/areas', { name: 'Kitchen', parent: est._id })).body;
    expect((await client.delete(`${BASE}/${parent._id}`)).body.reference).toBe('452');
    const refused = await admin.delete(`${BASE}/${parent._id}`);
    expect([refused.status, refused.body.reference, refused.body.fields]).toEqual([409, '420', ['children']]);
    expect((await admin.delete(`${BASE}/${parent._id}?cascadeDelete=true`)).status).toBe(200);
    for (const id of [parent._id, est._id, area._id]) expect((await admin.get(`${BASE}/${id}`)).status).toBe(404);
    expect((await admin.delete(`${BASE}/${parent._id}`)).status).toBe(404);
    const trail = await admin.post('/ms-core/api/traces/search', {
      filters: [
        { field: 'entity', value: parent._id },
        { field: 'type', value: 'REMOVE' },
      ],
    });
    expect(trail.body[0].payload.removed).toHaveLength(3);
  });

  it("never deletes the caller's own space", async () => {
    const user = await addUser(t.db, {
      email: `client.admin.${a.tag}@example.com`,
      firstName: 'Client',
      lastName: 'Admin',
      home: a.client,
      roleIds: [a.roles.SPACE_ADMIN!],
    });
    const clientAdmin = (await signIn(t.app, user.email)).api;
    const own = await clientAdmin.get(`${BASE}/${a.client.id}`);
    expect(own.body.can).toEqual({ update: true, delete: false });
    const refused = await clientAdmin.delete(`${BASE}/${a.client.id}?cascadeDelete=true`);
    expect([refused.status, refused.body.reference]).toEqual([403, '452']);
    expect((await admin.get(`${BASE}/${a.client.id}`)).status).toBe(200);
    expect((await admin.delete(`${BASE}/nope`)).body.reference).toBe('412');
  });
});
