import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_FAILED_SIGNINS } from '@audit/domain/constants';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn, TEST_PASSWORD, type TTenant } from '../../test/factories.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { hashOpaqueToken } from '../../platform/tokens.js';
import { REFRESH_REUSE_GRACE_MS } from './service.js';

let t: TTestApp;
let tenant: TTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'auth');
});
afterAll(() => t.close());

const signin = (body: unknown, language?: 'es' | 'en') => apiClient(t.app, undefined, language).post('/auth/api/signin', body);

describe('POST /auth/api/signin', () => {
  it('signs in with the e-mail and returns tokens and the home space', async () => {
    const res = await signin({ username: tenant.admin.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toEqual(expect.any(String));
    expect(res.body.refreshToken).toEqual(expect.any(String));
    expect(res.body.space._id).toBe(tenant.root.id);
    const me = await apiClient(t.app, res.body.accessToken).get('/ms-core/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(tenant.admin.email);
    expect(me.body.isAdmin).toBe(true);
    expect(me.body.roles.map((r: { name: string }) => r.name)).toEqual(['SPACE_ADMIN']);
  });

  it('signs in with the username, case-insensitively', async () => {
    const me = await signIn(t.app, tenant.auditor.email);
    const { body } = await me.api.get('/ms-core/api/users/me');
    const res = await signin({ username: body.username.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('answers 490 for a wrong password and for an unknown user, in the caller language', async () => {
    const wrong = await signin({ username: tenant.admin.email, password: 'Wrong1234!' }, 'en');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ name: 'BADCREDENTIALSERROR', reference: '490', message: 'Invalid credentials.' });
    const unknown = await signin({ username: 'nobody@example.com', password: 'Whatever1!' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ name: 'BADCREDENTIALSERROR', reference: '490', message: 'Credenciales no válidas.' });
  });

  it('answers 400 naming the fields for a malformed body', async () => {
    const res = await signin({ username: '' });
    expect(res.status).toBe(400);
    expect(res.body.name).toBe('BADREQUESTERROR');
    expect(res.body.fields).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('answers 491 for an unverified user, only with the right password', async () => {
    const user = await addUser(t.db, { email: `unverified.${tenant.tag}@example.com`, firstName: 'U', home: tenant.client, roleIds: [], status: 'UNVERIFIED' });
    expect((await signin({ username: user.email, password: TEST_PASSWORD })).body.reference).toBe('491');
    expect((await signin({ username: user.email, password: 'Wrong1234!' })).body.reference).toBe('490');
  });

  it('answers 492 for a locked account and 490 for a deleted one', async () => {
    const locked = await addUser(t.db, {
      email: `locked.${tenant.tag}@example.com`,
      firstName: 'L',
      home: tenant.client,
      roleIds: [],
      status: 'LOCK',
      verified: false,
    });
    const deleted = await addUser(t.db, { email: `deleted.${tenant.tag}@example.com`, firstName: 'D', home: tenant.client, roleIds: [], status: 'DELETED' });
    expect((await signin({ username: locked.email, password: TEST_PASSWORD })).body).toMatchObject({ name: 'USERNOTLOCKERROR', reference: '492' });
    expect((await signin({ username: deleted.email, password: TEST_PASSWORD })).body.reference).toBe('490');
  });

  it(`locks the account for a cool-down after ${MAX_FAILED_SIGNINS} failures, even for the right password`, async () => {
    const user = await addUser(t.db, { email: `brute.${tenant.tag}@example.com`, firstName: 'B', home: tenant.client, roleIds: [] });
    for (let i = 0; i < MAX_FAILED_SIGNINS; i++) expect((await signin({ username: user.email, password: `Wrong${i}xx!` })).body.reference).toBe('490');
    expect((await signin({ username: user.email, password: TEST_PASSWORD })).body.reference).toBe('492');
    // After the cool-down the right password works again and the counter is reset.
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set locked_until = now() - interval '1 second' where id = ${user.id}`));
    expect((await signin({ username: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('returns every member space so the user can pick one, and honours a requested space', async () => {
    const user = await addUser(t.db, {
      email: `multi.${tenant.tag}@example.com`,
      firstName: 'M',
      home: tenant.client,
      memberOf: [tenant.establishment],
      roleIds: [tenant.roles.USER!],
    });
    const res = await signin({ username: user.email, password: TEST_PASSWORD, space: tenant.establishment.id });
    expect(res.status).toBe(200);
    expect(res.body.spaces.map((s: { _id: string }) => s._id).sort()).toEqual([tenant.client.id, tenant.establishment.id].sort());
    expect(res.body.space._id).toBe(tenant.establishment.id);
  });
});

describe('POST /auth/api/signin-admin', () => {
  it('admits administrators and refuses others with 452', async () => {
    expect((await apiClient(t.app).post('/auth/api/signin-admin', { username: tenant.admin.email, password: TEST_PASSWORD })).status).toBe(200);
    const res = await apiClient(t.app).post('/auth/api/signin-admin', { username: tenant.auditor.email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.reference).toBe('452');
  });
});

describe('POST /auth/api/refresh-token', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const { session } = await signIn(t.app, tenant.auditor.email);
    const first = await apiClient(t.app).post('/auth/api/refresh-token', { refreshToken: session.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(session.refreshToken);
    expect((await apiClient(t.app, first.body.accessToken).get('/ms-core/api/users/me')).status).toBe(200);
    // the spec's field name `refresh` is accepted too
    const second = await apiClient(t.app).post('/auth/api/refresh-token', { refresh: first.body.refreshToken });
    expect(second.status).toBe(200);
  });

  it('treats reuse of a spent token as theft and revokes the whole family', async () => {
    const { session } = await signIn(t.app, tenant.auditor.email);
    const rotated = await apiClient(t.app).post('/auth/api/refresh-token', { refreshToken: session.refreshToken });
    expect(rotated.status).toBe(200);
    // past the grace window for two tabs refreshing at once (sessions.test.ts)
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(
        sql`update refresh_tokens set used_at = used_at - make_interval(secs => ${REFRESH_REUSE_GRACE_MS / 1000 + 1}) where token_hash = ${hashOpaqueToken(session.refreshToken)}`,
      ),
    );
    const reuse = await apiClient(t.app).post('/auth/api/refresh-token', { refreshToken: session.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ name: 'UNAUTHORIZEDERROR', reference: '401' });
    // the legitimate successor is revoked with its family
    expect((await apiClient(t.app).post('/auth/api/refresh-token', { refreshToken: rotated.body.refreshToken })).status).toBe(401);
  });

  it('refuses an unknown token and a signed-out session', async () => {
    expect((await apiClient(t.app).post('/auth/api/refresh-token', { refreshToken: 'x'.repeat(43) })).status).toBe(401);
    const { session } = await signIn(t.app, tenant.auditor.email);
    expect((await apiClient(t.app).post('/auth/api/logout', { refreshToken: session.refreshToken })).status).toBe(200);
    expect((await apiClient(t.app).post('/auth/api/refresh-token', { refreshToken: session.refreshToken })).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('a missing, malformed, forged or expired token is a 401 on a protected route', async () => {
    expect((await apiClient(t.app).get('/ms-core/api/users/me')).status).toBe(401);
    expect((await apiClient(t.app, 'not-a-jwt').get('/ms-core/api/users/me')).status).toBe(401);
    const { session } = await signIn(t.app, tenant.admin.email);
    const [h, p] = session.accessToken.split('.');
    expect((await apiClient(t.app, `${h}.${p}.forgedsignature`).get('/ms-core/api/users/me')).status).toBe(401);
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ space: tenant.root.id, path: `/${tenant.root.id}/` })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(tenant.admin.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret!!'));
    expect((await apiClient(t.app, expired).get('/ms-core/api/users/me')).status).toBe(401);
  });

  it('a token stops working when its user is locked', async () => {
    const user = await addUser(t.db, { email: `soonlocked.${tenant.tag}@example.com`, firstName: 'S', home: tenant.client, roleIds: [tenant.roles.USER!] });
    const { api } = await signIn(t.app, user.email);
    expect((await api.get('/ms-core/api/users/me')).status).toBe(200);
    const admin = await signIn(t.app, tenant.admin.email);
    expect((await admin.api.post('/ms-core/api/users/status', { users: [user.id], status: 'LOCK' })).status).toBe(200);
    expect((await api.get('/ms-core/api/users/me')).status).toBe(401);
  });
});

describe('switching space', () => {
  it('update-token enters a space below a member space and scopes the session to it', async () => {
    const admin = await signIn(t.app, tenant.admin.email);
    const res = await admin.api.post(`/auth/api/update-token?spaceId=${tenant.client.id}`);
    expect(res.status).toBe(200);
    expect(res.body.space._id).toBe(tenant.client.id);
    const current = await apiClient(t.app, res.body.accessToken).get('/ms-core/api/spaces/current');
    expect(current.body._id).toBe(tenant.client.id);
  });

  it('refuses a space outside the user reach with 451', async () => {
    const client = await signIn(t.app, tenant.clientUser.email);
    const res = await client.api.post(`/auth/api/update-token?spaceId=${tenant.root.id}`);
    expect(res.status).toBe(403);
    expect(res.body.reference).toBe('451');
    const other = await createTenant(t.db, 'other');
    expect((await client.api.post(`/ms-core/api/spaces/${other.client.id}/access`)).body.reference).toBe('451');
  });
});
