import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/harness.js';
import { createDemoTestApp } from '../../test/demo-template.js';
import { signIn } from '../../test/factories.js';
import { DEMO_PASSWORD } from '../../seed/demo.js';

let t: TTestApp;

beforeAll(async () => {
  t = await createDemoTestApp();
}, 300_000);
afterAll(() => t.close());

describe('demo seed: the visit plan (decision 0089)', () => {
  it('Hotel Mar Azul’s active contract has its plan, every hired visit planned, some confirmed into audits', async () => {
    const { api } = await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const year = new Date().getUTCFullYear();
    const summary = (await api.get(`/ms-core/api/visit-plans/summary?year=${year}`)).body;
    const hotel = summary.clients.find((c: { client: { name: string } }) => c.client.name === 'Hotel Mar Azul');
    expect(hotel).toMatchObject({ hired: 22, planned: 22 });
    expect(hotel.confirmed).toBeGreaterThan(0);
    const visits = (await api.get(`/ms-core/api/visit-plans/visits?year=${year}&client=${hotel.client._id}`)).body as {
      status: string;
      audit: string | null;
    }[];
    expect(visits).toHaveLength(22);
    for (const v of visits.filter((x) => x.status === 'CONFIRMED')) expect((await api.get(`/ms-core/api/audits/${v.audit}`)).status).toBe(200);
  });
});
