import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../../platform/tenancy.js';
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

  it('refuses a malformed phone or code (400) and an anonymous caller (401)', async () => {
    const { api } = await signIn(t.app, tenant.clientUser.email);
    expect((await api.post('/ms-core/api/users/me/phone-code', { phone: '600111222' })).status).toBe(400);
    expect((await api.post('/auth/api/confirm-phone', { key: '12ab56', phone: '+34600111222' })).status).toBe(400);
    const anon = await t.app.inject({ method: 'POST', url: '/auth/api/confirm-phone', payload: { key: '123456', phone: '+34600111222' } });
    expect(anon.statusCode).toBe(401);
  });

  it('changing the phone in the profile makes it unconfirmed again', async () => {
    const { api } = await signIn(t.app, tenant.clientUser.email);
    expect((await api.patch('/ms-core/api/users/me', { firstName: 'Client', lastName: tenant.tag, phone: '+34600333444', language: 'es' })).status).toBe(200);
    expect(await phoneOf(tenant.clientUser.id)).toEqual({ phone: '+34600333444', phone_verified: false });
  });
});
