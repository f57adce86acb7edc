import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';

let t: TTestApp;
let tenant: TTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'spaces');
});
afterAll(() => t.close());

describe('spaces', () => {
  it('current is the space of the session', async () => {
    const { api } = await signIn(t.app, tenant.clientUser.email);
    const res = await api.get('/ms-core/api/spaces/current');
    expect(res.body).toMatchObject({ _id: tenant.client.id, name: tenant.client.name, isRoot: false, typeStructure: 'STRUCTURE' });
  });

  it('my-spaces lists member spaces first, then those below, and searches them', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const all = await api.get('/ms-core/api/spaces/my-spaces');
    expect(all.body.map((s: { _id: string }) => s._id)).toEqual([tenant.root.id, tenant.client.id, tenant.establishment.id, tenant.area.id]);
    const found = await api.get(`/ms-core/api/spaces/my-spaces?search=${encodeURIComponent('Establishment')}`);
    expect(found.body.map((s: { _id: string }) => s._id)).toEqual([tenant.establishment.id]);
    expect((await api.get('/ms-core/api/spaces/my-spaces?size=2')).body).toHaveLength(2);
  });

  it('entering a space below returns a session scoped to it, and records the access', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const res = await api.post(`/ms-core/api/spaces/${tenant.establishment.id}/access`);
    expect(res.status).toBe(200);
    const scopedApi = apiClient(t.app, res.body.accessToken);
    expect((await scopedApi.get('/ms-core/api/spaces/current')).body._id).toBe(tenant.establishment.id);
    // the company's users are above this space: not visible from it
    expect((await scopedApi.post('/ms-core/api/users/search', {})).body).toEqual([]);
  });

  it('exist-identifier is public and says only whether an identifier is taken', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const own = (await api.get('/ms-core/api/spaces/current')).body.identifier;
    expect((await apiClient(t.app).post('/auth/api/spaces/exist-identifier', { identifier: own.toUpperCase() })).body).toEqual({ exists: true });
    expect((await apiClient(t.app).post('/auth/api/spaces/exist-identifier', { identifier: 'free-identifier-xyz' })).body).toEqual({ exists: false });
  });
});
