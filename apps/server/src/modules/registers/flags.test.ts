import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '@audit/domain/dates';
import { REPEATED_TAKES_DEFAULT } from '@audit/domain/registers';
import { addSpace, addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { logFlags, repeatedEntries, repeatedRuns, type TFlaggableEntry } from './flags.js';

/**
 * The flags that beat paper logs (decision 0036): late entries and a facility's values repeated
 * over several takes; the pure rule, then over HTTP on the log grid (facility-data).
 */
const entry = (facilityId: string, slot: string, value: unknown, over: Partial<TFlaggableEntry> = {}): TFlaggableEntry => ({
  id: `${facilityId}-${slot}-${over.take ?? 1}`,
  facilityId,
  slot,
  take: 1,
  values: [{ param: 'temp', value }],
  completed: false,
  late: false,
  ...over,
});
const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);

describe('repeated values (pure)', () => {
  it('flags a run of identical takes from the threshold on, per facility, in take order', () => {
    const same = days(5).map((d) => entry('f1', d, 3));
    const varied = days(5).map((d, i) => entry('f2', d, 3 + i / 10));
    const runs = repeatedRuns([...same.reverse(), ...varied], 5);
    expect(runs).toEqual([
      { facility: 'f1', takes: 5, from: { slot: '2026-03-01', take: 1 }, to: { slot: '2026-03-05', take: 1 }, entries: days(5).map((d) => `f1-${d}-1`) },
    ]);
    expect(repeatedRuns(same.slice(0, 4), 5)).toEqual([]);
    expect(repeatedRuns(same.slice(0, 4), 4)).toHaveLength(1);
  });

  it('counts takes of one day in order; a different value, a take completed by hand or empty breaks the run', () => {
    const takes = ['2026-03-01', '2026-03-02'].flatMap((d) => [1, 2, 3].map((take) => entry('f', d, '4,0', { take, id: `${d}-${take}` })));
    expect(repeatedRuns(takes, 6)[0]?.to).toEqual({ slot: '2026-03-02', take: 3 });
    const broken = days(6).map((d, i) => (i === 3 ? entry('f', d, 5) : entry('f', d, 3)));
    expect(repeatedRuns(broken, 3).map((r) => r.takes)).toEqual([3]);
    expect(repeatedRuns(broken, 4)).toEqual([]);
    const byHand = days(6).map((d, i) => (i === 2 ? entry('f', d, null, { values: [], completed: true }) : entry('f', d, 3)));
    expect(repeatedRuns(byHand, 3)).toHaveLength(1);
    expect(repeatedRuns(byHand, 4)).toEqual([]);
    // Several params: identical only when every param repeats, whatever their order.
    const two = days(3).map((d, i) => ({
      ...entry('f', d, 3),
      values:
        i === 1
          ? [
              { param: 'note', value: 'ok' },
              { param: 'temp', value: 3 },
            ]
          : [
              { param: 'temp', value: 3 },
              { param: 'note', value: 'ok' },
            ],
    }));
    expect(repeatedRuns(two, 3)).toHaveLength(1);
    expect(
      repeatedRuns(
        two.map((e, i) =>
          i === 2
            ? {
                ...e,
                values: [
                  { param: 'temp', value: 3 },
                  { param: 'note', value: 'ko' },
                ],
              }
            : e,
        ),
        3,
      ),
    ).toEqual([]);
  });

  it('answers late entries to everyone and the repeated runs only to staff', () => {
    const list = days(5).map((d, i) => entry('f', d, 2, { late: i === 0 }));
    expect(logFlags(list, { showRepeated: false })).toEqual({ late: ['f-2026-03-01-1'], repeatTakes: REPEATED_TAKES_DEFAULT, repeated: null });
    expect(logFlags(list, { showRepeated: true }).repeated).toHaveLength(1);
  });

  it("finds a run that started before the grid, and marks late only the grid's own entries", () => {
    // Five late takes: three at the end of the previous month (read for the run only), two in the grid.
    const all = days(5).map((d) => entry('f', d, 2, { late: true }));
    const [earlier, shown] = [all.slice(0, 3), all.slice(3)];
    const flags = logFlags(shown, { showRepeated: true, earlier });
    expect(flags.late).toEqual(shown.map((e) => e.id));
    expect(flags.repeated).toEqual([expect.objectContaining({ facility: 'f', takes: 5, entries: all.map((e) => e.id) })]);
  });

  it('gives the downloads the same entries as the grid: whole takes in a run, not a shorter or broken one', () => {
    const run = days(5).map((d) => entry('a', d, 3));
    const short = days(4).map((d) => entry('b', d, 3));
    const broken = days(5).map((d, i) => (i === 2 ? entry('c', d, null) : entry('c', d, 3)));
    const twoParams = days(5).map((d, i) =>
      entry('d', d, 3, {
        values: [
          { param: 'temp', value: 3 },
          { param: 'ph', value: 7 + (i % 2) / 10 },
        ],
      }),
    );
    expect([...repeatedEntries([...run, ...short, ...broken, ...twoParams])].sort()).toEqual(days(5).map((d) => `a-${d}-1`));
    expect(repeatedEntries(short, 4).size).toBe(4);
  });
});

const REG = '/ms-registry/api/registers';
let t: TTestApp;
let tenant: TTenant;
let admin: TApiClient;
let auditor: TApiClient;
let worker: TApiClient;
let areas: string[];
let temperature: string;
let registerId: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'flags');
  admin = (await signIn(t.app, tenant.admin.email)).api;
  auditor = (await signIn(t.app, tenant.auditor.email)).api;
  const w = await addUser(t.db, { email: `worker.${tenant.tag}@example.com`, firstName: 'Worker', home: tenant.client, roleIds: [tenant.roles.worker!] });
  worker = (await signIn(t.app, w.email)).api;
  const second = await addSpace(t.db, { name: 'Cámara 2', parent: tenant.establishment, type: 'AREA' });
  areas = [tenant.area.id, second.id];
  const category = await expectOk(admin.post('/ms-core/api/categories', { name: 'Cocina', description: 'Registros', type: 'REGISTER', color: '#1677ff' }));
  const template = await expectOk(
    admin.post('/ms-registry/api/template-registers', { name: 'Temperaturas', title: 'Temperaturas', category: category._id, reportType: 'Model_1' }),
  );
  const section = await expectOk(admin.post('/ms-registry/api/register-sections', { template: template._id, title: 'Cámaras' }));
  const withParam = await expectOk(
    admin.post(`/ms-registry/api/register-sections/${section._id}/param/add`, {
      name: 'Temperatura',
      fieldType: 'number',
      unit: 'celsius',
      operation: 'between',
      min: 0,
      max: 5,
    }),
  );
  temperature = withParam.params[0]._id;
  // A month sheet of daily takes; staff may correct days of the previous month too.
  const register = await expectOk(
    admin.post(REG, {
      name: 'Cámaras',
      areaAccess: 'KITCHEN',
      template: template._id,
      client: tenant.client.id,
      establishments: 'all',
      areas: 'all',
      category: category._id,
      period: 'monthly',
      frequency: 'daily',
    }),
  );
  registerId = register._id;
  today = todayInZone('Europe/Madrid');
}, 120_000);
afterAll(async () => t.close());

const save = (api: TApiClient, date: string, facility: string, value: string) =>
  api.post(`${REG}/${registerId}/answer/add`, { date, facilities: [{ _id: facility, values: [{ param: temperature, value }] }] });

describe('flags on the log grid (facility-data)', () => {
  it('marks late what staff enter for past days, and the same value over five takes for the auditor only', async () => {
    // The auditor fills the five days before today with the same reading: late (after each day) and repeated.
    const past = [5, 4, 3, 2, 1].map((n) => addDays(today, -n));
    for (const day of past) await expectOk(save(auditor, day, areas[0]!, '3,0'));
    await expectOk(save(worker, today, areas[1]!, '2,5'));

    const grid = await expectOk(auditor.post(`${REG}/${registerId}/facility-data`, { date: past[4] }));
    const shown = grid.entries.filter((e: { facility: string }) => e.facility === areas[0]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((e: { late: boolean }) => e.late)).toBe(true);
    expect(grid.flags.late.sort()).toEqual(shown.map((e: { _id: string }) => e._id).sort());
    expect(grid.flags.repeatTakes).toBe(REPEATED_TAKES_DEFAULT);
    // The run is found even when it started in the previous month (read for the flags only).
    expect(grid.flags.repeated).toEqual([
      expect.objectContaining({ facility: areas[0], takes: 5, from: { slot: past[0], take: 1 }, to: { slot: past[4], take: 1 } }),
    ]);
    expect(grid.flags.repeated[0].entries).toEqual(expect.arrayContaining(shown.map((e: { _id: string }) => e._id)));

    // Today's value entered today is not late; who entered each value and when is kept.
    const now = await expectOk(worker.post(`${REG}/${registerId}/facility-data`, {}));
    const mine = now.entries.find((e: { facility: string; date: string }) => e.facility === areas[1] && e.date === today);
    expect(mine).toMatchObject({ late: false, enteredBy: { _id: expect.any(String), name: expect.stringContaining('Worker') } });
    expect(Date.now() - Date.parse(mine.enteredAt)).toBeLessThan(60_000);
    // The client's staff see the late marks but not the auditor's repeated flag.
    expect(now.flags.repeated).toBeNull();
    // The grid carries the template's params: client staff cannot read templates themselves.
    expect(now.sections[0].params[0]).toMatchObject({ _id: temperature, name: 'Temperatura', unit: 'celsius', min: 0, max: 5 });

    // A threshold above the run's length clears it; one out of bounds is refused.
    const strict = await expectOk(auditor.post(`${REG}/${registerId}/facility-data`, { date: past[4], repeatTakes: 6 }));
    expect(strict.flags).toMatchObject({ repeatTakes: 6, repeated: [] });
    expect((await auditor.post(`${REG}/${registerId}/facility-data`, { repeatTakes: 1 })).status).toBe(400);
    expect((await admin.post(`${REG}/${registerId}/facility-data`, { repeatTakes: 'x' })).status).toBe(400);
  });
});

describe('a save replayed from the offline queue', () => {
  it('stores a take once: the same Idempotency-Key answers the first response, a new key the 422 conflict', async () => {
    const body = { date: today, facilities: [{ _id: areas[0], values: [{ param: temperature, value: '4,5' }] }] };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const url = `${REG}/${registerId}/answer/add`;
    const [first, again] = [await worker.call('POST', url, body, headers), await worker.call('POST', url, body, headers)];
    expect(first.status).toBe(200);
    expect([again.status, again.headers['idempotency-replayed']]).toEqual([200, 'true']);
    expect(again.body).toEqual(first.body);
    const other = await worker.call('POST', url, body, { 'idempotency-key': crypto.randomUUID() });
    expect([other.status, other.body.reference]).toEqual([409, '422']);
    const grid = await expectOk(worker.post(`${REG}/${registerId}/facility-data`, {}));
    expect(grid.entries.filter((e: { facility: string; date: string }) => e.facility === areas[0] && e.date === today)).toHaveLength(1);
  });
});
