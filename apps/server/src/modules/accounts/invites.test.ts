import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { drainJobs } from '../../test/accounts.js';
import { createTenant, signIn, TEST_PASSWORD, type TTenant } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { linkKey, startMailbox, type TMailbox } from '../../test/mailbox.js';

let t: TTestApp;
let mail: TMailbox;
let tenant: TTenant;
const anon = () => apiClient(t.app);
const PASSWORD = 'Invitada-Clave!3';
/** The first invitation's key for luis@example.com, kept for the resend test. */
let luisFirstKey = '';

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ SMTP_URL: mail.url });
  tenant = await createTenant(t.db, 'inv');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const rolesOf = (userId: string) =>
  unsafeUnscoped(t.db, async (tx) =>
    (
      await tx.execute<{ name: string }>(sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId} order by r.name`)
    ).rows.map((r) => r.name),
  );

describe('invitations (decision 0040)', () => {
  it('an administrator invites a list of e-mails with a role; each gets an e-mail; the list shows them with can', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    mail.clear();
    const res = await api.post('/ms-core/api/invites', { emails: ['ana@example.com', 'Luis@Example.com'], role: tenant.roles.auditor, language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      ['ana@example.com', 'PENDING'],
      ['luis@example.com', 'PENDING'],
    ]);
    expect(res.body[0].role.name).toBe('auditor');
    expect(res.body[0].can).toEqual({ resend: true, cancel: true });
    await drainJobs(t.app);
    expect(mail.to('ana@example.com').map((m) => m.subject)).toEqual([`Invitation · Company ${tenant.tag}`]);
    luisFirstKey = linkKey(mail.to('luis@example.com')[0], '/invitation');
    const list = await api.post('/ms-core/api/invites/search', { size: 10, page: 0, filters: [] });
    expect(list.headers['x-total-count']).toBe('2');
  });

  it("without a language, the invitation is written in the space's default language (decision 0047)", async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update spaces set language = 'en' where id = ${tenant.root.id}`));
    expect((await api.post('/ms-core/api/invites', { emails: ['default-en@example.com'], role: tenant.roles.USER })).status).toBe(200);
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update spaces set language = 'es' where id = ${tenant.root.id}`));
    expect((await api.post('/ms-core/api/invites', { emails: ['default-es@example.com'], role: tenant.roles.USER })).status).toBe(200);
    await drainJobs(t.app);
    expect(mail.to('default-en@example.com').map((m) => m.subject)).toEqual([`Invitation · Company ${tenant.tag}`]);
    expect(mail.to('default-es@example.com').map((m) => m.subject)).toEqual([`Invitación · Company ${tenant.tag}`]);
  });

  it('refuses a repeated e-mail in the list and one already invited (420), all or nothing', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const repeated = await api.post('/ms-core/api/invites', { emails: ['x@example.com', 'X@example.com'], role: tenant.roles.USER });
    expect(repeated.status).toBe(409);
    expect(repeated.body.reference).toBe('420');
    const again = await api.post('/ms-core/api/invites', { emails: ['nuevo@example.com', 'ana@example.com'], role: tenant.roles.USER });
    expect(again.body.reference).toBe('420');
    const list = await api.post('/ms-core/api/invites/search', { size: 10, page: 0, search: 'nuevo' });
    expect(list.body).toEqual([]);
    // two identical invitations at once: one is created, the other is 420, never a 5xx
    const both = await Promise.all([1, 2].map(() => api.post('/ms-core/api/invites', { emails: ['paralelo@example.com'], role: tenant.roles.USER })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a client user without USER:INVITE may not invite (452), and a role of another company is refused', async () => {
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.post('/ms-core/api/invites', { emails: ['z@example.com'], role: tenant.roles.USER })).body.reference).toBe('452');
    const other = await createTenant(t.db, 'inv2');
    const { api } = await signIn(t.app, tenant.admin.email);
    expect((await api.post('/ms-core/api/invites', { emails: ['z@example.com'], role: other.roles.USER })).body.fields).toEqual(['role']);
  });

  it('the invited person opens the link, sets a name and a password, and lands in the space with the role', async () => {
    const key = linkKey(mail.to('ana@example.com')[0], '/invitation');
    const lookup = await anon().post('/auth/api/invites/lookup', { key });
    expect(lookup.body).toEqual({ email: 'ana@example.com', spaceName: `Company ${tenant.tag}`, role: 'auditor', newAccount: true });
    const missing = await anon().post('/auth/api/invites/accept-invite', { key });
    expect(missing.body.fields).toEqual(['firstName', 'password']);
    const weak = await anon().post('/auth/api/invites/accept-invite', { key, firstName: 'Ana', password: 'abc' });
    expect(weak.body.fields).toEqual(['password']);
    const res = await anon().post('/auth/api/invites/accept-invite', { key, firstName: 'Ana', lastName: 'García', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.signIn).toBe(false);
    expect(res.body.session.space._id).toBe(tenant.root.id);
    const me = await apiClient(t.app, res.body.session.accessToken).get('/ms-core/api/users/me');
    expect(me.body).toMatchObject({ firstName: 'Ana', email: 'ana@example.com' });
    const user = await signIn(t.app, 'ana@example.com', PASSWORD);
    expect(await rolesOf(me.body._id)).toEqual(['auditor']);
    expect(user.session.space._id).toBe(tenant.root.id);
    // single use, and the list shows it ACCEPTED
    expect((await anon().post('/auth/api/invites/accept-invite', { key, firstName: 'Ana', password: PASSWORD })).body.reference).toBe('LNK0001');
    const { api } = await signIn(t.app, tenant.admin.email);
    const [row] = (await api.post('/ms-core/api/invites/search', { size: 10, page: 0, search: 'ana@' })).body;
    expect(row).toMatchObject({ status: 'ACCEPTED', can: { resend: false, cancel: false } });
  });

  it('someone who already has an account keeps their password and gains the space (not the role of another company, decision 0043)', async () => {
    const other = await createTenant(t.db, 'inv3');
    const { api } = await signIn(t.app, tenant.admin.email);
    mail.clear();
    await api.post('/ms-core/api/invites', { emails: [other.clientUser.email], role: tenant.roles.USER });
    await drainJobs(t.app);
    const key = linkKey(mail.to(other.clientUser.email)[0], '/invitation');
    expect((await anon().post('/auth/api/invites/lookup', { key })).body.newAccount).toBe(false);
    const res = await anon().post('/auth/api/invites/accept-invite', { key });
    expect(res.body).toEqual({ ok: true, signIn: true });
    const session = await signIn(t.app, other.clientUser.email, TEST_PASSWORD);
    expect(session.session.spaces.map((s) => s._id)).toEqual(expect.arrayContaining([tenant.root.id, other.client.id]));
  });

  it('resend issues a new link (the old one stops working); cancel ends the invitation and its link', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const [luis] = (await api.post('/ms-core/api/invites/search', { size: 10, page: 0, search: 'luis' })).body;
    const oldKey = luisFirstKey;
    mail.clear();
    expect((await api.post(`/ms-core/api/invites/${luis._id}/resend`)).body.status).toBe('PENDING');
    await drainJobs(t.app);
    const newKey = linkKey(mail.to('luis@example.com')[0], '/invitation');
    expect((await anon().post('/auth/api/invites/lookup', { key: oldKey })).body.reference).toBe('LNK0001');
    expect((await anon().post('/auth/api/invites/lookup', { key: newKey })).status).toBe(200);
    const cancelled = await api.post(`/ms-core/api/invites/${luis._id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCEL', can: { resend: false, cancel: false } });
    expect((await anon().post('/auth/api/invites/lookup', { key: newKey })).body.reference).toBe('LNK0001');
    expect((await api.post(`/ms-core/api/invites/${luis._id}/cancel`)).status).toBe(403);
  });

  it("another company's administrator cannot see or act on the invitations (404)", async () => {
    const other = await createTenant(t.db, 'inv4');
    const { api } = await signIn(t.app, tenant.admin.email);
    const [row] = (await api.post('/ms-core/api/invites/search', { size: 10, page: 0, filters: [{ field: 'status', operator: 'eq', value: 'PENDING' }] })).body;
    const stranger = await signIn(t.app, other.admin.email);
    expect((await stranger.api.post('/ms-core/api/invites/search', { size: 10, page: 0 })).body).toEqual([]);
    expect((await stranger.api.post(`/ms-core/api/invites/${row._id}/cancel`)).status).toBe(404);
  });
});
