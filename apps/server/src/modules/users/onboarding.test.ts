import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, TEST_PASSWORD, type TTenant } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
let tenant: TTenant;
const NEW_PASSWORD = 'Bienven1da!Clave';

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'onb');
});
afterAll(() => t.close());

const onboarding = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Nuria',
  lastName: 'Nueva',
  phone: '+34600123456',
  language: 'en',
  currentPassword: TEST_PASSWORD,
  password: NEW_PASSWORD,
  acceptTerms: true,
  ...extra,
});

describe('onboarding (decision 0041)', () => {
  it('is off by default; an administrator turns it on for the space (a client user may not)', async () => {
    const admin = await signIn(t.app, tenant.admin.email);
    expect((await admin.api.get('/ms-core/api/spaces/current')).body.onboardingActive).toBe(false);
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.call('PUT', '/ms-core/api/spaces/current/onboarding', { enabled: true })).status).toBe(403);
    const res = await admin.api.call('PUT', '/ms-core/api/spaces/current/onboarding', { enabled: true });
    expect(res.body.onboardingActive).toBe(true);
  });

  it('a user created by an administrator must complete it where it is active (below the space too); seeded users have completed it', async () => {
    const admin = await signIn(t.app, tenant.admin.email);
    expect((await admin.api.get('/ms-core/api/users/me')).body.onboardingRequired).toBe(false);
    const created = await admin.api.post('/ms-core/api/users', {
      firstName: 'Nuria',
      username: `nuria.${tenant.tag}`,
      email: `nuria.${tenant.tag}@example.com`,
      roles: [tenant.roles.USER],
      clients: [tenant.client.id],
      password: TEST_PASSWORD,
    });
    expect(created.status).toBe(200);
    const nuria = await signIn(t.app, `nuria.${tenant.tag}@example.com`);
    expect((await nuria.api.get('/ms-core/api/users/me')).body.onboardingRequired).toBe(true);
  });

  it('refuses a wrong current password, a weak or reused new password, and missing terms', async () => {
    const nuria = await signIn(t.app, `nuria.${tenant.tag}@example.com`);
    expect((await nuria.api.post('/ms-core/api/users/me/onboarding', onboarding({ currentPassword: 'nope' }))).body.reference).toBe('PWD0002');
    expect((await nuria.api.post('/ms-core/api/users/me/onboarding', onboarding({ password: 'abc' }))).body.fields).toEqual(['password']);
    expect((await nuria.api.post('/ms-core/api/users/me/onboarding', onboarding({ password: TEST_PASSWORD }))).body.reference).toBe('PWD0001');
    expect((await nuria.api.post('/ms-core/api/users/me/onboarding', onboarding({ acceptTerms: false }))).status).toBe(400);
    expect((await nuria.api.get('/ms-core/api/users/me')).body.onboardingRequired).toBe(true);
  });

  it('completing it saves the profile and the password, ends the sessions, and is not asked again', async () => {
    const nuria = await signIn(t.app, `nuria.${tenant.tag}@example.com`);
    expect((await nuria.api.post('/ms-core/api/users/me/onboarding', onboarding())).body).toEqual({ ok: true });
    expect((await nuria.api.get('/ms-core/api/users/me')).status).toBe(401);
    const again = await signIn(t.app, `nuria.${tenant.tag}@example.com`, NEW_PASSWORD);
    const me = (await again.api.get('/ms-core/api/users/me')).body;
    expect(me).toMatchObject({ onboardingRequired: false, onboardingCompleted: true, lastName: 'Nueva', phone: '+34600123456', language: 'en' });
    expect((await apiClient(t.app).post('/auth/api/signin', { username: `nuria.${tenant.tag}@example.com`, password: TEST_PASSWORD })).status).toBe(401);
  });
});
