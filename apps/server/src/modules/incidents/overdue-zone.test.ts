import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { ISSUES, TASKS } from '../../test/incidents.js';
import type { TSeedSpace } from '../../seed/build.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

/**
 * Issue 25 (decision 0094): a corrective action is overdue from midnight where its space is, and
 * its age in days is counted there too, whoever reads it. At 10:30 UTC on 10 March 2026 it is
 * already 11 March in Kiritimati (UTC+14), still 9 March in Pago Pago (UTC−11), 10 March in Madrid
 * (the default zone). Every reading agrees: the action's `overdue` flag (its page, its incident's,
 * the list's rows), the list's `overdue` filter, the Excel export, the home's overdue list and the
 * corrective actions' statistics; for a reader homed in Madrid and for one in Kiritimati.
 */
const NOW = new Date('2026-03-10T10:30:00Z');
const STATS = '/ms-statistics/api/corrective-statistics/by-age';

type TPlace = 'madrid' | 'kiritimati' | 'madridUnderKiritimati' | 'pagoPago';
/** The actions, all open: where, due, created, and what the rule makes of them at NOW. */
const ACTIONS: { name: string; place: TPlace; due: string; created: string; overdue: boolean; bucket: '0-7' | '8-30' }[] = [
  // Madrid: due yesterday, late; due today, not yet. Created 1 March: 9 days old.
  { name: 'Madrid ayer', place: 'madrid', due: '2026-03-09', created: '2026-03-01T12:00:00Z', overdue: true, bucket: '8-30' },
  { name: 'Madrid hoy', place: 'madrid', due: '2026-03-10', created: '2026-03-09T12:00:00Z', overdue: false, bucket: '0-7' },
  // Kiritimati: due on UTC's today, which is its yesterday: late. Created at 23:00 there on 3 March: 8 days old (7 in UTC).
  { name: 'Kiritimati', place: 'kiritimati', due: '2026-03-10', created: '2026-03-05T12:00:00Z', overdue: true, bucket: '0-7' },
  { name: 'Kiritimati antigua', place: 'kiritimati', due: '2026-03-10', created: '2026-03-03T09:00:00Z', overdue: true, bucket: '8-30' },
  // An area of the Kiritimati establishment set back to Madrid: its own zone wins (10:00 on 3 March there: 7 days old).
  { name: 'Zona Madrid', place: 'madridUnderKiritimati', due: '2026-03-10', created: '2026-03-03T09:00:00Z', overdue: false, bucket: '0-7' },
  // Pago Pago: due on UTC's yesterday, which is its today: not late. Created at 01:00 there on 2 March: 7 days old (8 in UTC).
  { name: 'Pago Pago', place: 'pagoPago', due: '2026-03-09', created: '2026-03-02T12:00:00Z', overdue: false, bucket: '0-7' },
];
const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
const overdueNames = (keep: (a: (typeof ACTIONS)[number]) => boolean = () => true) => names(ACTIONS.filter((a) => a.overdue && keep(a)));

let t: TTestApp;
let a: TTenant;
let admin: { api: TApiClient; token: string };
let kiritimatiUser: { api: TApiClient; token: string };
const taskIds = new Map<string, string>();
const incidentOf = new Map<TPlace, string>();

async function setZone(space: TSeedSpace, zone: string) {
  await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update spaces set time_zone = ${zone} where id = ${space.id}`));
}

beforeAll(async () => {
  t = await createTestApp();
  // Date alone (the server's clock, the sessions' too); the database's own clock is not read by the rule.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  a = await createTenant(t.db, 'tz');
  const kiritimati = await addSpace(t.db, { name: 'Kiritimati', parent: a.client, type: 'ESTABLISHMENT' });
  const kiritimatiArea = await addSpace(t.db, { name: 'Zona Madrid', parent: kiritimati, type: 'AREA' });
  const pagoPago = await addSpace(t.db, { name: 'Pago Pago', parent: a.client, type: 'ESTABLISHMENT' });
  await setZone(kiritimati, 'Pacific/Kiritimati');
  await setZone(kiritimatiArea, 'Europe/Madrid');
  await setZone(pagoPago, 'Pacific/Pago_Pago');
  const spaces: Record<TPlace, { space: TSeedSpace; establishment: TSeedSpace }> = {
    madrid: { space: a.establishment, establishment: a.establishment },
    kiritimati: { space: kiritimati, establishment: kiritimati },
    madridUnderKiritimati: { space: kiritimatiArea, establishment: kiritimati },
    pagoPago: { space: pagoPago, establishment: pagoPago },
  };
  await unsafeUnscoped(t.db, async (tx) => {
    for (const [place, { space, establishment }] of Object.entries(spaces) as [TPlace, (typeof spaces)[TPlace]][]) {
      const id = randomUUID();
      incidentOf.set(place, id);
      await tx.execute(sql`insert into incidents (id, space_id, secure_space_path, kind, status, name, client_id, establishment_id, audit_date)
        values (${id}, ${space.id}, ${space.path}, 'audits', 'running', ${`Incidencia ${place}`}, ${a.client.id}, ${establishment.id}, '2026-02-20T10:00:00Z')`);
    }
    for (const action of ACTIONS) {
      const { space } = spaces[action.place];
      const [row] = (
        await tx.execute<{ id: string }>(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, due_date, created_at)
          values (${space.id}, ${space.path}, ${incidentOf.get(action.place)}, ${action.name}, 'toDo', ${action.due}, ${action.created}::timestamptz) returning id`)
      ).rows;
      taskIds.set(action.name, row!.id);
    }
  });
  const kUser = `kiritimati.${a.tag}@example.com`;
  await addUser(t.db, { email: kUser, firstName: 'Kiritimati', home: kiritimati, roleIds: [a.roles.USER!] });
  const session = async (email: string) => {
    const s = await signIn(t.app, email);
    return { api: s.api, token: s.session.accessToken };
  };
  admin = await session(a.admin.email);
  kiritimatiUser = await session(kUser);
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

async function ok<T = any>(res: Promise<{ status: number; body: T }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const search = (api: TApiClient, body: object) => ok<{ name: string; overdue: boolean }[]>(api.post(`${TASKS}/search`, { size: 50, page: 0, ...body }));
const overdueFilter = (value: boolean) => [{ field: 'overdue', operator: 'eq', value }];

/** The export's rows (name → Overdue column), read back with exceljs. */
async function exported(token: string, body: object) {
  const res = await t.app.inject({ method: 'POST', url: `${TASKS}/export-excel`, payload: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const [, ...rows] = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  return new Map(rows.map((r) => [String(r[1]), r[7] === 'Sí']));
}

describe.each([
  ['an admin of the company (Madrid)', () => admin, () => true],
  [
    'a user of the Kiritimati establishment',
    () => kiritimatiUser,
    (x: (typeof ACTIONS)[number]) => x.place.startsWith('kiritimati') || x.place === 'madridUnderKiritimati',
  ],
] as const)('for %s', (_label, who, sees) => {
  const mine = () => ACTIONS.filter(sees);

  it("each action's overdue flag: its page, its incident's page and the list's rows", async () => {
    const { api } = who();
    const expected = Object.fromEntries(mine().map((x) => [x.name, x.overdue]));
    const pages = await Promise.all(mine().map(async (x) => [x.name, (await ok(api.get(`${TASKS}/${taskIds.get(x.name)}`))).overdue] as const));
    expect(Object.fromEntries(pages)).toEqual(expected);
    const incidents = await Promise.all([...new Set(mine().map((x) => x.place))].map((place) => ok(api.get(`${ISSUES}/${incidentOf.get(place)}`))));
    expect(Object.fromEntries(incidents.flatMap((i) => i.tasks.map((task: { name: string; overdue: boolean }) => [task.name, task.overdue])))).toEqual(
      expected,
    );
    expect(Object.fromEntries((await search(api, {})).map((r) => [r.name, r.overdue]))).toEqual(expected);
  });

  it("the list's overdue filter, both ways, and the home's overdue list", async () => {
    const { api } = who();
    expect(names(await search(api, { filters: overdueFilter(true) }))).toEqual(overdueNames(sees));
    expect(names(await search(api, { filters: overdueFilter(false) }))).toEqual(names(mine().filter((x) => !x.overdue)));
    // The home's section asks the list as homeApi.ts useOverdueTasks does (HOME_ITEMS rows, latest due first, a few fields).
    const home = await search(api, {
      size: 8,
      sort: '-dueDate',
      filters: overdueFilter(true),
      projections: ['_id', 'incidentId', 'incidentName', 'name', 'dueDate', 'responsible', 'daysLate'],
    });
    expect(names(home)).toEqual(overdueNames(sees));
    // Its "N days late" label is the server's count where the action is: Kiritimati's action due on
    // UTC's today is already a day late there (a reader's or UTC's today would say 0).
    expect(Object.fromEntries(home.map((r) => [r.name, (r as unknown as { daysLate: number }).daysLate]))).toEqual(
      Object.fromEntries(overdueNames(sees).map((name) => [name, 1])),
    );
  });

  it("the Excel export's Overdue column and its overdue filter", async () => {
    const { token } = who();
    expect(Object.fromEntries(await exported(token, {}))).toEqual(Object.fromEntries(mine().map((x) => [x.name, x.overdue])));
    expect([...(await exported(token, { filters: overdueFilter(true) })).keys()].sort()).toEqual(overdueNames(sees));
  });

  it("the corrective actions' statistics: overdue and ages counted where each action is", async () => {
    const { api } = who();
    const bucket = (key: string) => {
      const of = mine().filter((x) => x.bucket === key);
      return { key, open: of.length, overdue: of.filter((x) => x.overdue).length };
    };
    expect(await ok(api.post(STATS, {}))).toEqual({
      open: mine().length,
      overdue: mine().filter((x) => x.overdue).length,
      closed: 0,
      avgDaysToClose: null,
      buckets: ['0-7', '8-30', '31-90', '90+'].map(bucket),
    });
  });
});

describe('the figures this world is meant to show', () => {
  it('differ from UTC days: the rule would count otherwise in UTC', () => {
    const utcToday = NOW.toISOString().slice(0, 10);
    const utcOverdue = names(ACTIONS.filter((x) => x.due < utcToday));
    expect(utcOverdue).not.toEqual(overdueNames());
    expect(overdueNames()).toEqual(['Kiritimati', 'Kiritimati antigua', 'Madrid ayer']);
  });
});
