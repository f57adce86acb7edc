import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { signIn } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { labelsFor } from './labels.js';
import { isEmpty, viewsOf } from './sheets.js';
import { AUDITS, STATS, ok } from './test/fixture.js';
import { consistencyWorld, type TConsistencyWorld } from './test/random-world.js';
import { secondWay } from './test/second-way.js';

/**
 * Register completion's rollups (decision 0095): ranges that cut months read the days at their ends
 * and the months between, and come out as the second way counts them; and whatever writes the logs
 * and the missed takes (inserts, overwrites, updates, deletes, a take logged after it was recorded
 * missed), the rollups' rows equal the takes recounted from the raw rows. And the reports' two-pass
 * read gives each figure of its sheets as the calls give it.
 */
let t: TTestApp;
let w: TConsistencyWorld;
let names: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  w = await consistencyWorld(t);
  names = new Map([...w.est, w.b.establishment].map((e) => [e.id, e.name]));
});
afterAll(() => t.close());

const byKey = <T>(rows: T[]) => [...rows].sort((x: any, y: any) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));

const RANGES: [string, TStatisticsFilter][] = [
  ['months cut at both ends', { from: '2024-11-15', to: '2025-03-10' }],
  ['within one month', { from: '2025-02-03', to: '2025-02-17' }],
  ['one day', { from: '2025-05-09', to: '2025-05-09' }],
  ['two days across a month end', { from: '2024-12-31', to: '2025-01-01' }],
  ['whole months but the last day', { from: '2024-03-01', to: '2025-08-30' }],
  ['from the middle of a month on', { from: '2025-03-16' }],
  ['until the middle of a month', { to: '2024-09-14' }],
  ['whole months from the first day', { from: '2024-04-01', to: '2024-09-30' }],
];

describe.each(['admin', 'limited'] as const)('register completion over ranges that cut months, for %s', (user) => {
  it.each(RANGES)('%s', async (_label, f) => {
    const want = secondWay(w.rows, names, w.users[user].scope, f);
    for (const [path, key] of [
      ['by-access-completion', 'byAccessCompletion'],
      ['by-period-completion', 'byPeriodCompletion'],
      ['by-establishment-completion', 'byEstablishmentCompletion'],
    ] as const) {
      const got = await ok(w.users[user].api.post(`${STATS}/register-statistics/${path}`, f));
      expect(byKey(got), `${path} ${JSON.stringify(f)}`).toEqual(byKey(want[key]));
    }
  });
});

describe.each(['admin', 'limited'] as const)('the Excel holds the calls’ own figures, for %s', (user) => {
  const FILTERS: [string, () => TStatisticsFilter][] = [
    ['no filter', () => ({})],
    ['a range that cuts months', () => ({ from: '2024-11-15', to: '2025-03-10' })],
    ['one establishment', () => ({ establishments: [w.a.establishment.id] })],
    ['one area and risk levels', () => ({ areas: [w.areas[2]!.id], riskLevels: ['medium', 'IE', 'high'] })],
    [
      'an audit risk and a template',
      () => ({ auditRisks: ['HIGH', 'LOW'], templates: [Object.keys(w.rows.audits[0] ? { [w.rows.audits[0].template]: 1 } : {})[0]!] }),
    ],
  ];
  it.each(FILTERS)('%s', async (_label, filter) => {
    const f = filter();
    const api = w.users[user].api;
    const data = {
      summary: await ok(api.post(`${AUDITS}/search-summary-from-client`, f)),
      benchmark: await ok(api.post(`${STATS}/audit-statistics/benchmark`, f)),
      byRisk: await ok(api.post(`${STATS}/issue-statistics/count-by-risk`, f)),
      byType: await ok(api.post(`${STATS}/issue-statistics/by-type`, f)),
      monthly: await ok(api.post(`${AUDITS}/get-chart-data`, f)),
    };
    const email = user === 'admin' ? w.a.admin.email : `limited.${w.a.tag}@example.com`;
    const { session } = await signIn(t.app, email);
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUDITS}/statistics-excel`,
      payload: f,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    // Nothing in the range: the catalogue's 832 (noDataInRange), as the calls' figures say.
    expect(res.statusCode === 200, `${res.statusCode} ${res.body.slice(0, 80)}`).toBe(!isEmpty(data));
    if (isEmpty(data)) return;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const views = viewsOf(data, labelsFor('es'));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(views.map((v) => v.title.slice(0, 31)));
    views.forEach((view, n) => {
      const got: unknown[][] = [];
      book.worksheets[n]!.eachRow({ includeEmpty: true }, (row) => got.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? null)));
      const want = [view.headers, ...view.rows].map((cells) => {
        const list = cells.map((v) => v ?? null);
        while (list.length && list[list.length - 1] === null) list.pop();
        return list;
      });
      expect(got, view.title).toEqual(want);
    });
  });
});

/** The rollups' rows with takes, and the same recounted from the raw rows (the completion query before decision 0095). */
async function compare() {
  return unsafeUnscoped(t.db, async (tx) => {
    const raw = sql`select register_id, facility_id, slot, count(*)::int as due, (count(*) filter (where done))::int as done from (
        select register_id, facility_id, slot, take, bool_or(done) as done from (
          select register_id, facility_id, slot, take, (completed or jsonb_array_length(values) > 0) as done from register_logs
          union all select register_id, facility_id, slot, take, false from register_missed_takes) u group by 1, 2, 3, 4) x group by 1, 2, 3`;
    const list = async (q: ReturnType<typeof sql>) =>
      (
        await tx.execute<Record<string, unknown>>(
          sql`select register_id::text || '|' || facility_id::text || '|' || slot::text as k, due, done from (${q}) q order by 1`,
        )
      ).rows;
    return {
      days: await list(sql`select register_id, facility_id, slot, due, done from statistics_take_days where due <> 0 or done <> 0`),
      rawDays: await list(raw),
      months: await list(sql`select register_id, facility_id, month as slot, due, done from statistics_take_months where due <> 0 or done <> 0`),
      rawMonths: await list(
        sql`select register_id, facility_id, date_trunc('month', slot)::date as slot, sum(due)::int as due, sum(done)::int as done from (${raw}) r group by 1, 2, 3`,
      ),
      paths: (
        await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from statistics_take_days d join spaces s on s.id = d.facility_id where d.secure_space_path <> s.secure_space_path`,
        )
      ).rows[0]!.n,
    };
  });
}

describe('the rollups follow every write of the takes', () => {
  it('equal the raw rows as generated', async () => {
    const c = await compare();
    expect(c.days.length).toBeGreaterThan(20);
    expect(c.days).toEqual(c.rawDays);
    expect(c.months).toEqual(c.rawMonths);
    expect(c.paths).toBe(0);
  });

  it('and after overwrites, updates, deletes and takes logged after they were missed', async () => {
    await unsafeUnscoped(t.db, async (tx) => {
      // A take recorded missed, then logged late with values; a log's missed row recorded after it.
      await tx.execute(sql`insert into register_logs (space_id, secure_space_path, register_id, facility_id, day, slot, take, values, completed)
        select m.space_id, m.secure_space_path, m.register_id, m.facility_id, m.slot, m.slot, m.take, '[{"field":"t","value":1}]'::jsonb, false
        from register_missed_takes m where not exists (select 1 from register_logs l where l.register_id = m.register_id and l.facility_id = m.facility_id
          and l.slot = m.slot and l.take = m.take) and m.slot < '2025-01-01'`);
      await tx.execute(sql`insert into register_missed_takes (space_id, secure_space_path, register_id, facility_id, slot, take, window_end)
        select l.space_id, l.secure_space_path, l.register_id, l.facility_id, l.slot, l.take, l.slot from register_logs l
        where l.values = '[]'::jsonb and not l.completed on conflict do nothing`);
      // Overwrites (an insert that updates) emptying some logs, completing others by hand.
      await tx.execute(sql`insert into register_logs (space_id, secure_space_path, register_id, facility_id, day, slot, take, values, completed)
        select space_id, secure_space_path, register_id, facility_id, day, slot, take, '[]'::jsonb, (slot::text like '%5') from register_logs where slot::text like '%5' or slot::text like '%6'
        on conflict (register_id, facility_id, slot, take) do update set values = excluded.values, completed = excluded.completed`);
      await tx.execute(sql`update register_logs set values = '[{"field":"t","value":2}]'::jsonb where slot::text like '%7'`);
      // A second take of some days, then deletes of logs and of missed rows.
      await tx.execute(sql`insert into register_logs (space_id, secure_space_path, register_id, facility_id, day, slot, take, values, completed)
        select space_id, secure_space_path, register_id, facility_id, day, slot, 2, values, completed from register_logs where take = 1 and slot::text like '%1'`);
      await tx.execute(sql`delete from register_logs where slot::text like '%2' or slot::text like '%8'`);
      await tx.execute(sql`delete from register_missed_takes where slot::text like '%3' or slot::text like '%8'`);
    });
    const c = await compare();
    expect(c.days).toEqual(c.rawDays);
    expect(c.months).toEqual(c.rawMonths);
    expect(c.paths).toBe(0);
  });
});

/**
 * Each incident's corrective actions summed (decision 0100) after actions are added, completed,
 * reopened, moved and deleted, and incidents superseded, re-dated and deleted: the kept rows equal the
 * actions recounted from the raw rows.
 */
describe('the corrective actions summed per incident', () => {
  const recount = sql`select i.id::text as incident_id, i.status, i.audit_date, i.risk_level, (count(*) filter (where t.status = 'complete'))::int as closed,
      (count(t.completed_at - t.created_at) filter (where t.status = 'complete'))::int as closed_timed,
      coalesce(sum(extract(epoch from t.completed_at - t.created_at)) filter (where t.status = 'complete'), 0)::text as close_seconds,
      coalesce(array_agg(t.created_at order by t.created_at, t.due_date) filter (where t.status <> 'complete'), '{}')::text as open_created,
      coalesce(array_agg(t.due_date order by t.created_at, t.due_date) filter (where t.status <> 'complete'), '{}')::text as open_due, i.secure_space_path
    from incidents i join incident_tasks t on t.incident_id = i.id where i.kind = 'audits' and i.status <> 'superseded' group by i.id order by 1`;
  const kept = sql`select incident_id::text, status, audit_date, risk_level, closed, closed_timed, close_seconds::text,
      (select coalesce(array_agg(c order by c, d), '{}') from unnest(open_created, open_due) as u(c, d))::text as open_created,
      (select coalesce(array_agg(d order by c, d), '{}') from unnest(open_created, open_due) as u(c, d))::text as open_due, secure_space_path
    from statistics_incident_actions order by 1`;
  const compare = () => unsafeUnscoped(t.db, async (tx) => ({ kept: (await tx.execute(kept)).rows, raw: (await tx.execute(recount)).rows }));

  it('equal a recount at the start', async () => {
    const c = await compare();
    expect(c.kept.length).toBeGreaterThan(10);
    expect(c.kept).toEqual(c.raw);
  });

  it('and after writes of actions and incidents', async () => {
    await unsafeUnscoped(t.db, async (tx) => {
      // Completed, reopened, re-dated, moved to another incident, deleted, added.
      await tx.execute(sql`update incident_tasks set status = 'complete', completed_at = created_at + interval '3 days 5 hours'
        where status <> 'complete' and created_at::text like '%3%'`);
      await tx.execute(sql`update incident_tasks set status = 'toDo', completed_at = null where status = 'complete' and created_at::text like '%7%'`);
      await tx.execute(sql`update incident_tasks set due_date = due_date + 11 where created_at::text like '%5%'`);
      await tx.execute(
        sql`update incident_tasks set incident_id = (select min(id::text)::uuid from incidents where kind = 'audits') where created_at::text like '%9%'`,
      );
      await tx.execute(sql`delete from incident_tasks where created_at::text like '%1%'`);
      await tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, due_date, created_at)
        select space_id, secure_space_path, id, 'Otra', 'running', audit_date::date + 20, audit_date + interval '1 day' from incidents where kind = 'audits'`);
      // Incidents superseded, brought back, re-dated, re-rated, deleted.
      await tx.execute(sql`update incidents set status = 'superseded' where name like '%1'`);
      await tx.execute(sql`update incidents set status = 'running' where status = 'superseded' and risk_level = 'high'`);
      await tx.execute(sql`update incidents set audit_date = audit_date - interval '40 days', risk_level = 'low' where name like '%2'`);
      await tx.execute(sql`delete from incidents where name like '%3'`);
    });
    const c = await compare();
    expect(c.kept).toEqual(c.raw);
  });

  it('and after two writers add actions to one incident at once (on PostgreSQL, the second waits for the first)', async () => {
    const add = (pause: number) =>
      unsafeUnscoped(t.db, async (tx) => {
        await tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, due_date, created_at)
          select space_id, secure_space_path, id, 'A la vez', 'toDo', audit_date::date + 3, now() from incidents
          where kind = 'audits' and status <> 'superseded' order by id limit 1`);
        await tx.execute(sql`select pg_sleep(${pause})`);
      });
    await Promise.all([add(0.3), new Promise((r) => setTimeout(r, 100)).then(() => add(0))]);
    const c = await compare();
    expect(c.kept).toEqual(c.raw);
  });
});

/**
 * The repeat chains (decision 0100) follow an audit reopened in the middle of its chain, its answers
 * changed and finished again: the calls give what the second way counts from the raw rows, and the
 * kept rows are what a rebuild from the audits makes. Last in this file: it changes the world.
 */
describe('the repeat chains after a reopen and a finish', () => {
  const outcomes = () =>
    unsafeUnscoped(t.db, async (tx) => {
      const { rows } = await tx.execute<Record<string, unknown>>(
        sql`select audit_id::text, question::text, failed, failed_before from statistics_question_outcomes order by 1, 2`,
      );
      return rows;
    });
  const rebuilt = () =>
    unsafeUnscoped(t.db, async (tx) => {
      await tx.execute(sql`select statistics_question_outcomes_rebuild()`);
    });
  const questionKey = (r: { establishment: string; question: string }) => `${r.establishment}|${r.question}`;
  async function expectRepeatsRight() {
    for (const user of ['admin', 'limited'] as const) {
      const want = secondWay(w.rows, names, w.users[user].scope, {}).repeatFindings.questions;
      const got = (await ok(w.users[user].api.post(`${STATS}/audit-statistics/repeat-findings`, {}))).questions as typeof want;
      const sorted = (rows: typeof want) => [...rows].sort((x, y) => (questionKey(x) < questionKey(y) ? -1 : 1));
      expect(sorted(got), user).toEqual(sorted(want));
    }
    const kept = await outcomes();
    await rebuilt();
    expect(kept).toEqual(await outcomes());
  }

  it('keeps every chain right', async () => {
    const counted = () => JSON.stringify(secondWay(w.rows, names, w.users.admin.scope, {}).repeatFindings.questions);
    const first = counted();
    // An audit in the middle of a chain (one establishment, service and template) whose answers all
    // passed and whose reopening each change what the admin sees, or the steps below would prove nothing.
    const finished = w.rows.audits.filter((a) => a.status === 'finished');
    const middle = finished.find((candidate) => {
      const answers = candidate.answers;
      candidate.answers = answers.map((answer) => ({ ...answer, failed: answer.failed === null ? null : false }));
      const passed = counted();
      candidate.status = 'running';
      const reopened = counted();
      candidate.status = 'finished';
      candidate.answers = answers;
      return passed !== first && reopened !== passed;
    })!;
    expect(middle).toBeDefined();
    // Its own answers: the world's edge audits are copies of one audit and share its list.
    middle.answers = middle.answers.map((answer) => ({ ...answer }));
    const run = (q: ReturnType<typeof sql>) => unsafeUnscoped(t.db, (tx) => tx.execute(q));
    const reopen = async () => {
      await run(sql`update audits set status = 'running' where id = ${middle.id}`);
      middle.status = 'running';
    };
    const finish = async () => {
      await run(sql`update audits set status = 'finished' where id = ${middle.id}`);
      middle.status = 'finished';
    };

    // Reopened, every answer passed and finished again.
    await reopen();
    await run(sql`update audit_answers set failed = false where audit_id = ${middle.id}`);
    for (const answer of middle.answers) if (answer.failed !== null) answer.failed = false;
    await finish();
    const passed = counted();
    expect(passed).not.toBe(first);
    await expectRepeatsRight();

    // Reopened again: the next audit follows the one before it.
    await reopen();
    expect(counted()).not.toBe(passed);
    await expectRepeatsRight();

    await finish();
    expect(counted()).toBe(passed);
    await expectRepeatsRight();
  });

  it('keeps a chain right when two of its audits are finished at once (on PostgreSQL, the second waits for the first)', async () => {
    const finished = w.rows.audits.filter((a) => a.status === 'finished');
    const chainOf = (a: (typeof finished)[number]) => `${a.place.est.id}|${a.service}|${a.template}`;
    const [one, two] = finished.filter((a) => chainOf(a) === chainOf(finished[0]!));
    expect(two).toBeDefined();
    const run = (q: ReturnType<typeof sql>) => unsafeUnscoped(t.db, (tx) => tx.execute(q));
    await run(sql`update audits set status = 'running' where id in (${one!.id}, ${two!.id})`);
    const finish = (id: string, pause: number) =>
      unsafeUnscoped(t.db, async (tx) => {
        await tx.execute(sql`update audits set status = 'finished' where id = ${id}`);
        await tx.execute(sql`select pg_sleep(${pause})`);
      });
    await Promise.all([finish(one!.id, 0.3), new Promise((r) => setTimeout(r, 100)).then(() => finish(two!.id, 0))]);
    await expectRepeatsRight();
  });
});
