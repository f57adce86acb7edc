import argon2 from 'argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { drainJobs, solvedCaptcha } from '../../test/accounts.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';

// The real argon2, watched (not replaced): the sign-up must not pay for a hash before the captcha is
// proven (decision 0048). A spy on the library's object, restored after: the server suite shares
// its module graph between files, so no vi.mock.
let hashes: MockInstance;

let t: TTestApp;
let tenant: TTenant;
const anon = () => apiClient(t.app);
const PASSWORD = 'Registro-Seguro!7';

beforeAll(async () => {
  hashes = vi.spyOn(argon2, 'hash');
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
  tenant = await createTenant(t.db, 'pbc');
  const admin = await signIn(t.app, tenant.admin.email);
  expect((await admin.api.call('PUT', '/ms-core/api/spaces/current/signup', { enabled: true })).status).toBe(200);
});
afterAll(async () => {
  hashes.mockRestore();
  await t.close();
});
beforeEach(() => {
  hashes.mockClear();
});

const signup = (captcha: unknown, password = PASSWORD) =>
  anon().post('/auth/api/signup', { space: tenant.root.id, firstName: 'Nueva', lastName: 'Persona', email: 'nueva@example.com', password, captcha });

describe('sign-up: proof before cost (decision 0048)', () => {
  it('a captcha not solved is refused (ACC0002) before any argon2 work', async () => {
    const solved = await solvedCaptcha(t.app);
    const res = await signup({ ...solved, number: solved.number + 1 });
    expect(res.status).toBe(400);
    expect(res.body.reference).toBe('ACC0002');
    expect(hashes).toHaveBeenCalledTimes(0);
  });

  it('the captcha comes first: a weak password with a bad captcha is told about the captcha', async () => {
    const solved = await solvedCaptcha(t.app);
    const res = await signup({ ...solved, signature: '0'.repeat(64) }, 'abc');
    expect(res.body.reference).toBe('ACC0002');
    expect(hashes).toHaveBeenCalledTimes(0);
  });

  it('a replayed captcha costs no hash; a solved one costs exactly one, and the job hashes nothing more', async () => {
    const solved = await solvedCaptcha(t.app);
    expect((await signup(solved)).body).toEqual({ ok: true });
    expect(hashes).toHaveBeenCalledTimes(1);
    const replay = await signup(solved);
    expect(replay.body.reference).toBe('ACC0002');
    expect(hashes).toHaveBeenCalledTimes(1);
    await drainJobs(t.app);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('a solved captcha with a password that breaks the rules is 400 naming the password, with no hash', async () => {
    const res = await signup(await solvedCaptcha(t.app), 'abc');
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(['password']);
    expect(hashes).toHaveBeenCalledTimes(0);
  });
});
