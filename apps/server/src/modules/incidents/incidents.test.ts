import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn } from '../../test/factories.js';
import { AUDITS, auditTenant, type TAuditTenant } from '../../test/audits.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../../test/incidents.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

let t: TTestApp;
let f: TAuditTenant;
let audit: Awaited<ReturnType<typeof finishedAuditWithIncidents>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'inc');
  audit = await finishedAuditWithIncidents(t, f);
});
afterAll(() => t.close());

const search = (api = f.client, body: object = {}) => api.post(`${ISSUES}/search-issues`, body);
const status = (id: string, to: string, api = f.auditor) => api.patch(`${ISSUES}/${id}/status`, { status: to });

describe('an audit finishes: its issues become incidents', () => {
  it('each issue is a running incident with the audit, the client, the establishment and its selected task as a corrective action', async () => {
    expect(audit.dirt).toMatchObject({
      kind: 'audits',
      status: 'running',
      name: 'Suciedad',
      riskLevel: 'medium',
      auditId: audit.auditId,
      openTasks: 1,
      totalTasks: 1,
    });
    expect(audit.plague).toMatchObject({ status: 'running', riskLevel: 'high', clientId: f.tenant.client.id, establishmentId: f.tenant.establishment.id });
    const detail = await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}`));
    expect(detail.tasks).toMatchObject([{ name: 'Limpiar', status: 'toDo', priority: 'medium', verifiedAt: null }]);
    const history = await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}/history`));
    expect(history).toMatchObject([{ kind: 'created', by: { _id: f.tenant.auditor.id } }]);
  });
  it('the question’s incidents with their actions (issues-tasks-all)', async () => {
    const all = await expectOk(f.client.post(`${AUDITS}/${audit.auditId}/questions/${audit.ids.floors}/issues-tasks-all`));
    expect(all).toMatchObject([{ _id: audit.dirt._id, tasks: [{ name: 'Limpiar', status: 'toDo' }] }]);
  });
});

describe('POST /issues/search-issues', () => {
  it('answers 401 without a session, 452 without ISSUE:READ, 400 on an unknown filter', async () => {
    expect((await apiClient(t.app).post(`${ISSUES}/search-issues`, {})).status).toBe(401);
    const lab = await addUser(t.db, {
      email: `lab.${f.tenant.tag}@example.com`,
      firstName: 'Lab',
      home: f.tenant.client,
      roleIds: [f.tenant.roles.laboratory!],
    });
    const labApi = (await signIn(t.app, lab.email)).api;
    expect((await search(labApi)).body.reference).toBe('452');
    expect((await labApi.get(`${ISSUES}/${audit.dirt._id}`)).body.reference).toBe('452');
    expect((await search(f.client, { filters: [{ field: 'password', value: 'x' }] })).body.fields).toEqual(['filters.password']);
    expect((await search(f.client, { filters: [{ field: 'status', value: 'bogus' }] })).body.fields).toEqual(['filters.status']);
  });
  it('pages on the server with the total in x-total-count and filters by risk, client, establishment, template and month range', async () => {
    const page = await search(f.client, { size: 1, filters: [{ field: 'audit', value: audit.auditId }] });
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.body).toHaveLength(1);
    const ids = async (filters: object[]) => ((await expectOk(search(f.client, { filters }))) as { _id: string }[]).map((i) => i._id).sort();
    expect(await ids([{ field: 'riskLevel', value: 'high' }])).toEqual([audit.plague._id]);
    expect(await ids([{ field: 'riskLevel', operator: '$in', value: ['high', 'medium'] }])).toEqual([audit.dirt._id, audit.plague._id].sort());
    expect(await ids([{ field: 'client', value: f.tenant.client.id }])).toHaveLength(2);
    expect(await ids([{ field: 'establishment', value: f.tenant.establishment.id }])).toHaveLength(2);
    expect(await ids([{ field: 'template', value: f.tpl.template }])).toHaveLength(2);
    const month = audit.dirt.auditDate!.slice(0, 7);
    expect(await ids([{ field: 'auditDate', operator: 'between', value: [month, month] }])).toHaveLength(2);
    expect(await ids([{ field: 'auditDate', operator: 'between', value: ['2001-01', '2001-02'] }])).toEqual([]);
    expect(await ids([{ field: 'kind', value: 'others' }])).toEqual([]);
  });
  it('shows nothing of another tenant', async () => {
    const other = await createTenant(t.db, 'incother');
    const stranger = (await signIn(t.app, other.admin.email)).api;
    expect(await expectOk(search(stranger))).toEqual([]);
    expect((await stranger.get(`${ISSUES}/${audit.dirt._id}`)).status).toBe(404);
    expect((await status(audit.dirt._id, 'escalated_to_client', stranger)).status).toBe(404);
    expect((await stranger.post(`${ISSUES}/${audit.dirt._id}/comments`, { text: 'x' })).status).toBe(404);
  });
});

describe('the status machine (decision 0038)', () => {
  it('refuses a move the machine forbids (ISS0001) and the other side’s move (452), in the caller’s language', async () => {
    const refused = await status(audit.plague._id, 'completed_by_client');
    expect(refused.body).toMatchObject({ reference: 'ISS0001' });
    const english = apiClient(t.app, f.auditorToken, 'en');
    expect((await english.patch(`${ISSUES}/${audit.plague._id}/status`, { status: 'draft' })).body.message).toBe(
      'The incident status does not allow this change.',
    );
    expect((await status(audit.plague._id, 'escalated_to_client', f.client)).body.reference).toBe('452');
  });
  it('590: never resolved without a complete and verified corrective action', async () => {
    expect((await status(audit.plague._id, 'resolved')).body.reference).toBe('590');
    const detail = await expectOk(f.auditor.get(`${ISSUES}/${audit.plague._id}`));
    expect(detail.status).toBe('running');
  });
  it('escalates to the client, who agrees a plan and completes it; each move in the history with who and when', async () => {
    expect((await expectOk(status(audit.plague._id, 'escalated_to_client'))).status).toBe('escalated_to_client');
    const seen = await expectOk(f.client.get(`${ISSUES}/${audit.plague._id}`));
    expect(seen.transitions).toEqual(['action_plan_agreed']);
    await expectOk(status(audit.plague._id, 'action_plan_agreed', f.client));
    const history = await expectOk(f.client.get(`${ISSUES}/${audit.plague._id}/history`));
    expect(history.slice(0, 2)).toMatchObject([
      { kind: 'statusChanged', by: { _id: f.tenant.clientUser.id }, after: { status: 'action_plan_agreed' } },
      { kind: 'statusChanged', by: { _id: f.tenant.auditor.id }, after: { status: 'escalated_to_client' } },
    ]);
  });
  it('two identical moves at once: one passes, the other is refused, never a 5xx', async () => {
    const [a, b] = await Promise.all([status(audit.plague._id, 'completed_by_client', f.client), status(audit.plague._id, 'completed_by_client', f.client)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});

describe('corrective actions: toDo → running → complete, verified by a second person', () => {
  it('the client’s manager assigns and completes an action; the auditor verifies it; the incident resolves', async () => {
    const created = await expectOk(
      f.client.post(`${ISSUES}/${audit.dirt._id}/tasks`, {
        name: 'Limpiar a fondo',
        priority: 'high',
        responsible: f.tenant.clientUser.id,
        dueDate: '2030-01-31',
      }),
    );
    expect(created).toMatchObject({
      status: 'toDo',
      priority: 'high',
      responsible: { _id: f.tenant.clientUser.id },
      can: { changeStatus: true, verify: false },
    });
    expect((await f.client.patch(`${TASKS}/${created._id}`, { status: 'complete' })).body.reference).toBe('ISS0002');
    await expectOk(f.client.patch(`${TASKS}/${created._id}`, { status: 'running' }));
    const done = await expectOk(f.client.patch(`${TASKS}/${created._id}`, { status: 'complete' }));
    expect(done).toMatchObject({ status: 'complete', completedBy: expect.any(String), can: { verify: false } });
    // The original task "Limpiar" is still open: 590 until it is done too.
    const [original] = (await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}`))).tasks;
    expect(original.name).toBe('Limpiar');
    await expectOk(f.client.patch(`${TASKS}/${original._id}`, { status: 'running' }));
    await expectOk(f.client.patch(`${TASKS}/${original._id}`, { status: 'complete' }));
    // Every action complete: the audit incident waits for the evidence's review.
    expect((await expectOk(f.auditor.get(`${ISSUES}/${audit.dirt._id}`))).status).toBe('evidence_pending_review');
    // The one who completed it cannot verify it.
    expect((await f.client.post(`${TASKS}/${created._id}/verify`, { approved: true })).body.reference).toBe('452');
    await expectOk(f.auditor.post(`${TASKS}/${created._id}/verify`, { approved: true }));
    expect((await expectOk(f.auditor.get(`${ISSUES}/${audit.dirt._id}`))).status).toBe('evidence_pending_review');
    const last = await expectOk(f.auditor.post(`${TASKS}/${original._id}/verify`, { approved: true }));
    expect(last.verifiedBy).toBeTruthy();
    const resolved = await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}`));
    expect(resolved).toMatchObject({ status: 'resolved', openTasks: 0, transitions: [] });
    const kinds = ((await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}/history`))) as { kind: string }[]).map((h) => h.kind);
    expect(kinds).toEqual(expect.arrayContaining(['actionCreated', 'actionStatusChanged', 'actionVerified', 'statusChanged']));
    // §4: the resolved filter finds it, solvedInPlace does not.
    const filter = async (value: string[]) =>
      (
        (await expectOk(
          search(f.client, {
            filters: [
              { field: 'status', operator: '$in', value },
              { field: 'audit', value: audit.auditId },
            ],
          }),
        )) as { _id: string }[]
      ).map((i) => i._id);
    expect(await filter(['resolved'])).toEqual([audit.dirt._id]);
    expect(await filter(['solvedInPlace'])).toEqual([]);
    expect(await filter(['resolved', 'solvedInPlace'])).toEqual([audit.dirt._id]);
  });
  it('a refused evidence sends the action back to running and the incident to evidence_rejected', async () => {
    const task = await expectOk(f.client.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: 'Fumigar otra vez' }));
    const detail = await expectOk(f.client.get(`${ISSUES}/${audit.plague._id}`));
    for (const each of detail.tasks) {
      await expectOk(f.client.patch(`${TASKS}/${each._id}`, { status: 'running' }));
      await expectOk(f.client.patch(`${TASKS}/${each._id}`, { status: 'complete' }));
    }
    expect((await expectOk(f.auditor.get(`${ISSUES}/${audit.plague._id}`))).status).toBe('evidence_pending_review');
    const refused = await expectOk(f.auditor.post(`${TASKS}/${task._id}/verify`, { approved: false }));
    expect(refused).toMatchObject({ status: 'running', completedAt: null });
    expect((await expectOk(f.auditor.get(`${ISSUES}/${audit.plague._id}`))).status).toBe('evidence_rejected');
  });
  it('validates the body (400 naming the field), a responsible outside the scope, and the client cannot delete an action', async () => {
    const bad = await f.client.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: '', dueDate: 'mañana' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining(['name', 'dueDate']));
    const other = await createTenant(t.db, 'incresp');
    expect((await f.client.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: 'x', responsible: other.admin.id })).body.fields).toEqual(['responsible']);
    const [task] = (await expectOk(f.client.get(`${ISSUES}/${audit.plague._id}`))).tasks;
    expect((await f.client.delete(`${TASKS}/${task._id}`)).body.reference).toBe('452');
  });
  it('lists the actions of the scope (`/tasks`) with their incident, filtered by status', async () => {
    const page = await f.client.post(`${TASKS}/search`, { filters: [{ field: 'status', value: 'complete' }] });
    expect(page.status).toBe(200);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(page.body.every((task: { status: string; incidentName: string }) => task.status === 'complete' && task.incidentName)).toBe(true);
  });
});

describe('comments', () => {
  it('adds, edits and removes one’s own comment; another person cannot edit it; each change in the history', async () => {
    const added = await expectOk(f.client.post(`${ISSUES}/${audit.plague._id}/comments`, { text: 'Llamamos a la empresa de control de plagas' }));
    expect(added).toMatchObject([{ text: 'Llamamos a la empresa de control de plagas', author: { _id: f.tenant.clientUser.id }, can: { update: true } }]);
    const id = added[0]._id;
    expect((await f.auditor.patch(`${ISSUES}/${audit.plague._id}/comments/${id}`, { text: 'no' })).body.reference).toBe('452');
    expect((await expectOk(f.client.patch(`${ISSUES}/${audit.plague._id}/comments/${id}`, { text: 'Vienen el lunes' })))[0].text).toBe('Vienen el lunes');
    expect(await expectOk(f.client.delete(`${ISSUES}/${audit.plague._id}/comments/${id}`))).toEqual([]);
    const kinds = ((await expectOk(f.client.get(`${ISSUES}/${audit.plague._id}/history`))) as { kind: string }[]).map((h) => h.kind);
    expect(kinds.slice(0, 3)).toEqual(['commentRemoved', 'commentUpdated', 'commentAdded']);
  });
  it('a comment replayed with its Idempotency-Key (a device back online, decision 0054) is stored once, in parallel too', async () => {
    const url = `${ISSUES}/${audit.dirt._id}/comments`;
    const before = (await expectOk(f.client.get(url))) as unknown[];
    const send = (key: string) => f.client.call('POST', url, { text: 'Escrito sin conexión' }, { 'idempotency-key': key });
    const first = await send('comment-offline-1');
    expect(first.status).toBe(200);
    const again = await send('comment-offline-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const twins = await Promise.all([send('comment-offline-2'), send('comment-offline-2')]);
    for (const twin of twins) expect([200, 409]).toContain(twin.status);
    const after = (await expectOk(f.client.get(url))) as { text: string }[];
    expect(after).toHaveLength(before.length + 2);
    expect(after.filter((c) => c.text === 'Escrito sin conexión')).toHaveLength(2);
  });
  it('keeps a NUL byte out and refuses an oversized comment', async () => {
    expect((await f.client.post(`${ISSUES}/${audit.plague._id}/comments`, { text: 'x'.repeat(5000) })).status).toBe(400);
    const nul = await f.client.post(`${ISSUES}/${audit.plague._id}/comments`, { text: 'a\u0000b' });
    expect(nul.status).toBeLessThan(500);
  });
});

describe('"others" incidents reported by hand', () => {
  it('are created in an establishment as draft, opened, and resolved only with a verified action', async () => {
    const created = await expectOk(
      f.client.post(ISSUES, {
        name: 'Fuga en la cámara',
        space: f.tenant.establishment.id,
        reportedBy: 'Recepción',
        detectedBy: 'Cocinero',
        type: 'Mantenimiento',
        category: 'Frío',
        priority: 'high',
        facility: 'Cámara 1',
        openDate: '2026-11-20',
        draft: true,
      }),
    );
    expect(created).toMatchObject({
      kind: 'others',
      status: 'draft',
      establishmentId: f.tenant.establishment.id,
      clientId: f.tenant.client.id,
      openDate: '2026-11-20T00:00:00.000Z',
    });
    await expectOk(status(created._id, 'running', f.client));
    expect((await status(created._id, 'escalated_to_client')).body.reference).toBe('ISS0001');
    expect((await status(created._id, 'resolved')).body.reference).toBe('590');
    const others = await expectOk(search(f.client, { filters: [{ field: 'kind', value: 'others' }] }));
    expect(others.map((i: { _id: string }) => i._id)).toEqual([created._id]);
    expect((await f.client.post(ISSUES, { name: 'x', space: f.tenant.root.id })).status).toBe(400);
  });
});

describe('POST /reports/issues/export-excel', () => {
  it('streams the filtered list as an .xlsx in the user’s language; 832 when nothing matches', async () => {
    const sheetOf = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ms-core/api/reports/issues/export-excel',
        headers: { authorization: `Bearer ${f.auditorToken}` },
        payload: { filters: [{ field: 'audit', value: audit.auditId }] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    };
    const spanish = await sheetOf();
    expect(spanish[0]!.slice(1, 4)).toEqual(['Nombre', 'Origen', 'Estado']);
    expect(
      spanish
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Plagas', 'Suciedad']);
    expect(spanish.slice(1).map((r) => r[2])).toEqual(['Auditoría', 'Auditoría']);
    await expectOk(f.auditor.patch('/ms-core/api/users/me/language', { language: 'en' }));
    const english = await sheetOf();
    expect(english[0]!.slice(1, 4)).toEqual(['Name', 'Origin', 'Status']);
    await expectOk(f.auditor.patch('/ms-core/api/users/me/language', { language: 'es' }));
    const empty = await f.client.post('/ms-core/api/reports/issues/export-excel', { filters: [{ field: 'riskLevel', value: 'P1' }] });
    expect([empty.status, empty.body.reference]).toEqual([404, '832']);
  });
});

describe('reopening the audit', () => {
  it('supersedes its incidents, keeping their corrective actions (decision 0063, where §4 erased them)', async () => {
    await expectOk(f.admin.patch(`${AUDITS}/${audit.auditId}/reopen`));
    expect(await expectOk(search(f.client, { filters: [{ field: 'audit', value: audit.auditId }] }))).toEqual([]);
    const kept = await expectOk(
      search(f.client, {
        filters: [
          { field: 'audit', value: audit.auditId },
          { field: 'status', value: 'superseded' },
        ],
      }),
    );
    expect(kept).toHaveLength(2);
    const left = await unsafeUnscoped(
      t.db,
      async (tx) => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from incident_tasks where incident_id = ${audit.dirt._id}`)).rows[0]!.n,
    );
    expect(left).toBeGreaterThan(0);
  });
});
