import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';

const BASE = '/ms-core/api/traces';
let t: TTestApp;
let tenant: TTenant;
let other: TTenant;
let admin: Awaited<ReturnType<typeof signIn>>;
let roleId: string;

beforeAll(async () => {
  t = await createTestApp();
  [tenant, other] = [await createTenant(t.db, 'trc'), await createTenant(t.db, 'trd')];
  admin = await signIn(t.app, tenant.admin.email);
  // Three changes by the administrator: a role created, given permissions, deleted.
  roleId = (await admin.api.post('/ms-core/api/roles', { name: 'inspector' })).body._id;
  await admin.api.post(`/ms-core/api/roles/${roleId}/permission`, { permissions: ['AUDIT:READ'] });
  await admin.api.delete(`/ms-core/api/roles/${roleId}`);
  const foreign = await signIn(t.app, other.admin.email);
  await foreign.api.post('/ms-core/api/roles', { name: 'foreign-role' });
});
afterAll(() => t.close());

describe('/admin/traces: the audit trail', () => {
  it("lists the space's changes newest first, naming their owner, filtered by user, type, module, entity and dates", async () => {
    const all = await admin.api.post(`${BASE}/search`, { size: 50 });
    expect(all.status).toBe(200);
    expect(all.body.slice(0, 3).map((tr: { type: string }) => tr.type)).toEqual(['REMOVE', 'UPDATE', 'CREATE']);
    expect(all.body[0]).toMatchObject({ owner: tenant.admin.id, ownerName: `Admin ${tenant.tag}`, module: 'ROLE', entity: roleId });
    expect(JSON.stringify(all.body)).not.toContain('foreign-role');

    const filter = async (filters: unknown[]) => (await admin.api.post(`${BASE}/search`, { size: 50, filters })).body as { type: string }[];
    expect(
      await filter([
        { field: 'type', operator: 'eq', value: 'UPDATE' },
        { field: 'entity', operator: 'eq', value: roleId },
      ]),
    ).toHaveLength(1);
    expect(
      await filter([
        { field: 'owner', operator: 'eq', value: tenant.admin.id },
        { field: 'module', operator: 'eq', value: 'ROLE' },
      ]),
    ).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await filter([{ field: 'date', operator: 'gte', value: `${today}T00:00:00.000Z` }])).length).toBeGreaterThanOrEqual(3);
    expect(await filter([{ field: 'date', operator: 'lte', value: '2000-01-01T00:00:00.000Z' }])).toEqual([]);
    const wrong = await admin.api.post(`${BASE}/search`, { filters: [{ field: 'type', operator: 'eq', value: 'DROP' }] });
    expect(wrong).toMatchObject({ status: 400, body: { fields: ['filters.type'] } });
  });

  it('opens one trace with its payload; another tenant gets 404 and a user without TRACE:READ 452', async () => {
    const [update] = (
      await admin.api.post(`${BASE}/search`, {
        filters: [
          { field: 'type', operator: 'eq', value: 'UPDATE' },
          { field: 'entity', operator: 'eq', value: roleId },
        ],
      })
    ).body;
    const one = await admin.api.get(`${BASE}/${update._id}`);
    expect(one.body).toMatchObject({ _id: update._id, section: 'permissions', payload: { from: [], to: ['AUDIT:READ'] }, ownerName: `Admin ${tenant.tag}` });
    expect((await (await signIn(t.app, other.admin.email)).api.get(`${BASE}/${update._id}`)).status).toBe(404);
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.get(`${BASE}/${update._id}`)).body.reference).toBe('452');
    expect((await admin.api.get(`${BASE}/not-an-id`)).body.reference).toBe('412');
  });

  it("narrows to one client's space and below (the client page's history tab); a space outside the caller's is 404", async () => {
    const socialReason = (await admin.api.post('/ms-core/api/socialreasons', { name: 'Historia S.L.' })).body._id as string;
    const place = { address: 'Calle Mayor 1', zipCode: 46001, socialReason };
    const clientA = (await admin.api.post('/ms-core/api/structures', { name: 'Cliente historia A', ...place })).body._id as string;
    const clientB = (await admin.api.post('/ms-core/api/structures', { name: 'Cliente historia B', ...place })).body._id as string;
    const establishment = (await admin.api.post('/ms-core/api/establishments', { name: 'A Centro', parent: clientA, ...place })).body._id as string;
    const history = await admin.api.post(`${BASE}/search`, { size: 50, space: clientA });
    expect(history.status).toBe(200);
    expect(history.headers['x-total-count']).toBe('2');
    expect(history.body.map((tr: { entity: string }) => tr.entity).sort()).toEqual([clientA, establishment].sort());
    expect((await admin.api.post(`${BASE}/search`, { size: 50, space: clientB })).body.map((tr: { entity: string }) => tr.entity)).toEqual([clientB]);
    // Filters still apply inside it; a space of another tenant or no uuid is refused.
    const creates = await admin.api.post(`${BASE}/search`, { space: clientA, filters: [{ field: 'entity', operator: 'eq', value: establishment }] });
    expect(creates.body).toHaveLength(1);
    expect((await admin.api.post(`${BASE}/search`, { space: other.root.id })).status).toBe(404);
    expect((await admin.api.post(`${BASE}/search`, { space: 'nope' })).status).toBe(400);
  });
});
