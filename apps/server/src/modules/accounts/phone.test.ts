import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { PHONE_CODE_ATTEMPTS } from './phone.js';
import { drainJobs } from '../../test/accounts.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
let tenant: TTenant;
const dataDir = mkdtempSync(join(tmpdir(), 'audit-phone-'));

beforeAll(async () => {
  // No SMS_URL: the texts go to DATA_DIR/outbox, like the e-mails without SMTP.
  t = await createTestApp({ DATA_DIR: dataDir });
  tenant = await createTenant(t.db, 'tel');
});
afterAll(() => t.close());

const texts = () =>
  readdirSync(join(dataDir, 'outbox'))
    .filter((f) => f.endsWith('.sms'))
    .sort()
    .map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8'));
const codeOf = (text: string) => /es (\d{6})\./.exec(text)![1]!;
const phoneOf = async (id: string) =>
  unsafeUnscoped(
    t.db,
    async (tx) => (await tx.execute<{ phone: string | null; phone_verified: boolean }>(sql`select phone, phone_verified from users where id = ${id}`)).rows[0],
  );

describe('confirm-phone (decision 0040)', () => {
  it('texts a code to the phone (outbox without a provider); the code confirms that phone for that user, once', async () => {
    const { api } = await signIn(t.app, tenant.clientUser.email);
    expect((await api.post('/ms-core/api/users/me/phone-code', { phone: '+34600111222' })).body).toEqual({ ok: true });
    await drainJobs(t.app);
    const [text] = texts();
    expect(text).toContain('To: +34600111222');
    expect(text).toContain('Su código de confirmación es');
    const code = codeOf(text!);
    // the code with another phone, or for another user, does not work
    expect((await api.post('/auth/api/confirm-phone', { key: code, phone: '+34600999999' })).body.reference).toBe('LNK0001');
    const other = await signIn(t.app, tenant.admin.email);
    expect((await other.api.post('/auth/api/confirm-phone', { key: code, phone: '+34600111222' })).body.reference).toBe('LNK0001');
    expect((await api.post('/auth/api/confirm-phone', { key: code, phone: '+34600111222' })).body).toEqual({ ok: true });
    expect(await phoneOf(tenant.clientUser.id)).toEqual({ phone: '+34600111222', phone_verified: true });
    expect((await api.post('/auth/api/confirm-phone', { key: code, phone: '+34600111222' })).body.reference).toBe('LNK0001');
  });

  it('five wrong guesses spend the code (ACC0003): the right code then no longer works, a new code does', async () => {
    const { api } = await signIn(t.app, tenant.auditor.email);
    const before = texts().length;
    expect((await api.post('/ms-core/api/users/me/phone-code', { phone: '+34600555666' })).status).toBe(200);
    await drainJobs(t.app);
    const code = codeOf(texts()[before]!);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < PHONE_CODE_ATTEMPTS; i++)
      answers.push(
        (await api.post('/auth/api/confirm-phone', { key: i === 2 ? code : wrong, phone: i === 2 ? '+34600000000' : '+34600555666' })).body.reference,
      );
    // a wrong phone counts as a wrong guess too
    expect(answers).toEqual(['LNK0001', 'LNK0001', 'LNK0001', 'LNK0001', 'ACC0003']);
    const spent = await api.post('/auth/api/confirm-phone', { key: code, phone: '+34600555666' });
    expect(spent.status).toBe(410);
    expect(spent.body.reference).toBe('LNK0001');
    expect((await phoneOf(tenant.auditor.id))?.phone_verified).toBe(false);
    // a new code starts a new count
    expect((await api.post('/ms-core/api/users/me/phone-code', { phone: '+34600555666' })).status).toBe(200);
    await drainJobs(t.app);
    const fresh = codeOf(texts()[before + 1]!);
    expect((await api.post('/auth/api/confirm-phone', { key: fresh === '000000' ? '000001' : '000000', phone: '+34600555666' })).body.reference).toBe(
      'LNK0001',
    );
    expect((await api.post('/auth/api/confirm-phone', { key: fresh, phone: '+34600555666' })).body).toEqual({ ok: true });
  });

  it('parallel wrong guesses never give more than the allowed tries, nor a 5xx', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const before = texts().length;
    expect((await api.post('/ms-core/api/users/me/phone-code', { phone: '+34600777888' })).status).toBe(200);
    await drainJobs(t.app);
    const code = codeOf(texts()[before]!);
    const guesses = Array.from({ length: 12 }, (_v, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const res = await Promise.all(guesses.map((key) => api.post('/auth/api/confirm-phone', { key, phone: '+34600777888' })));
    expect(res.every((r) => r.status === 410)).toBe(true);
    expect(res.filter((r) => r.body.reference === 'ACC0003')).toHaveLength(1);
    expect((await api.post('/auth/api/confirm-phone', { key: code, phone: '+34600777888' })).body.reference).toBe('LNK0001');
  });

  it('refuses a malformed phone or code (400) and an anonymous caller (401)', async () => {
    const { api } = await signIn(t.app, tenant.clientUser.email);
    expect((await api.post('/ms-core/api/users/me/phone-code', { phone: '600111222' })).status).toBe(400);
    expect((await api.post('/auth/api/confirm-phone', { key: '12ab56', phone: '+34600111222' })).status).toBe(400);
    const anon = await t.app.inject({ method: 'POST', url: '/auth/api/confirm-phone', payload: { key: '123456', phone: '+34600111222' } });
    expect(anon.statusCode).toBe(401);
  });

  it('changing the phone in the profile makes it unconfirmed again', async () => {
    const { api } = await signIn(t.app, tenant.clientUser.email);
    const login = { username: (await api.get('/ms-core/api/users/me')).body.username, email: tenant.clientUser.email };
    expect(
      (await api.patch('/ms-core/api/users/me', { ...login, firstName: 'Client', lastName: tenant.tag, phone: '+34600333444', language: 'es' })).status,
    ).toBe(200);
    expect(await phoneOf(tenant.clientUser.id)).toEqual({ phone: '+34600333444', phone_verified: false });
  });
});
