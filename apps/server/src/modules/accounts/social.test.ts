import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, createTenant, type TTenant } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { startOidcProvider, type TTestAccount, type TTestProvider } from '../../test/oidc-provider.js';

/**
 * Google sign-in (decision 0046) against a real OpenID Connect provider on 127.0.0.1 (npm
 * `oidc-provider`): the ID tokens are the provider's, signed with its keys and fetched through its
 * login and consent pages; the server verifies them against the provider's JWKS.
 */

const REDIRECT = 'http://127.0.0.1:5173/login/google';
const CLIENT = 'audit-web';
let t: TTestApp;
let provider: TTestProvider;
let tenant: TTenant;
const accounts: Record<string, TTestAccount> = {};
const anon = () => apiClient(t.app);

beforeAll(async () => {
  provider = await startOidcProvider({ clients: [CLIENT, 'other-app'], redirectUri: REDIRECT, accounts });
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT, GOOGLE_ISSUER: provider.issuer, GOOGLE_REDIRECT_URI: REDIRECT });
  tenant = await createTenant(t.db, 'goo');
  const pending = await addUser(t.db, {
    email: `pending.${tenant.tag}@example.com`,
    firstName: 'Pending',
    home: tenant.root,
    roleIds: [],
    status: 'UNVERIFIED',
  });
  const locked = await addUser(t.db, { email: `locked.${tenant.tag}@example.com`, firstName: 'Locked', home: tenant.root, roleIds: [], status: 'LOCK' });
  // Google answers e-mails as the person typed them: the match ignores case.
  accounts.admin = { email: tenant.admin.email.toUpperCase(), email_verified: true, given_name: 'Admin' };
  accounts.unverified = { email: tenant.auditor.email, email_verified: false };
  accounts.stranger = { email: `nobody.${tenant.tag}@example.com`, email_verified: true };
  accounts.pending = { email: pending.email, email_verified: true };
  accounts.locked = { email: locked.email, email_verified: true };
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** Starts a sign-in on the server and goes through the provider as `login`: the ID token and the state the browser would hold. */
async function googleAs(login: string, edit?: (url: URL) => void) {
  const started = await anon().post('/auth/api/social-signin/start', {});
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  edit?.(url);
  const back = await provider.authorize(url.toString(), login);
  expect(Object.fromEntries(back)).toMatchObject({ state: started.body.state });
  expect(Object.fromEntries(back)).toMatchObject({ id_token: expect.any(String) });
  return { idToken: back.get('id_token')!, state: started.body.state as string };
}
const signInWith = (body: object) => anon().post('/auth/api/social-signin', body);

describe('Google sign-in (decision 0046)', () => {
  it('tells the web it is configured, and starts at the provider with state, nonce and our client', async () => {
    expect((await anon().get('/auth/api/social-signin/providers')).body).toEqual({ google: true });
    const { body } = await anon().post('/auth/api/social-signin/start', {});
    const url = new URL(body.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('state')).toBe(body.state);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
  });

  it('signs in the account of the verified e-mail, never the user id the browser sends; the state works once', async () => {
    const { idToken, state } = await googleAs('admin');
    const res = await signInWith({ idToken, state, remember: true, userId: tenant.auditor.id });
    expect(res.status).toBe(200);
    expect(res.body.space._id).toBe(tenant.root.id);
    const me = await apiClient(t.app, res.body.accessToken).get('/ms-core/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(tenant.admin.email);
    // The session is a real one: its refresh token rotates.
    expect((await anon().post('/auth/api/refresh-token', { refreshToken: res.body.refreshToken })).status).toBe(200);

    const again = await signInWith({ idToken, state });
    expect(again.status).toBe(401);
    expect(again.body.reference).toBe('SOC0002');
  });

  it('the same token and state sent twice at once open one session, and nothing answers 5xx', async () => {
    const { idToken, state } = await googleAs('admin');
    const answers = await Promise.all([signInWith({ idToken, state }), signInWith({ idToken, state })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('refuses an e-mail the provider has not verified (SOC0003)', async () => {
    const res = await signInWith(await googleAs('unverified'));
    expect(res.status).toBe(403);
    expect(res.body.reference).toBe('SOC0003');
  });

  it('refuses a token issued to another client (audience)', async () => {
    const res = await signInWith(await googleAs('admin', (url) => url.searchParams.set('client_id', 'other-app')));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ reference: 'SOC0002', message: expect.stringContaining('Google') });
  });

  it('refuses a token whose nonce is not the sign-in’s: another state, or a nonce changed on the way', async () => {
    const first = await googleAs('admin');
    const second = await googleAs('admin');
    expect((await signInWith({ idToken: first.idToken, state: second.state })).body.reference).toBe('SOC0002');
    const tampered = await googleAs('admin', (url) => url.searchParams.set('nonce', 'chosen-by-someone-else'));
    const res = await signInWith(tampered);
    expect(res.status).toBe(401);
    expect(res.body.reference).toBe('SOC0002');
  });

  it('refuses an expired token (issued by the provider two hours ago)', async () => {
    const started = await anon().post('/auth/api/social-signin/start', {});
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 2 * 3600e3 });
    let back: URLSearchParams;
    try {
      back = await provider.authorize(started.body.url, 'admin');
    } finally {
      vi.useRealTimers();
    }
    const claims = JSON.parse(Buffer.from(back.get('id_token')!.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(claims.exp * 1000).toBeLessThan(Date.now() - 3000e3);
    const res = await signInWith({ idToken: back.get('id_token'), state: started.body.state });
    expect(res.status).toBe(401);
    expect(res.body.reference).toBe('SOC0002');
  });

  it('refuses a token signed with a key that is not the provider’s, and an unsigned one', async () => {
    const { state } = await googleAs('admin');
    const nonce = new URL((await anon().post('/auth/api/social-signin/start', {})).body.url).searchParams.get('nonce');
    const claims = { email: tenant.admin.email, email_verified: true, nonce };
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(provider.issuer)
      .setAudience(CLIENT)
      .setSubject('admin')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    expect((await signInWith({ idToken: forged, state })).body.reference).toBe('SOC0002');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iss: provider.issuer, aud: CLIENT, sub: 'x', exp: 2e9, iat: 1e9 })).toString('base64url')}.`;
    expect((await signInWith({ idToken: unsigned, state })).body.reference).toBe('SOC0002');
  });

  it('answers an e-mail without an account with SOC0004 in the caller’s language, and creates nobody', async () => {
    const res = await apiClient(t.app, undefined, 'en').post('/auth/api/social-signin', await googleAs('stranger'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reference: 'SOC0004', message: expect.stringContaining('No account') });
    const retry = await signInWith(await googleAs('stranger'));
    expect(retry.body.message).toContain('Ninguna cuenta');
  });

  it('keeps the sign-in rules: an unconfirmed account gets 491, a locked one 492', async () => {
    expect((await signInWith(await googleAs('pending'))).body.reference).toBe('491');
    expect((await signInWith(await googleAs('locked'))).body.reference).toBe('492');
  });

  it('refuses a state the server never gave, and a malformed body (400, not 5xx)', async () => {
    const { idToken } = await googleAs('admin');
    expect((await signInWith({ idToken, state: 'x'.repeat(43) })).body.reference).toBe('SOC0002');
    expect((await signInWith({ idToken: 'a\u0000b'.repeat(10), state: 'x'.repeat(43) })).status).toBe(400);
    expect((await signInWith({ idToken: 'a'.repeat(9000), state: 'x'.repeat(43) })).status).toBe(400);
  });
});

describe('Google sign-in not configured', () => {
  let bare: TTestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare?.close());

  it('hides the button and refuses the calls with SOC0001', async () => {
    const api = apiClient(bare.app);
    expect((await api.get('/auth/api/social-signin/providers')).body).toEqual({ google: false });
    const start = await api.post('/auth/api/social-signin/start', {});
    expect(start.status).toBe(404);
    expect(start.body.reference).toBe('SOC0001');
    const signin = await api.post('/auth/api/social-signin', { idToken: 'a'.repeat(40), state: 'b'.repeat(43) });
    expect(signin.body.reference).toBe('SOC0001');
  });
});
