import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/harness.js';
import { createDemoTestApp } from '../../test/demo-template.js';
import { signIn } from '../../test/factories.js';
import { DEMO_PASSWORD } from '../../seed/demo.js';

let t: TTestApp;

beforeAll(async () => {
  t = await createDemoTestApp();
  // The run's first demo file seeds the day's demo template (half a year of audits through the audits
  // module's rules): room for a loaded machine.
}, 300_000);
afterAll(() => t.close());

describe('demo seed: service contracts (decision 0083)', () => {
  it("gives Hotel Mar Azul an active contract and El Olivo a draft, at the catalogue's prices, totalled to the cent", async () => {
    const { api } = await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const list = (await api.post('/ms-core/api/contracts/search', { sort: 'startDate' })).body as {
      client: { name: string };
      status: string;
      lines: { service: { name: string }; quantity: number; unitPriceCents: number; groupIva: string }[];
      netCents: number;
      ivaCents: number;
      totalCents: number;
    }[];
    expect(list.map((c) => [c.client.name, c.status])).toEqual([
      ['Hotel Mar Azul', 'ACTIVE'],
      ['Restaurante El Olivo', 'DRAFT'],
    ]);
    const hotel = list[0]!;
    expect(hotel.lines.map((l) => [l.service.name, l.quantity, l.unitPriceCents, l.groupIva])).toEqual([
      ['Auditoría de higiene', 12, 18_000, 'typeC'],
      ['Auditoría de piscinas', 6, 15_000, 'typeC'],
      ['Control de legionela', 4, 9_550, 'typeB'],
    ]);
    // 2,160.00 + 900.00 at 21 % (453.60 + 189.00) and 382.00 at 10 % (38.20): 3,442.00 net, 680.80 IVA, 4,122.80.
    expect([hotel.netCents, hotel.ivaCents, hotel.totalCents]).toEqual([344_200, 68_080, 412_280]);
  });

  it("the hotel's client user holds no CONTRACT permission and is refused (452)", async () => {
    const { api } = await signIn(t.app, 'client@demo.test', DEMO_PASSWORD);
    const res = await api.post('/ms-core/api/contracts/search', {});
    expect([res.status, res.body.reference]).toEqual([403, '452']);
  });
});
