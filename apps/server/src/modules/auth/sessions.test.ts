import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, TEST_PASSWORD, type TTenant } from '../../test/factories.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { hashOpaqueToken } from '../../platform/tokens.js';
import { REFRESH_REUSE_GRACE_MS } from './service.js';

/**
 * Sessions under the robustness findings of issue 12: a forged X-Forwarded-For does not dodge the
 * sign-in limit, a password change ends the sessions opened before it, and two tabs refreshing
 * the same session at once both stay signed in while a real reuse later still revokes the family.
 */
let t: TTestApp;
let tenant: TTenant;

const SIGNIN_LIMIT = 3;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'sess');
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => apiClient(t.app).post('/auth/api/refresh-token', { refreshToken });

/** Moves a spent token's use back in time, as if `ms` had passed since it was rotated. */
const ageUse = (refreshToken: string, ms: number) =>
  unsafeUnscoped(t.db, (tx) =>
    tx.execute(sql`update refresh_tokens set used_at = used_at - make_interval(secs => ${ms / 1000}) where token_hash = ${hashOpaqueToken(refreshToken)}`),
  );

describe('the sign-in rate limit and X-Forwarded-For', () => {
  const wrongSignIn = (app: TTestApp['app'], forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/api/signin',
      payload: { username: 'nobody@example.com', password: 'Wrong-Pass1!' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  /** A second app on the same database with a low sign-in limit (the shared one must stay usable). */
  async function withLimitedApp(env: Record<string, string>, work: (app: TTestApp['app']) => Promise<void>) {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(32),
      DATA_DIR: '/tmp/audit-test-unused',
      SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT),
      LOG_LEVEL: 'silent',
      ...env,
    });
    const app = await buildApp({ config, db: t.db, logger: false });
    await app.ready();
    try {
      await work(app);
    } finally {
      await app.close();
    }
  }

  it('by default no proxy is trusted: a made-up X-Forwarded-For per attempt still hits the limit', async () => {
    await withLimitedApp({}, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGNIN_LIMIT; i++) statuses.push((await wrongSignIn(app, `203.0.113.${i + 1}`)).statusCode);
      expect(statuses).toEqual([...Array(SIGNIN_LIMIT).fill(401), 429]);
    });
  });

  it('behind a configured proxy, the client address it forwards is the one limited', async () => {
    await withLimitedApp({ TRUST_PROXY: '127.0.0.1' }, async (app) => {
      for (let i = 0; i < SIGNIN_LIMIT; i++) expect((await wrongSignIn(app, '198.51.100.7')).statusCode).toBe(401);
      expect((await wrongSignIn(app, '198.51.100.7')).statusCode).toBe(429);
      // another client behind the same proxy has its own allowance
      expect((await wrongSignIn(app, '198.51.100.8')).statusCode).toBe(401);
    });
  });

  it('two servers on one database count the same attempts: together they allow what one does (issue 27)', async () => {
    await withLimitedApp({ TRUST_PROXY: '127.0.0.1' }, async (first) => {
      await withLimitedApp({ TRUST_PROXY: '127.0.0.1' }, async (second) => {
        const statuses: number[] = [];
        for (let i = 0; i <= SIGNIN_LIMIT; i++) statuses.push((await wrongSignIn(i % 2 ? second : first, '198.51.100.40')).statusCode);
        expect(statuses).toEqual([...Array(SIGNIN_LIMIT).fill(401), 429]);
        expect((await wrongSignIn(first, '198.51.100.40')).statusCode).toBe(429);
        expect((await wrongSignIn(second, '198.51.100.41')).statusCode).toBe(401);
      });
    });
  });

  it('TRUST_PROXY accepts addresses and CIDRs, a hop count, true, and refuses anything else', () => {
    const trust = (value?: string) =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/audit-test-unused', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 192.168.0.0/16,::1,fd00::/8')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8']);
    expect(trust('loopback')).toEqual(['loopback']);
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '-1', '']) expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('a password change ends the sessions opened before it', () => {
  it("an administrator's reset: the user's access and refresh tokens stop working; a new sign-in works", async () => {
    const user = await signIn(t.app, tenant.clientUser.email);
    const admin = await signIn(t.app, tenant.admin.email);
    expect((await admin.api.post('/ms-core/api/users/password-reset', { _id: tenant.clientUser.id, password: 'N3w-Secret!' })).status).toBe(200);
    expect((await user.api.get('/ms-core/api/users/me')).status).toBe(401);
    const stale = await refresh(user.session.refreshToken);
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ name: 'UNAUTHORIZEDERROR', reference: '401' });
    const fresh = await signIn(t.app, tenant.clientUser.email, 'N3w-Secret!');
    expect((await fresh.api.get('/ms-core/api/users/me')).status).toBe(200);
    expect((await refresh(fresh.session.refreshToken)).status).toBe(200);
    expect((await admin.api.get('/ms-core/api/users/me')).status).toBe(200);
    // the administrator's own session is untouched
    expect((await refresh(admin.session.refreshToken)).status).toBe(200);
  });

  it('any change of the password hash (e.g. the user changing their own) does the same', async () => {
    const user = await signIn(t.app, tenant.auditor.email);
    // other changes to the user (or a write of the same hash) do not end the session
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set password_hash = password_hash, first_name = 'Renamed' where id = ${tenant.auditor.id}`));
    const rotated = await refresh(user.session.refreshToken);
    expect(rotated.status).toBe(200);
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set password_hash = password_hash || 'x' where id = ${tenant.auditor.id}`));
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect((await apiClient(t.app, rotated.body.accessToken).get('/ms-core/api/users/me')).status).toBe(401);
  });
});

describe('two tabs refreshing the same session at once', () => {
  it('both get the same new pair, and the session goes on', async () => {
    const { session } = await signIn(t.app, tenant.admin.email, TEST_PASSWORD);
    const [tabA, tabB] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([tabA.status, tabB.status]).toEqual([200, 200]);
    expect(tabB.body.refreshToken).toBe(tabA.body.refreshToken);
    expect(tabB.body.accessToken).toBe(tabA.body.accessToken);
    expect(tabB.body.space).toEqual(tabA.body.space);
    expect((await apiClient(t.app, tabB.body.accessToken).get('/ms-core/api/users/me')).status).toBe(200);
    expect((await refresh(tabA.body.refreshToken)).status).toBe(200);
  });

  it('a tab that repeats after the other tab already rotated twice gets the live end of the chain', async () => {
    const { session } = await signIn(t.app, tenant.admin.email);
    const first = await refresh(session.refreshToken);
    const second = await refresh(first.body.refreshToken);
    const late = await refresh(session.refreshToken);
    expect(late.status).toBe(200);
    expect(late.body.refreshToken).toBe(second.body.refreshToken);
    expect((await refresh(late.body.refreshToken)).status).toBe(200);
  });

  it(`a repeat after the ${REFRESH_REUSE_GRACE_MS / 1000} s grace window is reuse: the family is revoked`, async () => {
    const { session } = await signIn(t.app, tenant.admin.email);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);
    await ageUse(session.refreshToken, REFRESH_REUSE_GRACE_MS + 1000);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
  });

  it('a signed-out session is not revived by a repeat within the window', async () => {
    const { session } = await signIn(t.app, tenant.admin.email);
    const rotated = await refresh(session.refreshToken);
    expect((await apiClient(t.app).post('/auth/api/logout', { refreshToken: rotated.body.refreshToken })).status).toBe(200);
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });
});
