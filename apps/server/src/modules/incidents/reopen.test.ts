import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { signIn } from '../../test/factories.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { ISSUES, TASKS } from '../../test/incidents.js';
import { cameraJpeg, multipartBody, postMultipart } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { overdueRemindersJob } from './reminders.js';

/**
 * Reopening an audit keeps what the client did (decision 0063): the incidents of its finish turn
 * superseded, read only, with their actions, photos, comments and history; the next finish's
 * incidents take their place and name them.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'incident-reopen-'));
let t: TTestApp;
let f: TAuditTenant;
let auditId: string;
let ids: Awaited<ReturnType<typeof runningAudit>>['ids'];
type TDetail = {
  _id: string;
  name: string;
  status: string;
  can: Record<string, boolean>;
  transitions: string[];
  evidences: { _id: string; url: string; taskId: string | null }[];
  tasks: { _id: string; name: string; status: string; verifiedBy: string | null; overdue: boolean; images: unknown[]; can: Record<string, boolean> }[];
  superseded: { at: string | null; by: { _id: string; name: string } | null; reason: string | null; incident: { _id: string; name: string } | null } | null;
  supersedes: { _id: string; name: string; status: string }[];
};
let dirt: TDetail;
let plague: TDetail;
let comment: { _id: string };

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await auditTenant(t, 'reop');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const question = (q: string) => `${AUDITS}/${auditId}/sections/${ids.facilities}/questions/${q}`;
const raiseIssues = async () => {
  await expectOk(f.auditor.patch(`${question(ids.floors)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
  await expectOk(f.auditor.patch(`${question(ids.pests)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.plague._id] }));
};
const ofAudit = (filters: object[] = []) =>
  f.admin.post(`${ISSUES}/search-issues`, { filters: [{ field: 'audit', value: auditId }, ...filters], sort: 'name' });
async function upload(token: string) {
  const res = await postMultipart(t.app, '/ms-core/api/files/image', token, {
    buffer: await cameraJpeg(320, 240),
    filename: 'foto.jpg',
    contentType: 'image/jpeg',
  });
  expect(res.status).toBe(200);
  return res.body._id as string;
}
const detail = async (id: string, api = f.client) => (await expectOk(api.get(`${ISSUES}/${id}`))) as TDetail;

describe('an audit finished, worked by the client, then reopened', () => {
  it('finishes with issues, a photo taken in the run and tasks; the client comments, works an action with a photo; staff verify', async () => {
    const run = await runningAudit(f);
    auditId = run.id;
    ids = run.ids;
    await expectOk(
      f.auditor.post(`${AUDITS}/${auditId}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }),
    );
    await expectOk(
      f.auditor.post(`${AUDITS}/${auditId}/answer/add`, { section: ids.facilities, question: ids.pests, templateAnswer: select(f.tpl.pestsOptions[2]!) }),
    );
    await raiseIssues();
    const body = multipartBody({ buffer: await cameraJpeg(200, 200), filename: 'foto.jpg', contentType: 'image/jpeg' }, { issue: f.tpl.incidences.dirt._id });
    const photo = await t.app.inject({
      method: 'POST',
      url: `${question(ids.floors)}/evidences`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${f.auditorToken}` },
    });
    expect(photo.statusCode).toBe(200);
    await expectOk(
      f.auditor.post(`${AUDITS}/${auditId}/contact-field/update`, {
        contactFields: [
          { _id: ids.contactFields[0]!._id, value: 'Marta' },
          { _id: ids.contactFields[1]!._id, value: 'marta@hotel.es' },
        ],
      }),
    );
    await expectOk(f.auditor.patch(`${AUDITS}/${auditId}/finished`));
    const [p, d] = (await expectOk(ofAudit())) as { _id: string }[];
    // The client's work: a comment, an action taken to complete with its photo, verified by the auditor (the incident resolves).
    comment = (await expectOk(f.client.post(`${ISSUES}/${d!._id}/comments`, { text: 'Limpiado el lunes' })))[0];
    const [clean] = (await detail(d!._id)).tasks;
    await expectOk(f.client.patch(`${TASKS}/${clean!._id}`, { status: 'running' }));
    const clientToken = (await signIn(t.app, f.tenant.clientUser.email)).session.accessToken;
    await expectOk(f.client.post(`${TASKS}/${clean!._id}/images`, { fileId: await upload(clientToken) }));
    await expectOk(f.client.patch(`${TASKS}/${clean!._id}`, { status: 'complete' }));
    await expectOk(f.auditor.post(`${TASKS}/${clean!._id}/verify`, { approved: true }));
    // The other one escalated, its action overdue (the reminders would pick it).
    await expectOk(f.auditor.patch(`${ISSUES}/${p!._id}/status`, { status: 'escalated_to_client' }));
    const [fumigate] = (await detail(p!._id)).tasks;
    await expectOk(f.auditor.patch(`${TASKS}/${fumigate!._id}`, { dueDate: '2020-01-10', responsible: f.tenant.clientUser.id }));
    dirt = await detail(d!._id);
    plague = await detail(p!._id);
    expect(dirt).toMatchObject({ status: 'resolved', superseded: null, supersedes: [] });
    expect(dirt.evidences).toHaveLength(2);
    expect(plague.tasks[0]).toMatchObject({ overdue: true });
  });

  it('the reopen keeps both incidents as superseded: actions, photos, comments and history still read by the client and the admin', async () => {
    await expectOk(f.client.post('/ms-core/api/notifications/clear'));
    await expectOk(f.admin.patch(`${AUDITS}/${auditId}/reopen`));
    for (const api of [f.client, f.admin]) {
      const kept = await detail(dirt._id, api);
      expect(kept).toMatchObject({
        status: 'superseded',
        transitions: [],
        can: { update: false, comment: false, addTask: false },
        superseded: { reason: 'reopen', by: { _id: f.tenant.admin.id }, incident: null },
        supersedes: [],
      });
      expect(Date.parse(kept.superseded!.at!)).toBeGreaterThan(Date.now() - 60_000);
      expect(kept.evidences.map((e) => e._id)).toEqual(dirt.evidences.map((e) => e._id));
      expect(kept.tasks).toMatchObject([{ name: 'Limpiar', status: 'complete', verifiedBy: expect.any(String), images: [expect.anything()] }]);
      expect(Object.values(kept.tasks[0]!.can)).not.toContain(true);
      // The photos' files are kept: the one taken in the run (shared with the erased issue) and the client's.
      for (const e of kept.evidences) expect((await t.app.inject({ method: 'GET', url: e.url })).statusCode).toBe(200);
      const comments = await expectOk(api.get(`${ISSUES}/${dirt._id}/comments`));
      expect(comments).toMatchObject([{ text: 'Limpiado el lunes', can: { update: false, delete: false } }]);
      const history = (await expectOk(api.get(`${ISSUES}/${dirt._id}/history`))) as { kind: string; after: Record<string, unknown> | null }[];
      expect(history[0]).toMatchObject({ kind: 'statusChanged', after: { status: 'superseded', reason: 'reopen' } });
      expect(history.map((h) => h.kind)).toEqual(expect.arrayContaining(['actionVerified', 'commentAdded', 'imageAdded', 'created']));
    }
    expect(await detail(plague._id)).toMatchObject({ status: 'superseded', tasks: [{ name: 'Fumigar', overdue: false }] });
    // The client's bell tells them (the link still opens the incident).
    const bell = (await expectOk(f.client.post('/ms-core/api/notifications/search', {}))) as { payload: { body: { status: string; incidentId: string } } }[];
    expect(bell.map((n) => n.payload.body)).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'superseded', incidentId: plague._id })]));
  });

  it('refuses every write on a superseded incident or its actions with ISS0003, in the caller’s language; nothing changes', async () => {
    const clientToken = (await signIn(t.app, f.tenant.clientUser.email)).session.accessToken;
    const fileId = await upload(clientToken);
    const [clean] = dirt.tasks;
    const [fumigate] = plague.tasks;
    const writes = [
      () => f.client.patch(`${ISSUES}/${dirt._id}`, { name: 'Otro' }),
      () => f.auditor.patch(`${ISSUES}/${plague._id}/status`, { status: 'resolved' }),
      () => f.client.patch(`${ISSUES}/${plague._id}/status`, { status: 'action_plan_agreed' }),
      () => f.client.post(`${ISSUES}/${dirt._id}/comments`, { text: 'Otra' }),
      () => f.client.patch(`${ISSUES}/${dirt._id}/comments/${comment._id}`, { text: 'Cambiada' }),
      () => f.client.delete(`${ISSUES}/${dirt._id}/comments/${comment._id}`),
      () => f.client.post(`${ISSUES}/${dirt._id}/evidences`, { fileId }),
      () => f.client.delete(`${ISSUES}/${dirt._id}/evidences/${dirt.evidences[0]!._id}`),
      () => f.client.post(`${ISSUES}/${plague._id}/tasks`, { name: 'Nueva' }),
      () => f.client.patch(`${TASKS}/${fumigate!._id}`, { status: 'running' }),
      () => f.client.patch(`${TASKS}/${fumigate!._id}`, { dueDate: '2031-01-01' }),
      () => f.client.post(`${TASKS}/${fumigate!._id}/images`, { fileId }),
      () => f.admin.post(`${TASKS}/${clean!._id}/verify`, { approved: false }),
      () => f.admin.delete(`${TASKS}/${clean!._id}`),
    ];
    for (const write of writes) {
      const res = await write();
      expect([res.status, res.body.reference, res.body.message]).toEqual([
        409,
        'ISS0003',
        'Esta incidencia está sustituida: se conserva como registro y ya no se puede modificar.',
      ]);
    }
    const english = await apiClient(t.app, clientToken, 'en').patch(`${TASKS}/${fumigate!._id}`, { status: 'running' });
    expect(english.body.message).toBe('This incident is superseded: it is kept as a record and can no longer be changed.');
    const after = await detail(dirt._id);
    expect([after.name, after.evidences.length, after.tasks.length]).toEqual([dirt.name, dirt.evidences.length, 1]);
    expect(await expectOk(f.client.get(`${ISSUES}/${dirt._id}/comments`))).toMatchObject([{ text: 'Limpiado el lunes' }]);
  });

  it('superseded incidents leave the default lists and the overdue actions, and are found by their status', async () => {
    expect(await expectOk(ofAudit())).toEqual([]);
    const found = (await expectOk(ofAudit([{ field: 'status', value: 'superseded' }]))) as { _id: string }[];
    expect(found.map((i) => i._id).sort()).toEqual([dirt._id, plague._id].sort());
    const overdue = (await expectOk(f.client.post(`${TASKS}/search`, { filters: [{ field: 'overdue', value: true }] }))) as { _id: string }[];
    expect(overdue.map((task) => task._id)).not.toContain(plague.tasks[0]!._id);
    const open = (await expectOk(
      f.client.post(`${TASKS}/search`, {
        filters: [
          { field: 'status', operator: '$in', value: ['toDo', 'running'] },
          { field: 'supersededIncident', value: false },
        ],
      }),
    )) as { _id: string }[];
    expect(open.map((task) => task._id)).not.toContain(plague.tasks[0]!._id);
    const ofSuperseded = (await expectOk(f.client.post(`${TASKS}/search`, { filters: [{ field: 'supersededIncident', value: true }] }))) as { _id: string }[];
    expect(ofSuperseded.map((task) => task._id)).toContain(plague.tasks[0]!._id);
  });

  it('the overdue reminders skip the superseded incident’s action', async () => {
    await expectOk(f.client.post('/ms-core/api/notifications/clear'));
    await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, overdueRemindersJob, { now: new Date().toISOString() }));
    while ((await t.app.jobs.runDue()) > 0);
    const bell = (await expectOk(f.client.post('/ms-core/api/notifications/search', {}))) as { payload: { body: { status: string; name: string } } }[];
    expect(bell.filter((n) => n.payload.body.status === 'overdue')).toEqual([]);
  });

  it('the next finish’s incidents take their place: each links the superseded one of the same question and incidence', async () => {
    await raiseIssues();
    await expectOk(f.auditor.patch(`${AUDITS}/${auditId}/finished`));
    const fresh = (await expectOk(ofAudit())) as { _id: string; name: string }[];
    expect(fresh.map((i) => i.name)).toEqual(['Plagas', 'Suciedad']);
    const newDirt = await detail(fresh[1]!._id);
    expect(newDirt).toMatchObject({ status: 'running', superseded: null, supersedes: [{ _id: dirt._id, name: 'Suciedad', status: 'superseded' }] });
    expect(await detail(dirt._id, f.admin)).toMatchObject({ superseded: { reason: 'reopen', incident: { _id: newDirt._id, name: 'Suciedad' } } });
    expect(await detail(plague._id)).toMatchObject({ superseded: { incident: { _id: fresh[0]!._id } } });
    // The question's incidents are this finish's.
    const all = (await expectOk(f.client.post(`${AUDITS}/${auditId}/questions/${ids.floors}/issues-tasks-all`))) as { _id: string }[];
    expect(all.map((i) => i._id)).toEqual([newDirt._id]);
  });
});
