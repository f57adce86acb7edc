import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

/** Lab incidents' history (decision 0058): every change, who and when, in the change's own transaction. */
const REPORTS = '/ms-core/api/lab-reports';
const INCIDENTS = '/ms-core/api/lab-incidents';

let t: TTestApp;
let tenant: TTenant;
let other: TTenant;
let lab: { api: TApiClient; id: string };
let admin: { api: TApiClient; id: string };
let client: TApiClient;
let tower: { id: string };

interface THistory {
  kind: string;
  by: { _id: string; name: string } | null;
  at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const labUser = async (tt: TTenant, name: string, access: string[] = []) => {
  const user = await addUser(t.db, { email: `${name}.${tt.tag}@example.com`, firstName: name, home: tt.client, roleIds: [tt.roles.laboratory!] });
  if (access.length)
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set lab_data_access = string_to_array(${access.join(',')}, ',') where id = ${user.id}`));
  return { api: (await signIn(t.app, user.email)).api, id: user.id };
};

const report = (over: object = {}) => ({
  category: 'legionella',
  number: `H-${Math.random().toString(36).slice(2, 8)}`,
  space: tower.id,
  extractionDate: '2026-03-02',
  results: [
    { parameter: 'Legionella spp.', value: 1500, unit: 'UFC/L', maxValue: 1000 },
    { parameter: 'Temperatura', value: 55, unit: 'ºC', minValue: 50 },
  ],
  ...over,
});
const incidentsOf = async (reportId: string) =>
  (await expectOk(lab.api.post(`${INCIDENTS}/search`, { filters: [{ field: 'report', value: reportId }] }))) as { _id: string; parameter: string }[];
const historyOf = async (id: string, api = lab.api) => (await expectOk(api.get(`${INCIDENTS}/${id}/history`))) as THistory[];
/** The history rows as stored, whoever may read them (for what the API cannot show: gone rows, their paths). */
const stored = (id: string) =>
  unsafeUnscoped(t.db, async (tx) => {
    const result = await tx.execute(sql`select kind, secure_space_path from lab_incident_history where lab_incident_id = ${id}`);
    return result.rows as { kind: string; secure_space_path: string }[];
  });
/** A time within the test's run: `at` is when the change was made, not a date made up. */
const within = (since: number) => (at: string) => Date.parse(at) >= since - 1000 && Date.parse(at) <= Date.now() + 1000;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'lhist');
  other = await createTenant(t.db, 'lhistx');
  tower = await addSpace(t.db, { name: 'Torre de refrigeración', parent: tenant.establishment, type: 'AREA' });
  lab = await labUser(tenant, 'lab');
  admin = { api: (await signIn(t.app, tenant.admin.email)).api, id: tenant.admin.id };
  client = (await signIn(t.app, tenant.clientUser.email)).api;
});
afterAll(() => t.close());

describe('lab incidents: each change leaves its history entry, who and when', () => {
  it('a report saved with a failing result: the raised incident starts with `created`, by whoever saved it', async () => {
    const since = Date.now();
    const created = await expectOk(lab.api.post(REPORTS, report()));
    const [incident] = await incidentsOf(created._id);
    const history = await historyOf(incident!._id);
    expect(history).toEqual([
      {
        _id: expect.any(String),
        kind: 'created',
        by: { _id: lab.id, name: expect.stringContaining('lab') },
        at: expect.any(String),
        taskId: null,
        before: null,
        after: { status: 'DRAFT', parameter: 'Legionella spp.', value: 1500, unit: 'UFC/L' },
      },
    ]);
    expect(within(since)(history[0]!.at)).toBe(true);
  });

  it('an edit that raises a new incident records its creation; the open one is not recorded again', async () => {
    const created = await expectOk(lab.api.post(REPORTS, report()));
    const [first] = await incidentsOf(created._id);
    await expectOk(
      admin.api.patch(`${REPORTS}/${created._id}`, {
        results: [
          { parameter: 'Legionella spp.', value: 1800, unit: 'UFC/L', maxValue: 1000 },
          { parameter: 'Temperatura', value: 40, unit: 'ºC', minValue: 50 },
        ],
      }),
    );
    const raised = (await incidentsOf(created._id)).find((i) => i.parameter === 'Temperatura')!;
    expect(await historyOf(raised._id)).toMatchObject([
      { kind: 'created', by: { _id: admin.id }, after: { status: 'DRAFT', parameter: 'Temperatura', value: 40 } },
    ]);
    expect((await historyOf(first!._id)).map((h) => h.kind)).toEqual(['created']);
  });

  it('each move: statusChanged with before, after, who and when, newest first; a refused move records nothing', async () => {
    const created = await expectOk(lab.api.post(REPORTS, report()));
    const [incident] = await incidentsOf(created._id);
    const since = Date.now();
    expect((await lab.api.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'SOLVED' })).body.reference).toBe('LAB0001');
    const running = await expectOk(lab.api.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'RUNNING' }));
    await expectOk(admin.api.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'SOLVED' }));
    await expectOk(lab.api.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'RUNNING' }));
    const history = await historyOf(incident!._id);
    expect(history.map((h) => [h.kind, h.before?.status ?? null, h.after?.status, h.by?._id])).toEqual([
      ['statusChanged', 'SOLVED', 'RUNNING', lab.id],
      ['statusChanged', 'RUNNING', 'SOLVED', admin.id],
      ['statusChanged', 'DRAFT', 'RUNNING', lab.id],
      ['created', null, 'DRAFT', lab.id],
    ]);
    expect(history.slice(0, 3).every((h) => within(since)(h.at))).toBe(true);
    // The move's entry is the incident's last change: the same person and time the incident shows.
    expect(history[2]!.at).toBe(running.changedAt);
    // The client user (LAB_DATA_ISSUES_VIEW) reads it with the same names.
    expect(await historyOf(incident!._id, client)).toEqual(history);
  });

  it('a move whose history cannot be written is not made: nothing half-written', async () => {
    const created = await expectOk(lab.api.post(REPORTS, report()));
    const [incident] = await incidentsOf(created._id);
    await unsafeUnscoped(t.db, async (tx) => {
      await tx.execute(sql`create function lab_history_refuse() returns trigger language plpgsql as $$ begin raise exception 'history refused'; end $$`);
      await tx.execute(sql`create trigger lab_history_refuse before insert on lab_incident_history for each row execute function lab_history_refuse()`);
    });
    try {
      const failed = await lab.api.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'RUNNING' });
      expect(failed.status).toBe(500);
      const refusedReport = await lab.api.post(REPORTS, report({ number: 'H-REFUSED' }));
      expect(refusedReport.status).toBe(500);
    } finally {
      await unsafeUnscoped(t.db, async (tx) => {
        await tx.execute(sql`drop trigger lab_history_refuse on lab_incident_history`);
        await tx.execute(sql`drop function lab_history_refuse()`);
      });
    }
    expect(await expectOk(lab.api.get(`${INCIDENTS}/${incident!._id}`))).toMatchObject({ status: 'DRAFT', changedBy: null, changedAt: null });
    expect((await historyOf(incident!._id)).map((h) => h.kind)).toEqual(['created']);
    expect(await expectOk(lab.api.post(`${REPORTS}/search`, { filters: [{ field: 'number', value: 'H-REFUSED' }] }))).toEqual([]);
  });

  it('the history follows its report: moved with its measuring point, deleted with it', async () => {
    const created = await expectOk(lab.api.post(REPORTS, report()));
    const [incident] = await incidentsOf(created._id);
    await expectOk(lab.api.patch(`${INCIDENTS}/${incident!._id}/status`, { status: 'RUNNING' }));
    await expectOk(lab.api.patch(`${REPORTS}/${created._id}`, { space: tenant.area.id }));
    const paths = new Set((await stored(incident!._id)).map((r) => r.secure_space_path));
    expect([...paths]).toHaveLength(1);
    expect([...paths][0]).toMatch(new RegExp(`${tenant.area.id}/$`));
    expect(await historyOf(incident!._id)).toHaveLength(2);
    await expectOk(lab.api.delete(`${REPORTS}/${created._id}`));
    expect(await stored(incident!._id)).toEqual([]);
    expect((await lab.api.get(`${INCIDENTS}/${incident!._id}/history`)).status).toBe(404);
  });
});

describe('who reads a lab incident and its history', () => {
  it('the detail answers the incident as the list does', async () => {
    const created = await expectOk(lab.api.post(REPORTS, report()));
    const [listed] = await incidentsOf(created._id);
    expect(await expectOk(lab.api.get(`${INCIDENTS}/${listed!._id}`))).toEqual(listed);
  });

  it("another tenant's lab incident and its history are 404; outside labDataAccess 452; without LAB_DATA_ISSUES_VIEW 452", async () => {
    const created = await expectOk(lab.api.post(REPORTS, report()));
    const [incident] = await incidentsOf(created._id);
    const foreign = await labUser(other, 'labo');
    const foreignAdmin = (await signIn(t.app, other.admin.email)).api;
    for (const api of [foreign.api, foreignAdmin]) {
      expect((await api.get(`${INCIDENTS}/${incident!._id}`)).status).toBe(404);
      expect((await api.get(`${INCIDENTS}/${incident!._id}/history`)).status).toBe(404);
    }
    const poolOnly = await labUser(tenant, 'poolonly', ['labDataPool']);
    const refused = await poolOnly.api.get(`${INCIDENTS}/${incident!._id}/history`);
    expect([refused.status, refused.body.reference]).toEqual([403, '452']);
    const worker = await addUser(t.db, {
      email: `worker.${tenant.tag}@example.com`,
      firstName: 'worker',
      home: tenant.client,
      roleIds: [tenant.roles.worker!],
    });
    const none = await (await signIn(t.app, worker.email)).api.get(`${INCIDENTS}/${incident!._id}/history`);
    expect([none.status, none.body.reference]).toEqual([403, '452']);
    expect((await lab.api.get(`${INCIDENTS}/${crypto.randomUUID()}/history`)).status).toBe(404);
  });
});
