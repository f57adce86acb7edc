import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';

/**
 * The security figure of issue 17: a flood of 300 wrong passwords and 300 recovery requests in
 * 10 s from one address gets 429s, while other users' requests keep a p99 under 200 ms. Real
 * limits (the defaults: 30 sign-ins and 10 account forms a minute per address), loopback requests.
 */
let t: TTestApp;
let tenant: TTenant;

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT: '30', ACCOUNT_RATE_LIMIT: '10' });
  tenant = await createTenant(t.db, 'flood');
});
afterAll(() => t.close());

const FLOOD = 300;
const FLOOD_MS = 10_000;
const QUIET_REQUESTS = 100;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** `FLOOD` requests spread over 10 s like the attack in the issue (one every ~33 ms, not awaited). */
async function flood(send: (i: number) => Promise<number>) {
  const statuses: Promise<number>[] = [];
  const started = Date.now();
  for (let i = 0; i < FLOOD; i++) {
    const due = started + (i * FLOOD_MS) / FLOOD;
    while (Date.now() < due) await new Promise((resolve) => setImmediate(resolve));
    statuses.push(send(i));
  }
  return Promise.all(statuses);
}

/** Another user's reads, one after the other, until `until` settles or `count` are done: their latencies. */
async function otherUser(api: Awaited<ReturnType<typeof signIn>>['api'], stop: { until?: Promise<unknown>; count?: number }) {
  const latencies: number[] = [];
  let done = false;
  void stop.until?.finally(() => (done = true));
  for (let n = 0; stop.until ? !done : n < stop.count!; n++) {
    const start = performance.now();
    const res = n % 2 ? await api.get('/ms-core/api/users/me') : await api.post('/ms-core/api/notifications/search', { size: 10, page: 0 });
    latencies.push(performance.now() - start);
    expect(res.status).toBe(200);
  }
  return latencies;
}

describe('a flood from one address (issue 17 security figures)', () => {
  it('300 wrong passwords and 300 recovery requests in 10 s get 429s; other users keep their speed', { timeout: 90_000 }, async () => {
    const { api } = await signIn(t.app, tenant.clientUser.email);
    const before = await otherUser(api, { count: QUIET_REQUESTS });
    const attack = Promise.all([
      flood(
        async () =>
          (
            await t.app.inject({
              method: 'POST',
              url: '/auth/api/signin',
              remoteAddress: '203.0.113.7',
              payload: { username: tenant.admin.email, password: 'wrong' },
            })
          ).statusCode,
      ),
      flood(
        async (i) =>
          (
            await t.app.inject({
              method: 'POST',
              url: '/auth/api/recover',
              remoteAddress: '203.0.113.8',
              payload: { identifier: `x${i}@example.com`, captcha: { salt: 'forged-salt-xx', number: i, signature: 'forged-signature' } },
            })
          ).statusCode,
      ),
    ]);
    const during = await otherUser(api, { until: attack });
    const after = await otherUser(api, { count: QUIET_REQUESTS });
    const [signins, recoveries] = await attack;

    // Past the limit, every request is refused with 429 before any work; the others are plain refusals, never a success or a 5xx.
    expect(signins.filter((s) => s === 429).length).toBeGreaterThanOrEqual(FLOOD - 30);
    expect(signins.every((s) => s === 429 || s === 401 || s === 403)).toBe(true);
    expect(recoveries.filter((s) => s === 429).length).toBeGreaterThanOrEqual(FLOOD - 10);
    expect(recoveries.every((s) => s === 429 || s === 400)).toBe(true);

    const p99 = percentile(during, 99);
    const quietP99 = Math.max(percentile(before, 99), percentile(after, 99));
    console.info(
      `flood: sign-in ${signins.filter((s) => s === 429).length} × 429, recovery ${recoveries.filter((s) => s === 429).length} × 429; ` +
        `other user during the flood: ${during.length} requests, p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; quiet p99 ${quietP99.toFixed(1)} ms`,
    );
    expect(during.length).toBeGreaterThan(50);
    // The bound is 200 ms. On a machine already slower than that without any flood (a shared
    // box under load), the flood may at most double the quiet p99: what is measured is that the flood
    // does not slow the others down.
    expect(p99).toBeLessThan(Math.max(200, 2 * quietP99));
  });
});
