import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let auditor: TApiClient;
let client: TApiClient;
let clientAdmin: TApiClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'nom');
  admin = (await signIn(t.app, a.admin.email)).api;
  auditor = (await signIn(t.app, a.auditor.email)).api;
  client = (await signIn(t.app, a.clientUser.email)).api;
  const user = await addUser(t.db, {
    email: `client.admin.${a.tag}@example.com`,
    firstName: 'Client',
    lastName: 'Admin',
    home: a.client,
    roleIds: [a.roles.SPACE_ADMIN!],
  });
  clientAdmin = (await signIn(t.app, user.email)).api;
});
afterAll(() => t.close());

/** The simple nomenclatures: name and description, the same rules on every base path. */
const SIMPLE = ['typeareas', 'paymenttypes', 'activities', 'enterprise', 'service-categories', 'employee-profiles', 'employee-types', 'billing-methods'];

describe.each(SIMPLE)('/ms-core/api/%s', (path) => {
  const base = `/ms-core/api/${path}`;

  it('401 without a session, 452 for the client user, 400 naming the fields, 412 and 404', async () => {
    expect((await apiClient(t.app).post(`${base}/search`, {})).status).toBe(401);
    expect((await apiClient(t.app).post(base, { name: 'x', description: 'y' })).status).toBe(401);
    expect((await client.post(base, { name: 'x', description: 'y' })).body.reference).toBe('452');
    expect((await client.post(`${base}/search`, {})).body.reference).toBe('452');
    const missing = await admin.post(base, {});
    expect([missing.status, missing.body.fields.sort()]).toEqual([400, ['description', 'name']]);
    expect((await admin.post(base, { name: 'x', description: 'd'.repeat(501) })).body.fields).toEqual(['description']);
    expect((await admin.get(`${base}/nope`)).body.reference).toBe('412');
    expect((await admin.get(`${base}/${a.root.id}`)).status).toBe(404);
    expect((await admin.patch(`${base}/${a.root.id}`, { name: 'x' })).status).toBe(404);
    expect((await admin.delete(`${base}/${a.root.id}`)).status).toBe(404);
  });

  it('creates, reads, searches, updates and deletes, with a trace for each change', async () => {
    const created = await admin.post(base, { name: `Uno ${path}`, description: 'Primero' });
    expect(created.body).toMatchObject({ name: `Uno ${path}`, description: 'Primero', space: a.root.id, can: { update: true, delete: true } });
    const id = created.body._id;
    expect((await admin.post(base, { name: `uno ${path}`, description: 'dup' })).body.reference).toBe('420');
    await admin.post(base, { name: `Dos ${path}`, description: 'Segundo' });
    const page = await admin.post(`${base}/search`, { size: 1, sort: '-name' });
    expect([page.headers['x-total-count'], page.body[0].name]).toEqual(['2', `Uno ${path}`]);
    expect((await admin.post(`${base}/search`, { search: 'segundo' })).body.map((x: { name: string }) => x.name)).toEqual([`Dos ${path}`]);
    expect((await admin.post(`${base}/search`, { filters: [{ field: 'nope', value: 1 }] })).body.fields).toEqual(['filters.nope']);
    expect((await admin.patch(`${base}/${id}`, { description: 'Cambiado' })).body).toMatchObject({ name: `Uno ${path}`, description: 'Cambiado' });
    expect((await admin.get(`${base}/${id}`)).body.description).toBe('Cambiado');
    expect((await admin.delete(`${base}/${id}`)).status).toBe(200);
    expect((await admin.get(`${base}/${id}`)).status).toBe(404);
    const trail = await admin.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', value: id }], sort: 'date' });
    expect(trail.body.map((x: { type: string }) => x.type)).toEqual(['CREATE', 'UPDATE', 'REMOVE']);
  });

  it("a client space reads the company's rows but cannot change them (451); its own rows stay its own", async () => {
    const root = (await admin.post(base, { name: `Común ${path}`, description: 'De la empresa' })).body;
    const seen = await clientAdmin.get(`${base}/${root._id}`);
    expect(seen.body).toMatchObject({ name: `Común ${path}`, can: { update: false, delete: false } });
    expect((await clientAdmin.post(`${base}/search`, { search: 'Común' })).body).toHaveLength(1);
    const patch = await clientAdmin.patch(`${base}/${root._id}`, { name: 'x' });
    expect([patch.status, patch.body.reference]).toEqual([403, '451']);
    expect((await clientAdmin.delete(`${base}/${root._id}`)).body.reference).toBe('451');
    expect((await admin.get(`${base}/${root._id}`)).body.name).toBe(`Común ${path}`);
    const own = (await clientAdmin.post(base, { name: `Propio ${path}`, description: 'Del cliente' })).body;
    expect(own.space).toBe(a.client.id);
    expect((await admin.get(`${base}/${own._id}`)).body.can.update).toBe(true);
  });
});

describe('/ms-core/api/socialreasons', () => {
  const base = '/ms-core/api/socialreasons';
  it('401, 452, 400 naming the fields', async () => {
    expect((await apiClient(t.app).get(`${base}/${a.root.id}`)).status).toBe(401);
    expect((await auditor.post(base, { name: 'x' })).body.reference).toBe('452');
    const bad = await admin.post(base, { email: 'x@', phones: [{ type: 'work', phone: '600' }] });
    expect(bad.body.fields.sort()).toEqual(['email', 'name', 'phones.0.phone']);
    expect((await admin.get(`${base}/x`)).body.reference).toBe('412');
  });

  it('stores the legal representative, phones and e-mail; empty e-mail is null', async () => {
    const created = await admin.post(base, {
      name: 'Hoteles S.A.',
      legalRepresentative: 'María Pérez',
      phones: [{ type: 'work', phone: '+34960000000' }],
      email: '',
    });
    expect(created.body).toMatchObject({
      name: 'Hoteles S.A.',
      legalRepresentative: 'María Pérez',
      phones: [{ type: 'work', phone: '+34960000000' }],
      email: null,
      description: null,
    });
    const updated = await admin.patch(`${base}/${created.body._id}`, { email: 'legal@hoteles.es' });
    expect(updated.body).toMatchObject({ email: 'legal@hoteles.es', legalRepresentative: 'María Pérez' });
    const found = await admin.post(`${base}/search`, { filters: [{ field: 'legalRepresentative', operator: 'contains', value: 'maría' }] });
    expect(found.body.map((x: { _id: string }) => x._id)).toEqual([created.body._id]);
  });
});
