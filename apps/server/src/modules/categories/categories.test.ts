import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let auditor: TApiClient;
let client: TApiClient;
const BASE = '/ms-core/api/categories';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'cat');
  admin = (await signIn(t.app, a.admin.email)).api;
  auditor = (await signIn(t.app, a.auditor.email)).api;
  client = (await signIn(t.app, a.clientUser.email)).api;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => admin.post(BASE, { description: 'Descripción', ...body });

describe('/ms-core/api/categories', () => {
  it('401, 452, 400 naming the fields, 412 and 404', async () => {
    expect((await apiClient(t.app).post(`${BASE}/search`, {})).status).toBe(401);
    expect((await auditor.post(BASE, { name: 'x', description: 'y', type: 'TEMPLATE' })).body.reference).toBe('452');
    expect((await client.post(`${BASE}/search`, {})).body.reference).toBe('452');
    const bad = await admin.post(BASE, { color: 'red', description: 'x'.repeat(501) });
    expect(bad.body.fields.sort()).toEqual(['color', 'description', 'name', 'type']);
    expect((await admin.post(`${BASE}/x/children`, {})).body.reference).toBe('412');
    expect((await admin.post(`${BASE}/${a.root.id}/children`, {})).status).toBe(404);
    expect((await admin.post(`${BASE}/search-categories-subcategories`, {})).body.fields).toEqual(['type']);
  });

  it('builds trees per type: children of the same type, names unique among siblings', async () => {
    const hygiene = (await create({ name: 'Higiene alimentaria', type: 'TEMPLATE', color: '#1677ff' })).body;
    expect(hygiene).toMatchObject({ type: 'TEMPLATE', color: '#1677ff', parent: null });
    const kitchen = (await create({ name: 'Cocina', type: 'TEMPLATE', parent: hygiene._id })).body;
    const cold = (await create({ name: 'Frío', type: 'TEMPLATE', parent: kitchen._id })).body;
    expect((await create({ name: 'cocina', type: 'TEMPLATE', parent: hygiene._id })).body.reference).toBe('420');
    expect((await create({ name: 'Cocina', type: 'REGISTER' })).status).toBe(200);
    expect((await create({ name: 'Mixta', type: 'REGISTER', parent: hygiene._id })).body.fields).toEqual(['parent']);
    await create({ name: 'Piscinas', type: 'TEMPLATE' });

    const templates = await auditor.post(`${BASE}/search`, { filters: [{ field: 'type', value: 'TEMPLATE' }], size: 100 });
    expect(templates.body.map((c: { name: string }) => c.name).sort()).toEqual(['Cocina', 'Frío', 'Higiene alimentaria', 'Piscinas']);
    const children = await auditor.post(`${BASE}/${hygiene._id}/children`, {});
    expect(children.body.map((c: { _id: string }) => c._id)).toEqual([kitchen._id]);
    const tree = await auditor.post(`${BASE}/search-categories-subcategories`, { type: 'TEMPLATE' });
    expect(tree.headers['x-total-count']).toBe('2');
    const top = tree.body.find((c: { _id: string }) => c._id === hygiene._id);
    expect(top.children.map((c: { name: string }) => c.name)).toEqual(['Cocina']);
    expect(top.children[0].children.map((c: { _id: string }) => c._id)).toEqual([cold._id]);

    expect((await admin.patch(`${BASE}/${hygiene._id}`, { parent: cold._id })).body.fields).toEqual(['parent']);
    const refused = await admin.delete(`${BASE}/${kitchen._id}`);
    expect([refused.status, refused.body.reference, refused.body.fields]).toEqual([409, '420', ['children']]);
    expect((await admin.delete(`${BASE}/${cold._id}`)).status).toBe(200);
    expect((await admin.delete(`${BASE}/${kitchen._id}`)).status).toBe(200);
    expect((await admin.get(`${BASE}/${kitchen._id}`)).status).toBe(404);
  });
});
