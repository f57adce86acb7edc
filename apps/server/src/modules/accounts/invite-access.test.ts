import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { drainJobs } from '../../test/accounts.js';
import { AUDITS, auditTenant, type TAuditTenant } from '../../test/audits.js';
import { addSpace, addUser, createTenant, signIn } from '../../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { finishedAuditWithIncidents, ISSUES } from '../../test/incidents.js';
import { linkKey, startMailbox, type TMailbox } from '../../test/mailbox.js';
import { expectOk } from '../../test/templates.js';

// Issue 23: an invitation carries the user form's access (decision 0062). Before, an invited USER
// joined the company's space and saw every client's audits and incidents.

let t: TTestApp;
let mail: TMailbox;
let f: TAuditTenant;
/** A second client of the same company, with its own finished audit. */
let otherClient: Awaited<ReturnType<typeof addSpace>>;
let auditA = '';
let auditB = '';
const anon = () => apiClient(t.app);
const PASSWORD = 'Invitada-Clave!3';

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ SMTP_URL: mail.url });
  f = await auditTenant(t, 'invacc');
  otherClient = await addSpace(t.db, { name: `Otro cliente ${f.tenant.tag}`, parent: f.tenant.root });
  const otherEstablishment = await addSpace(t.db, { name: `Otro hotel ${f.tenant.tag}`, parent: otherClient, type: 'ESTABLISHMENT' });
  await expectOk(
    f.admin.post(`/ms-core/api/spaces/${otherEstablishment.id}/services-templates-goal`, {
      servicesTemplatesGoal: [{ service: f.refs.service, valueGoal: 80, templates: [] }],
    }),
  );
  auditA = (await finishedAuditWithIncidents(t, f)).auditId;
  auditB = (await finishedAuditWithIncidents(t, f, { client: otherClient.id, establishment: otherEstablishment.id })).auditId;
}, 120_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** Accepts the invitation e-mailed to `email` as a new person and answers their signed-in client. */
async function accept(email: string) {
  await drainJobs(t.app);
  const key = linkKey(mail.to(email).at(-1), '/invitation');
  const res = await anon().post('/auth/api/invites/accept-invite', { key, firstName: 'Invitada', password: PASSWORD });
  expect(res.status).toBe(200);
  return { session: res.body.session, api: apiClient(t.app, res.body.session.accessToken) };
}

const auditIdsSeen = async (api: ReturnType<typeof apiClient>) =>
  ((await expectOk(api.post(`${AUDITS}/search`, { size: 50, page: 0 }))) as { _id: string }[]).map((a) => a._id);
const incidentAuditsSeen = async (api: ReturnType<typeof apiClient>) => [
  ...new Set(((await expectOk(api.post(`${ISSUES}/search-issues`, { size: 50, page: 0 }))) as { auditId: string }[]).map((i) => i.auditId)),
];

describe('an invitation limited to a client (decision 0062)', () => {
  it('a USER invited for client A accepts, lands in client A and sees only its audits and incidents', async () => {
    mail.clear();
    const res = await f.admin.post('/ms-core/api/invites', {
      emails: ['solo-a@example.com'],
      role: f.tenant.roles.USER,
      clients: [f.tenant.client.id],
      labDataAccess: ['labDataFood'],
    });
    expect(res.status).toBe(200);
    expect(res.body[0].access).toMatchObject({ spaces: [{ _id: f.tenant.client.id, name: f.tenant.client.name }], labDataAccess: ['labDataFood'] });
    // resend keeps the access: the link of the second e-mail is the one accepted
    expect((await f.admin.post(`/ms-core/api/invites/${res.body[0]._id}/resend`)).body.access.spaces).toHaveLength(1);
    const { session, api } = await accept('solo-a@example.com');
    expect(session.space._id).toBe(f.tenant.client.id);
    const me = await expectOk(api.get('/ms-core/api/users/me'));
    expect(me).toMatchObject({ clients: [{ _id: f.tenant.client.id }], labDataAccess: ['labDataFood'] });
    expect(await auditIdsSeen(api)).toEqual([auditA]);
    expect(await incidentAuditsSeen(api)).toEqual([auditA]);
    // the company's space is not theirs to enter
    expect((await api.post(`/ms-core/api/spaces/${f.tenant.root.id}/access`, {})).status).toBe(403);
    // without a limit the invitation is the whole company's, as the form says: both clients
    expect((await auditIdsSeen(f.admin)).sort()).toEqual([auditA, auditB].sort());
  });

  it('an invitation without a client is for the whole company (access.spaces empty)', async () => {
    mail.clear();
    const res = await f.admin.post('/ms-core/api/invites', { emails: ['todo@example.com'], role: f.tenant.roles.USER });
    expect(res.body[0].access).toEqual({ spaces: [], accessServices: [], registersAccess: [], labDataAccess: [] });
    const { session, api } = await accept('todo@example.com');
    expect(session.space._id).toBe(f.tenant.root.id);
    expect((await auditIdsSeen(api)).sort()).toEqual([auditA, auditB].sort());
  });

  it("refuses the other tenant's client ids and spaces of the wrong type (400 naming the field), creating nothing", async () => {
    const other = await createTenant(t.db, 'invacc2');
    const invite = (extra: Record<string, unknown>) =>
      f.admin.post('/ms-core/api/invites', { emails: ['nadie@example.com'], role: f.tenant.roles.USER, ...extra });
    expect((await invite({ clients: [other.client.id] })).body).toMatchObject({ reference: '400', fields: ['clients'] });
    expect((await invite({ establishments: [other.establishment.id] })).body).toMatchObject({ fields: ['establishments'] });
    expect((await invite({ clients: [f.tenant.establishment.id] })).body).toMatchObject({ fields: ['clients'] });
    expect((await f.admin.post('/ms-core/api/invites/search', { size: 10, page: 0, search: 'nadie' })).body).toEqual([]);
  });

  it('an inviter limited to some lab data or services cannot grant more than their own (451), nor a client outside their space', async () => {
    const USER_ROLE = DEFAULT_ROLES.find((r) => r.name === 'USER')!;
    const role = await expectOk(
      f.admin.post('/ms-core/api/roles', {
        name: 'gestor-lab',
        permissions: [...USER_ROLE.permissions, 'USER:MANAGEMENT', 'USER:READ', 'USER:INVITE', 'USER:CREATE', 'USER:WRITE'],
      }),
    );
    const email = `gestor-lab.${f.tenant.tag}@example.com`;
    const manager = await addUser(t.db, { email, firstName: 'Gestora', lastName: 'Lab', home: f.tenant.client, roleIds: [role._id] });
    await expectOk(f.admin.patch(`/ms-core/api/users/${manager.id}`, userBody(manager.id, email, role._id, { labDataAccess: ['labDataFood'] })));
    const { api: limited } = await signIn(t.app, email);
    const invite = (extra: Record<string, unknown>) =>
      limited.post('/ms-core/api/invites', { emails: ['camarero@example.com'], role: f.tenant.roles.USER, ...extra });
    for (const wider of [{}, { labDataAccess: ['labDataPool'] }, { labDataAccess: ['labDataFood', 'labDataPool'] }]) {
      const res = await invite(wider);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ reference: '451', fields: ['labDataAccess'] });
    }
    // a client outside the manager's own client: not in their scope
    expect((await invite({ labDataAccess: ['labDataFood'], clients: [otherClient.id] })).body).toMatchObject({ reference: '400', fields: ['clients'] });
    // the user form is held to the same rule
    const created = await limited.post('/ms-core/api/users', {
      ...userBody(null, `nuevo.${f.tenant.tag}@example.com`, f.tenant.roles.USER),
      password: PASSWORD,
    });
    expect(created.body).toMatchObject({ reference: '451', fields: ['labDataAccess'] });
    const ok = await invite({ labDataAccess: ['labDataFood'], establishments: [f.tenant.establishment.id] });
    expect(ok.status).toBe(200);
    expect(ok.body[0].access.spaces.map((s: { _id: string }) => s._id)).toEqual([f.tenant.establishment.id]);
  });

  it('a client manager is never offered, nor may give, a role above their own (users create and edit too)', async () => {
    const email = `gestor-lab.${f.tenant.tag}@example.com`;
    const { api } = await signIn(t.app, email);
    const invitable = ((await expectOk(api.get('/ms-core/api/invites/roles'))) as { name: string; permissions: string[] }[]).map((r) => r.name);
    expect(invitable).toContain('USER');
    for (const above of ['SUPER_ADMIN', 'SPACE_ADMIN', 'SPACE_OWNER', 'auditor', 'laboratory']) expect(invitable).not.toContain(above);
    // the administrators' roles list says which roles the caller may give
    const listed = (await expectOk(f.admin.post('/ms-core/api/roles/search', { size: 100, page: 0 }))) as { name: string; grantable: boolean }[];
    expect(listed.every((r) => r.grantable)).toBe(true);
    const raised = await api.post('/ms-core/api/users', {
      ...userBody(null, `subido.${f.tenant.tag}@example.com`, f.tenant.roles.SPACE_ADMIN, { labDataAccess: ['labDataFood'] }),
      password: PASSWORD,
    });
    expect(raised.status).toBe(403);
    expect(raised.body).toMatchObject({ reference: '410', fields: ['roles'] });
    const clientUser = f.tenant.clientUser;
    const edit = await api.patch(`/ms-core/api/users/${clientUser.id}`, userBody(clientUser.id, clientUser.email, f.tenant.roles.SPACE_ADMIN));
    expect(edit.body).toMatchObject({ reference: '410', fields: ['roles'] });
  });
});

function userBody(_id: string | null, email: string, role: string, extra: Record<string, unknown> = {}) {
  return { firstName: 'Persona', lastName: 'Prueba', username: email.split('@')[0], email, roles: [role], ...extra };
}
