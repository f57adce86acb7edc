import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { drainJobs, solvedCaptcha } from '../../test/accounts.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { linkKey, startMailbox, type TMailbox } from '../../test/mailbox.js';

let t: TTestApp;
let mail: TMailbox;
let tenant: TTenant;
const anon = () => apiClient(t.app);
const PASSWORD = 'Registro-Seguro!7';

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ SMTP_URL: mail.url, CAPTCHA_MAX_NUMBER: '2000' });
  tenant = await createTenant(t.db, 'sig');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

async function signupAs(email: string, extra: Record<string, unknown> = {}) {
  return anon().post('/auth/api/signup', {
    space: tenant.root.id,
    firstName: 'Nueva',
    lastName: 'Persona',
    email,
    password: PASSWORD,
    captcha: await solvedCaptcha(t.app),
    ...extra,
  });
}
const userRow = (email: string) =>
  unsafeUnscoped(
    t.db,
    async (tx) =>
      (
        await tx.execute<{ status: string; verified: boolean; space_id: string }>(
          sql`select status, verified, space_id from users where lower(email) = ${email}`,
        )
      ).rows[0],
  );

describe('sign-up (decision 0040)', () => {
  it('is off by default: no space listed, and the call is refused (ACC0001)', async () => {
    expect((await anon().get('/auth/api/signup/spaces')).body).toEqual([]);
    const res = await signupAs('off@example.com');
    expect(res.status).toBe(403);
    expect(res.body.reference).toBe('ACC0001');
    expect(await userRow('off@example.com')).toBeUndefined();
  });

  it('an administrator turns it on; a client user may not (452)', async () => {
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.call('PUT', '/ms-core/api/spaces/current/signup', { enabled: true })).status).toBe(403);
    const admin = await signIn(t.app, tenant.admin.email);
    const res = await admin.api.call('PUT', '/ms-core/api/spaces/current/signup', { enabled: true });
    expect(res.status).toBe(200);
    expect(res.body.signupEnabled).toBe(true);
    expect((await anon().get('/auth/api/signup/spaces')).body).toEqual([{ _id: tenant.root.id, name: `Company ${tenant.tag}`, logo: null }]);
  });

  it('creates an unverified user who cannot sign in (491) until the e-mail link confirms the account', async () => {
    mail.clear();
    expect((await signupAs('Nueva.Persona@Example.com', { language: 'en' })).body).toEqual({ ok: true });
    await drainJobs(t.app);
    expect(await userRow('nueva.persona@example.com')).toMatchObject({ status: 'UNVERIFIED', verified: false, space_id: tenant.root.id });
    const notYet = await anon().post('/auth/api/signin', { username: 'nueva.persona@example.com', password: PASSWORD });
    expect(notYet.body.reference).toBe('491');
    const [message] = mail.to('nueva.persona@example.com');
    expect(message!.subject).toBe(`Confirm your account · Company ${tenant.tag}`);
    const key = linkKey(message, '/confirm');
    expect((await anon().post('/auth/api/confirm', { key })).body).toEqual({ ok: true });
    expect(await userRow('nueva.persona@example.com')).toMatchObject({ status: 'ACTIVE', verified: true });
    const session = await signIn(t.app, 'nueva.persona@example.com', PASSWORD);
    expect(session.session.space._id).toBe(tenant.root.id);
    // single use
    expect((await anon().post('/auth/api/confirm', { key })).body.reference).toBe('LNK0001');
  });

  it('answers a registered e-mail the same way, creates nothing, and tells that address instead', async () => {
    mail.clear();
    const taken = await signupAs(tenant.clientUser.email);
    const fresh = await signupAs('otra.persona@example.com');
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(fresh.body);
    await drainJobs(t.app);
    expect(mail.to(tenant.clientUser.email).map((m) => m.subject)).toEqual([`Ya tiene una cuenta · Company ${tenant.tag}`]);
    expect(mail.to('otra.persona@example.com').map((m) => m.subject)).toEqual([`Confirme su cuenta · Company ${tenant.tag}`]);
    expect(await userRow(tenant.clientUser.email)).toMatchObject({ status: 'ACTIVE' });
  });

  it('refuses a weak password (400 naming it) and a bad e-mail', async () => {
    expect((await signupAs('debil@example.com', { password: 'abc' })).body.fields).toEqual(['password']);
    expect((await signupAs('not-an-email')).status).toBe(400);
  });

  it('two identical sign-ups at once give one account, never a 5xx', async () => {
    const [a, b] = await Promise.all([signupAs('doble@example.com'), signupAs('doble@example.com')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await drainJobs(t.app);
    const count = await unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from users where email = 'doble@example.com'`)).rows[0]!.n,
    );
    expect(count).toBe(1);
  });
});

describe('confirm/resend', () => {
  it('answers the same for an unverified account, a verified one and no account; only the unverified one gets a new link (the old one stops working)', async () => {
    mail.clear();
    await signupAs('reenvio@example.com');
    await drainJobs(t.app);
    const firstKey = linkKey(mail.to('reenvio@example.com')[0], '/confirm');
    const answers = [];
    for (const identifier of ['reenvio@example.com', tenant.clientUser.email, 'nadie@example.com'])
      answers.push(await anon().post('/auth/api/confirm/resend', { identifier, captcha: await solvedCaptcha(t.app) }));
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array(3).fill([200, { ok: true }]));
    await drainJobs(t.app);
    expect(mail.to(tenant.clientUser.email)).toEqual([]);
    const messages = mail.to('reenvio@example.com');
    expect(messages).toHaveLength(2);
    expect((await anon().post('/auth/api/confirm', { key: firstKey })).body.reference).toBe('LNK0001');
    expect((await anon().post('/auth/api/confirm', { key: linkKey(messages[1], '/confirm') })).status).toBe(200);
  });
});
