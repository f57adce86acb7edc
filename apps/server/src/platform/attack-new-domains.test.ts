import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../modules/accounts/captcha.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../test/harness.js';
import { linkKey, startMailbox, type TMailbox } from '../test/mailbox.js';
import { drainJobs } from '../test/accounts.js';
import { auditTenant, type TAuditTenant } from '../test/audits.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../test/incidents.js';
import { expectOk } from '../test/templates.js';

/**
 * An attacker's eyes on the routes of the registers, incidents and accounts modules: the generic
 * probes and the role × tenant matrix walk foreign ids; these go further with real data.
 */
let t: TTestApp;
let other: TTenant;
let f: TAuditTenant;
let mail: TMailbox;
const anon = () => apiClient(t.app);

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000', SMTP_URL: mail.url });
  f = await auditTenant(t, 'atk');
  other = await createTenant(t.db, 'atk2');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A solved captcha whose number has at least two digits and no zero after the first (so it can be split). */
async function splittableCaptcha() {
  for (;;) {
    const solution = solveChallenge((await anon().get('/auth/api/captcha')).body);
    const digits = String(solution.number);
    if (digits.length >= 2 && digits[1] !== '0') return solution;
  }
}

describe('captcha (accounts)', () => {
  it('a solved captcha is refused the second time, even with a digit of the number moved into the salt', async () => {
    const solution = await splittableCaptcha();
    const digits = String(solution.number);
    const ask = (captcha: object) => anon().post('/auth/api/recover', { identifier: 'nobody@example.com', captcha });
    expect((await ask(solution)).status).toBe(200);
    expect((await ask(solution)).body).toMatchObject({ reference: 'ACC0002' });
    // The same SHA-256 input, cut elsewhere: salt + "5", number 4321 for salt, number 54321.
    for (let cut = 1; cut < digits.length; cut++) {
      if (digits[cut] === '0') continue;
      const moved = { ...solution, salt: solution.salt + digits.slice(0, cut), number: Number(digits.slice(cut)) };
      const res = await ask(moved);
      expect(res.status, `cut at ${cut}`).toBe(400);
      expect(res.body).toMatchObject({ reference: 'ACC0002' });
    }
  });
});

describe('invitations (accounts)', () => {
  async function invite(api: Awaited<ReturnType<typeof signIn>>['api'], email: string, role: string) {
    mail.clear();
    expect((await api.post('/ms-core/api/invites', { emails: [email], role })).status).toBe(200);
    await drainJobs(t.app);
    return linkKey(mail.to(email)[0], '/invitation');
  }
  it("another company's invitation with its administrator role does not raise a user in their own company; the link works once", async () => {
    const victim = other.clientUser;
    const own = await signIn(t.app, victim.email);
    expect((await own.api.post('/ms-core/api/invites/search', { size: 10, page: 0 })).body.reference).toBe('452');
    const key = await invite(f.admin, victim.email, f.tenant.roles.SPACE_ADMIN!);
    expect((await anon().post('/auth/api/invites/lookup', { key })).body).toMatchObject({ newAccount: false, role: null });
    expect((await anon().post('/auth/api/invites/accept-invite', { key })).body).toEqual({ ok: true, signIn: true });
    expect((await anon().post('/auth/api/invites/accept-invite', { key })).body.reference).toBe('LNK0001');
    const again = await signIn(t.app, victim.email, undefined, other.client.id);
    expect(again.session.spaces.map((s) => s._id)).toEqual(expect.arrayContaining([other.client.id, f.tenant.root.id]));
    expect((await again.api.post('/ms-core/api/invites/search', { size: 10, page: 0 })).body.reference).toBe('452');
    expect((await again.api.delete(`/ms-core/api/users/${other.auditor.id}`)).status).toBe(403);
  });
  it('the company still gives its role to one of its own people (the inviting space holds their home)', async () => {
    const own = await addUser(t.db, { email: `own.${f.tenant.tag}@example.com`, firstName: 'O', home: f.tenant.client, roleIds: [f.tenant.roles.USER!] });
    const key = await invite(f.admin, own.email, f.tenant.roles.auditor!);
    expect((await anon().post('/auth/api/invites/lookup', { key })).body).toMatchObject({ newAccount: false, role: 'auditor' });
    await expectOk(anon().post('/auth/api/invites/accept-invite', { key }));
  });
});

describe('incidents: another tenant, another client, closed incidents, bad input', () => {
  let audit: Awaited<ReturnType<typeof finishedAuditWithIncidents>>;
  let stranger: Awaited<ReturnType<typeof signIn>>['api'];
  let neighbour: Awaited<ReturnType<typeof signIn>>['api'];
  let taskId: string;
  let neighbourId: string;
  beforeAll(async () => {
    audit = await finishedAuditWithIncidents(t, f);
    stranger = (await signIn(t.app, other.admin.email)).api;
    // A client Y of the same company, with its own manager.
    const clientY = await addSpace(t.db, { name: `Client Y ${f.tenant.tag}`, parent: f.tenant.root });
    const y = await addUser(t.db, { email: `y.${f.tenant.tag}@example.com`, firstName: 'Y', home: clientY, roleIds: [f.tenant.roles.USER!] });
    neighbour = (await signIn(t.app, y.email)).api;
    neighbourId = y.id;
    await expectOk(f.client.post(`${ISSUES}/${audit.dirt._id}/comments`, { text: 'secreto de A' }));
    taskId = (await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}`))).tasks[0]._id;
  });

  it('another tenant and another client of the same tenant see nothing of the incident, by id, by filter or by export', async () => {
    for (const api of [stranger, neighbour]) {
      for (const path of [`${ISSUES}/${audit.dirt._id}`, `${ISSUES}/${audit.dirt._id}/history`, `${ISSUES}/${audit.dirt._id}/comments`, `${TASKS}/${taskId}`]) {
        const res = await api.get(path);
        expect(res.status, path).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('secreto');
      }
      const writes = [
        api.patch(`${ISSUES}/${audit.dirt._id}`, { name: 'tomado' }),
        api.patch(`${ISSUES}/${audit.dirt._id}/status`, { status: 'escalated_to_client' }),
        api.post(`${ISSUES}/${audit.dirt._id}/comments`, { text: 'intruso' }),
        api.post(`${ISSUES}/${audit.dirt._id}/tasks`, { name: 'intrusa' }),
        api.patch(`${TASKS}/${taskId}`, { name: 'tomada' }),
        api.post(`${TASKS}/${taskId}/verify`, { approved: true }),
        api.delete(`${TASKS}/${taskId}`),
      ];
      for (const res of await Promise.all(writes)) expect([403, 404], JSON.stringify(res.body)).toContain(res.status);
      const byFilter = await expectOk(api.post(`${ISSUES}/search-issues`, { filters: [{ field: 'audit', operator: 'eq', value: audit.auditId }] }));
      expect(byFilter).toEqual([]);
      const tasks = await expectOk(api.post(`${TASKS}/search`, { filters: [{ field: 'incident', operator: 'eq', value: audit.dirt._id }] }));
      expect(tasks).toEqual([]);
      const exported = await api.post('/ms-core/api/reports/issues/export-excel', { filters: [{ field: 'audit', operator: 'eq', value: audit.auditId }] });
      expect(exported.body.reference).toBe('832');
    }
    const detail = await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}`));
    expect(detail.name).toBe('Suciedad');
    expect(detail.tasks.map((task: { name: string }) => task.name)).toEqual(['Limpiar']);
    const comments = await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}/comments`));
    expect(comments.map((c: { text: string }) => c.text)).toEqual(['secreto de A']);
  });

  it("a client neither reports in another client's establishment nor hands an action to another client's or company's person", async () => {
    const elsewhere = await neighbour.post(ISSUES, { space: f.tenant.establishment.id, name: 'ajena' });
    expect([elsewhere.status, elsewhere.body.fields]).toEqual([400, ['space']]);
    for (const responsible of [neighbourId, other.admin.id]) {
      const handed = await f.client.post(`${ISSUES}/${audit.dirt._id}/tasks`, { name: 'x', responsible });
      expect([handed.status, handed.body.fields]).toEqual([400, ['responsible']]);
      const reassigned = await f.client.patch(`${TASKS}/${taskId}`, { responsible });
      expect([reassigned.status, reassigned.body.fields]).toEqual([400, ['responsible']]);
      const owner = await f.client.patch(`${ISSUES}/${audit.dirt._id}`, { responsible });
      expect([owner.status, owner.body.fields]).toEqual([400, ['responsible']]);
    }
    const owners = (await expectOk(f.client.post('/ms-core/api/users/search-incidences-owners', { size: 100 }))) as { _id: string }[];
    expect(owners.map((o) => o._id)).not.toContain(neighbourId);
    expect(owners.map((o) => o._id)).not.toContain(other.admin.id);
  });

  it('NUL, lone surrogates, huge texts and wrong types in comments and actions: a 4xx from the catalogue, nothing written', async () => {
    const before = (await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}/history`))).length;
    const bodies = [{ text: 'a'.repeat(2_000_000) }, { text: 42 }, { text: ['x'] }, { text: null }];
    for (const body of bodies) {
      const res = await f.client.post(`${ISSUES}/${audit.dirt._id}/comments`, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.reference).toBeTruthy();
    }
    const tasks = [
      { name: 'x'.repeat(100_000) },
      { name: 'x', dueDate: '2030-02-31' },
      { name: 'x', priority: 'urgentísima' },
      { name: 'x', responsible: 'no-uuid' },
    ];
    for (const body of tasks) {
      const res = await f.client.post(`${ISSUES}/${audit.dirt._id}/tasks`, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    for (const text of ['a\u0000b', 'a\ud800c']) {
      const odd = await f.client.post(`${ISSUES}/${audit.dirt._id}/comments`, { text });
      expect(odd.body).toMatchObject({ reference: 'STR0001', fields: ['text'] });
    }
    const due = await f.client.post(`${ISSUES}/${audit.dirt._id}/tasks`, { name: 'x', dueDate: '2030-02-31' });
    expect(due.body.fields).toEqual(['dueDate']);
    const openDate = await f.client.post(ISSUES, { space: f.tenant.establishment.id, name: 'x', openDate: '2030-13-01' });
    expect(openDate.body.fields).toEqual(['openDate']);
    expect((await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}/history`))).length).toBe(before);
  });

  it('an action of a resolved incident can no longer be reopened or removed (the resolution would stand on nothing)', async () => {
    const incident = await expectOk(f.client.post(ISSUES, { space: f.tenant.establishment.id, name: 'Grifo roto' }));
    const task = await expectOk(f.client.post(`${ISSUES}/${incident._id}/tasks`, { name: 'Cambiar grifo' }));
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'running' }));
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'complete' }));
    await expectOk(f.auditor.post(`${TASKS}/${task._id}/verify`, { approved: true }));
    expect((await expectOk(f.client.get(`${ISSUES}/${incident._id}`))).status).toBe('resolved');
    const reopen = await f.client.patch(`${TASKS}/${task._id}`, { status: 'running' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.reference).toBe('ISS0001');
    const removed = await f.admin.delete(`${TASKS}/${task._id}`);
    expect(removed.body.reference).toBe('ISS0001');
    const after = await expectOk(f.client.get(`${ISSUES}/${incident._id}`));
    expect(after).toMatchObject({ status: 'resolved', tasks: [{ status: 'complete', verifiedAt: expect.any(String) }] });
  });

  it('two verifiers at once: one verification, one history row, no 5xx', async () => {
    const incident = await expectOk(f.client.post(ISSUES, { space: f.tenant.establishment.id, name: 'Puerta' }));
    const task = await expectOk(f.client.post(`${ISSUES}/${incident._id}/tasks`, { name: 'Arreglar' }));
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'running' }));
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'complete' }));
    const answers = await Promise.all([f.auditor, f.admin, f.auditor].map((api) => api.post(`${TASKS}/${task._id}/verify`, { approved: true })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const history = (await expectOk(f.client.get(`${ISSUES}/${incident._id}/history`))) as { kind: string }[];
    expect(history.filter((h) => h.kind === 'actionVerified')).toHaveLength(1);
    expect(history.filter((h) => h.kind === 'statusChanged')).toHaveLength(1);
  });
});
