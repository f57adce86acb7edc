import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { hashOpaqueToken } from '../../platform/tokens.js';
import { drainJobs, solvedCaptcha } from '../../test/accounts.js';
import { createTenant, signIn, TEST_PASSWORD, type TTenant } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { linkKey, startMailbox, type TMailbox } from '../../test/mailbox.js';

let t: TTestApp;
let mail: TMailbox;
let tenant: TTenant;
const anon = () => apiClient(t.app);
const NEW_PASSWORD = 'Nuev0-Clave!segura';

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'https://audit.example', CAPTCHA_MAX_NUMBER: '2000' });
  tenant = await createTenant(t.db, 'rec');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

async function askRecovery(identifier: string) {
  return anon().post('/auth/api/recover', { identifier, captcha: await solvedCaptcha(t.app) });
}

describe('password recovery (decision 0040)', () => {
  it('answers the same for an account and for no account; only the account gets an e-mail, with a link from PUBLIC_URL in its language', async () => {
    mail.clear();
    const known = await askRecovery(tenant.clientUser.email);
    const unknown = await askRecovery('nobody.here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ ok: true });
    expect(mail.received).toEqual([]); // nothing is sent on the request path
    await drainJobs(t.app);
    expect(mail.received.map((m) => m.to)).toEqual([[tenant.clientUser.email]]);
    const [message] = mail.received;
    expect(message!.subject).toContain('Recuperar la contraseña');
    expect(message!.subject).toBe(`Recuperar la contraseña · Client ${tenant.tag}`); // the user's home space
    expect(message!.text).toContain('https://audit.example/recover-password/reset?key=');
  });

  it('accepts the username as well as the e-mail', async () => {
    mail.clear();
    const username = await unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ username: string }>(sql`select username from users where id = ${tenant.auditor.id}`)).rows[0]!.username,
    );
    expect((await askRecovery(username)).status).toBe(200);
    await drainJobs(t.app);
    expect(mail.to(tenant.auditor.email)).toHaveLength(1);
  });

  it('sets a new password with the link: the old sessions end, the old password no longer signs in, the link works once', async () => {
    const other = await createTenant(t.db, 'rec2');
    const before = await signIn(t.app, other.clientUser.email);
    mail.clear();
    await askRecovery(other.clientUser.email);
    await drainJobs(t.app);
    const key = linkKey(mail.to(other.clientUser.email)[0], '/recover-password/reset');
    expect((await anon().post('/auth/api/recover/check', { key })).body).toEqual({ ok: true });
    expect((await anon().post('/auth/api/recover/reset', { key, password: NEW_PASSWORD })).status).toBe(200);
    // every session of the user ends: the access token at once, the refresh token too
    expect((await before.api.get('/ms-core/api/users/me')).status).toBe(401);
    expect((await anon().post('/auth/api/refresh-token', { refreshToken: before.session.refreshToken })).status).toBe(401);
    expect((await anon().post('/auth/api/signin', { username: other.clientUser.email, password: TEST_PASSWORD })).status).toBe(401);
    await signIn(t.app, other.clientUser.email, NEW_PASSWORD);
    // single use: the same link again is the expired link
    const again = await anon().post('/auth/api/recover/reset', { key, password: 'Otra-Clave!99x' });
    expect(again.status).toBe(410);
    expect(again.body.reference).toBe('LNK0001');
    expect((await anon().post('/auth/api/recover/check', { key })).status).toBe(410);
  });

  it('refuses a weak password and a previous one, and leaves the link usable after a refusal', async () => {
    const other = await createTenant(t.db, 'rec3');
    const reset = async (password: string) => {
      mail.clear();
      await askRecovery(other.clientUser.email);
      await drainJobs(t.app);
      const key = linkKey(mail.to(other.clientUser.email)[0], '/recover-password/reset');
      return { key, res: await anon().post('/auth/api/recover/reset', { key, password }) };
    };
    const weak = await reset('abc');
    expect(weak.res.status).toBe(400);
    expect(weak.res.body.fields).toEqual(['password']);
    const current = await anon().post('/auth/api/recover/reset', { key: weak.key, password: TEST_PASSWORD });
    expect(current.body.reference).toBe('PWD0001');
    expect((await anon().post('/auth/api/recover/reset', { key: weak.key, password: NEW_PASSWORD })).status).toBe(200);
    // the first password is now in the history: choosing it again is refused
    const back = await reset(TEST_PASSWORD);
    expect(back.res.status).toBe(400);
    expect(back.res.body.reference).toBe('PWD0001');
  });

  it('an expired link and a superseded link answer the expired-link error; the newest one works', async () => {
    const other = await createTenant(t.db, 'rec4');
    mail.clear();
    await askRecovery(other.clientUser.email);
    await drainJobs(t.app);
    await askRecovery(other.clientUser.email);
    await drainJobs(t.app);
    const [first, second] = mail.to(other.clientUser.email).map((m) => linkKey(m, '/recover-password/reset'));
    expect((await anon().post('/auth/api/recover/reset', { key: first, password: NEW_PASSWORD })).body.reference).toBe('LNK0001');
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`update account_links set expires_at = now() - interval '1 second' where token_hash = ${hashOpaqueToken(second!)}`),
    );
    const expired = await apiClient(t.app, undefined, 'en').post('/auth/api/recover/reset', { key: second, password: NEW_PASSWORD });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('The link has expired or is not valid.');
  });

  it('stores only the hash of a key', async () => {
    const other = await createTenant(t.db, 'rec5');
    mail.clear();
    await askRecovery(other.clientUser.email);
    await drainJobs(t.app);
    const key = linkKey(mail.to(other.clientUser.email)[0], '/recover-password/reset');
    const rows = await unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ token_hash: string }>(sql`select token_hash from account_links where user_id = ${other.clientUser.id}`)).rows,
    );
    expect(rows.map((r) => r.token_hash)).toEqual([hashOpaqueToken(key)]);
  });

  it('two parallel resets with one link: one succeeds, the other is the expired link, never a 5xx', async () => {
    const other = await createTenant(t.db, 'rec6');
    mail.clear();
    await askRecovery(other.clientUser.email);
    await drainJobs(t.app);
    const key = linkKey(mail.to(other.clientUser.email)[0], '/recover-password/reset');
    const answers = await Promise.all([NEW_PASSWORD, 'Segunda-Clave!42'].map((password) => anon().post('/auth/api/recover/reset', { key, password })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });
});

describe('the captcha', () => {
  it('refuses a missing, wrong, forged or replayed solution (ACC0002)', async () => {
    expect((await anon().post('/auth/api/recover', { identifier: 'x@y.es' })).status).toBe(400);
    const solution = await solvedCaptcha(t.app);
    const wrong = await anon().post('/auth/api/recover', { identifier: 'x@y.es', captcha: { ...solution, number: solution.number + 1 } });
    expect(wrong.body.reference).toBe('ACC0002');
    const forged = await anon().post('/auth/api/recover', { identifier: 'x@y.es', captcha: { ...solution, salt: `${solution.salt}0` } });
    expect(forged.body.reference).toBe('ACC0002');
    expect((await anon().post('/auth/api/recover', { identifier: 'x@y.es', captcha: solution })).status).toBe(200);
    const replay = await anon().post('/auth/api/recover', { identifier: 'x@y.es', captcha: solution });
    expect(replay.status).toBe(400);
    expect(replay.body.reference).toBe('ACC0002');
  });
});
