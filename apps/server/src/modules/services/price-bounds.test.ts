import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn } from '../../test/factories.js';

/** Decision 0026: a service price has euros and cents up to 999,999.99; the form says the same. */
let t: TTestApp;
let admin: TApiClient;
const BASE = '/ms-core/api/services';
const service = (price: number) => ({ name: `Servicio ${price}`, executionTime: 2, price, salesAccount: 70500000 });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, (await createTenant(t.db, 'price')).admin.email)).api;
});
afterAll(() => t.close());

describe('service price bounds', () => {
  it('refuses 99999999999999999, a negative price and a third decimal (VAL0001); keeps 999999.99', async () => {
    for (const price of [1e17 /* typed as 99999999999999999 */, -1, 10.005]) {
      const res = await admin.post(BASE, service(price));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ reference: 'VAL0001', fields: ['price'] });
    }
    expect((await admin.post(BASE, service(999999.99))).body.price).toBe(999999.99);
  });
});
