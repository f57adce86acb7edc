import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';

/**
 * Clients, establishments, areas, nomenclatures, services and goals across tenants: with a token of
 * tenant A every route given tenant B's ids finds nothing (404, or 451 for a write target) and
 * changes nothing.
 */
let t: TTestApp;
let a: TTenant;
let b: TTenant;
let apiA: TApiClient;
let apiB: TApiClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'isa');
  b = await createTenant(t.db, 'isb');
  apiA = (await signIn(t.app, a.admin.email)).api;
  apiB = (await signIn(t.app, b.admin.email)).api;
  for (const path of [
    'typeareas',
    'paymenttypes',
    'activities',
    'enterprise',
    'service-categories',
    'employee-profiles',
    'employee-types',
    'billing-methods',
  ]) {
    ids[path] = (await apiB.post(`/ms-core/api/${path}`, { name: `B ${path}`, description: 'de B' })).body._id;
  }
  ids.socialreasons = (await apiB.post('/ms-core/api/socialreasons', { name: 'B SR' })).body._id;
  ids.services = (await apiB.post('/ms-core/api/services', { name: 'B service', executionTime: 1, price: 1, salesAccount: 1 })).body._id;
  ids.categories = (await apiB.post('/ms-core/api/categories', { name: 'B cat', description: 'x', type: 'TEMPLATE' })).body._id;
  await apiB.post(`/ms-core/api/spaces/${b.establishment.id}/services-templates-goal`, { servicesTemplatesGoal: [{ service: ids.services, valueGoal: 70 }] });
});
afterAll(() => t.close());

/** Everything tenant B can see of its own, to compare before and after A's attempts. */
async function snapshotB() {
  const structures = await apiB.post('/ms-core/api/structures/search', { size: 1000, sort: 'name' });
  const lists = await Promise.all(Object.keys(ids).map((p) => apiB.post(`/ms-core/api/${p}/search`, { size: 1000, sort: 'name' })));
  const goals = await apiB.get(`/ms-core/api/spaces/${b.establishment.id}/services-templates-goal`);
  return JSON.stringify([structures.body, lists.map((l) => l.body), goals.body]);
}

describe("tenant A with tenant B's ids", () => {
  it('finds, changes and deletes none of B’s structures, and adds nothing under them', async () => {
    const before = await snapshotB();
    for (const [base, id] of [
      ['structures', b.client.id],
      ['establishments', b.establishment.id],
      ['areas', b.area.id],
      ['structures', b.area.id],
    ] as const) {
      expect((await apiA.get(`/ms-core/api/${base}/${id}`)).status).toBe(404);
      expect((await apiA.patch(`/ms-core/api/${base}/${id}`, { name: 'hacked', address: 'x', zipCode: 1, socialReason: ids.socialreasons })).status).toBe(404);
      expect((await apiA.delete(`/ms-core/api/${base}/${id}?cascadeDelete=true`)).status).toBe(404);
    }
    const body = { name: 'Intruso', address: 'x', zipCode: 1 };
    expect((await apiA.post('/ms-core/api/structures', { ...body, parent: b.root.id })).body.reference).toBe('451');
    expect((await apiA.post('/ms-core/api/establishments', { ...body, parent: b.client.id, socialReason: ids.socialreasons })).body.reference).toBe('451');
    expect((await apiA.post('/ms-core/api/areas', { name: 'x', parent: b.establishment.id })).body.reference).toBe('451');
    expect((await apiA.post(`/ms-core/api/structures/${b.client.id}/children`, {})).status).toBe(404);
    expect((await apiA.post('/ms-core/api/areas/search-space', { space: b.establishment.id })).status).toBe(404);
    const everything = await apiA.post('/ms-core/api/structures/search', { size: 1000 });
    expect(everything.body.every((s: { secureSpacePath: string }) => s.secureSpacePath.startsWith(a.root.path))).toBe(true);
    expect(await snapshotB()).toBe(before);
  });

  it("neither reads nor changes B's nomenclatures, nor references them", async () => {
    const before = await snapshotB();
    for (const [path, id] of Object.entries(ids)) {
      expect((await apiA.get(`/ms-core/api/${path}/${id}`)).status).toBe(404);
      expect((await apiA.patch(`/ms-core/api/${path}/${id}`, { description: 'hacked' })).status).toBe(404);
      expect((await apiA.delete(`/ms-core/api/${path}/${id}`)).status).toBe(404);
      expect((await apiA.post(`/ms-core/api/${path}/search`, { size: 1000 })).body.map((x: { _id: string }) => x._id)).not.toContain(id);
    }
    const client = await apiA.post('/ms-core/api/structures', { name: 'x', address: 'x', zipCode: 1, paymentType: ids.paymenttypes, company: ids.enterprise });
    expect(client.body.fields).toEqual(['paymentType']);
    expect((await apiA.post('/ms-core/api/categories', { name: 'x', description: 'x', type: 'TEMPLATE', parent: ids.categories })).body.fields).toEqual([
      'parent',
    ]);
    expect((await apiA.post(`/ms-core/api/categories/${ids.categories}/children`, {})).status).toBe(404);
    expect(await snapshotB()).toBe(before);
  });

  it("neither reads nor sets B's services goals", async () => {
    const before = await snapshotB();
    const goal = { servicesTemplatesGoal: [{ service: ids.services, valueGoal: 1 }] };
    expect((await apiA.get(`/ms-core/api/spaces/${b.establishment.id}/services-templates-goal`)).status).toBe(404);
    expect((await apiA.post(`/ms-core/api/spaces/${b.establishment.id}/services-templates-goal`, goal)).status).toBe(404);
    expect((await apiA.post(`/ms-core/api/spaces/${a.establishment.id}/services-templates-goal`, goal)).body.fields).toEqual(['servicesTemplatesGoal.service']);
    expect((await apiA.post(`/ms-core/api/spaces/${b.establishment.id}/services`, {})).status).toBe(404);
    expect((await apiA.post('/ms-core/api/services/search-from-client', { client: b.client.id })).status).toBe(404);
    expect((await apiA.post('/ms-core/api/spaces/user-services', { size: 1000 })).body.map((s: { _id: string }) => s._id)).not.toContain(ids.services);
    expect(await snapshotB()).toBe(before);
  });

  it("a client-space administrator cannot reach a sibling client or the company's own rows", async () => {
    const sibling = await addSpace(t.db, { name: 'Hermano', parent: a.root });
    const user = await addUser(t.db, {
      email: `client.admin.${a.tag}@example.com`,
      firstName: 'Client',
      lastName: 'Admin',
      home: a.client,
      roleIds: [a.roles.SPACE_ADMIN!],
    });
    const api = (await signIn(t.app, user.email)).api;
    expect((await api.get(`/ms-core/api/structures/${sibling.id}`)).status).toBe(404);
    expect(
      (await api.post('/ms-core/api/establishments', { name: 'x', address: 'x', zipCode: 1, parent: sibling.id, socialReason: ids.socialreasons })).body
        .reference,
    ).toBe('451');
    expect((await api.post('/ms-core/api/structures', { name: 'x', address: 'x', zipCode: 1, parent: a.root.id })).body.reference).toBe('451');
    const mine = await api.post('/ms-core/api/structures/search', { size: 1000 });
    expect(mine.body.every((s: { secureSpacePath: string }) => s.secureSpacePath.startsWith(a.client.path))).toBe(true);
    const parents = await api.post('/ms-core/api/structures/parent/search', {});
    expect(parents.body.map((s: { _id: string }) => s._id)).toEqual([a.client.id]);
  });
});
