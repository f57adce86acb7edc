import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs, solvedCaptcha } from '../../test/accounts.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { linkKey, startMailbox, type TMailbox } from '../../test/mailbox.js';

let t: TTestApp;
let mail: TMailbox;
let tenant: TTenant;
const anon = () => apiClient(t.app);

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ SMTP_URL: mail.url, CAPTCHA_MAX_NUMBER: '2000' });
  tenant = await createTenant(t.db, 'acc');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

async function ask(email: string, extra: Record<string, unknown> = {}) {
  return anon().post('/auth/api/access-requests', {
    spaceIdentifier: `company-${tenant.tag}`,
    email,
    firstName: 'Marta',
    lastName: 'Ruiz',
    message: 'Soy la nueva jefa de cocina.',
    captcha: await solvedCaptcha(t.app),
    ...extra,
  });
}

describe('access requests (decision 0040)', () => {
  it("a stranger asks to join; the space's administrators are told by e-mail with their own link; the admin accepts from it and the requester is invited", async () => {
    mail.clear();
    expect((await ask('marta@example.com')).body).toEqual({ ok: true });
    await drainJobs(t.app);
    // the admin (SPACE_ADMIN) is told; the auditor and the client user are not
    const [toAdmin] = mail.to(tenant.admin.email);
    expect(mail.received.map((m) => m.to).flat()).toEqual([tenant.admin.email]);
    expect(toAdmin!.subject).toBe(`Solicitud de acceso · Company ${tenant.tag}`);
    expect(toAdmin!.text).toContain('Marta Ruiz <marta@example.com>');
    expect(toAdmin!.text).toContain('Soy la nueva jefa de cocina.');
    const key = linkKey(toAdmin, '/access-requests/process');
    expect((await anon().post('/auth/api/access-requests/lookup', { key })).body).toMatchObject({
      email: 'marta@example.com',
      status: 'PENDING',
      spaceName: `Company ${tenant.tag}`,
    });
    mail.clear();
    expect((await anon().post('/auth/api/process-access', { key, accept: true })).body).toEqual({ status: 'ACCEPTED' });
    await drainJobs(t.app);
    const [invitation] = mail.to('marta@example.com');
    expect(invitation!.subject).toBe(`Invitación · Company ${tenant.tag}`);
    const inviteKey = linkKey(invitation, '/invitation');
    expect((await anon().post('/auth/api/invites/lookup', { key: inviteKey })).body).toEqual({
      email: 'marta@example.com',
      spaceName: `Company ${tenant.tag}`,
      role: 'USER',
      newAccount: true,
    });
    // the link is single use
    expect((await anon().post('/auth/api/process-access', { key, accept: false })).body.reference).toBe('LNK0001');
  });

  it('a repeated request while one is pending adds nothing; the captcha is required', async () => {
    mail.clear();
    await ask('repetido@example.com');
    await ask('repetido@example.com');
    await drainJobs(t.app);
    expect(mail.to(tenant.admin.email)).toHaveLength(1);
    expect((await anon().post('/auth/api/access-requests', { spaceIdentifier: `company-${tenant.tag}`, email: 'x@example.com', firstName: 'X' })).status).toBe(
      400,
    );
  });

  it('nothing tells whether a space exists: an unknown identifier answers as a known one, and nothing is stored or sent (decision 0048)', async () => {
    mail.clear();
    const known = await ask('conocida@example.com');
    const unknown = await ask('conocida@example.com', { spaceIdentifier: `company-${tenant.tag}-nope` });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(unknown.body).toEqual({ ok: true });
    await drainJobs(t.app);
    // the known space's administrator is told once; the unknown identifier left no row and no e-mail
    expect(mail.received.map((m) => m.to).flat()).toEqual([tenant.admin.email]);
    const { api } = await signIn(t.app, tenant.admin.email);
    expect((await api.post('/ms-core/api/access-requests/search', { size: 10, page: 0, search: 'conocida' })).body).toHaveLength(1);
  });

  it("the administrator's list shows the requests with can; rejecting tells the requester; a settled request cannot be processed again", async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const list = await api.post('/ms-core/api/access-requests/search', { size: 10, page: 0, search: 'repetido' });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ email: 'repetido@example.com', status: 'PENDING', can: { process: true } });
    mail.clear();
    const rejected = await api.post(`/ms-core/api/access-requests/${list.body[0]._id}/process`, { accept: false });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', can: { process: false } });
    await drainJobs(t.app);
    expect(mail.to('repetido@example.com').map((m) => m.subject)).toEqual([`Solicitud de acceso rechazada · Company ${tenant.tag}`]);
    expect((await api.post(`/ms-core/api/access-requests/${list.body[0]._id}/process`, { accept: true })).status).toBe(403);
  });

  it('a client user may not list or process requests (452); another company sees none (404)', async () => {
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.post('/ms-core/api/access-requests/search', { size: 10, page: 0 })).body.reference).toBe('452');
    const { api } = await signIn(t.app, tenant.admin.email);
    const [row] = (await api.post('/ms-core/api/access-requests/search', { size: 10, page: 0 })).body;
    const other = await createTenant(t.db, 'acc2');
    const stranger = await signIn(t.app, other.admin.email);
    expect((await stranger.api.post('/ms-core/api/access-requests/search', { size: 10, page: 0 })).body).toEqual([]);
    expect((await stranger.api.post(`/ms-core/api/access-requests/${row._id}/process`, { accept: true })).status).toBe(404);
  });
});
