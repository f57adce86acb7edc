import { and, sql, type SQL } from 'drizzle-orm';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { accessPredicate, visibleRegister } from '../registers/access.js';
import { auditWhere, facilityFilter, incidentWhere, registerFilter } from './filters.js';

/**
 * The statistics' reads (decision 0078): aggregates in SQL over the audits, incidents and register
 * takes, always inside the request's scoped transaction (row security on). Percentages are rounded
 * to 2 decimals here; a figure with nothing to average is null.
 */
type TRow = Record<string, unknown>;
const rows = async <T extends TRow>(tx: TDb, query: SQL) => (await tx.execute<T>(query)).rows;
const num = (v: unknown) => Number(v ?? 0);
const pctOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * An audit's score percentage as the audit itself shows it, stored when it finished (calls document
 * §9: final × 100 / total, less the first deduction, 1 decimal, never below 0; null when the template
 * scores nothing). The list, the report and every figure here say the same number.
 */
const SCORE_PCT = sql`a.percentage`;
const AVG_PCT = sql`round(avg(${SCORE_PCT})::numeric, 2)`;
const spaceName = (column: SQL) => sql`(select s.name from spaces s where s.id = ${column})`;

export async function scoreByEstablishment(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const list = await rows(
    tx,
    sql`select a.establishment_id::text as id, ${spaceName(sql`a.establishment_id`)} as name, count(*)::int as audits, ${AVG_PCT} as pct
      from audits a where ${auditWhere(caller, f)} group by a.establishment_id order by name, id`,
  );
  return list.map((r) => ({ establishment: String(r.id), name: (r.name as string) ?? null, audits: num(r.audits), avgScorePct: pctOf(r.pct) }));
}

export async function scoreByTemplate(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const list = await rows(
    tx,
    sql`select a.template_id::text as id, min(a.template_name) as name, count(*)::int as audits, ${AVG_PCT} as pct
      from audits a where ${auditWhere(caller, f)} group by a.template_id order by name, id`,
  );
  return list.map((r) => ({ template: (r.id as string) ?? null, name: String(r.name ?? ''), audits: num(r.audits), avgScorePct: pctOf(r.pct) }));
}

/** Incident counts by risk (high counts IE and P1 too, as the audit's counters do) and solved. */
const ISSUE_COUNTS = sql`count(*)::int as issues,
  (count(*) filter (where i.risk_level in ('high', 'IE', 'P1')))::int as high,
  (count(*) filter (where i.risk_level = 'medium'))::int as medium,
  (count(*) filter (where i.risk_level = 'low'))::int as low,
  (count(*) filter (where i.risk_level = 'infrastructure'))::int as infrastructure,
  (count(*) filter (where i.status in ('resolved', 'solvedInPlace')))::int as resolved`;
const issueCountsOf = (r: TRow) => ({
  issues: num(r.issues),
  high: num(r.high),
  medium: num(r.medium),
  low: num(r.low),
  infrastructure: num(r.infrastructure),
  resolved: num(r.resolved),
});

export async function issuesByEstablishment(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const list = await rows(
    tx,
    sql`select i.establishment_id::text as id, ${spaceName(sql`i.establishment_id`)} as name, count(distinct i.audit_id)::int as audits, ${ISSUE_COUNTS}
      from incidents i where ${incidentWhere(caller, f)} and i.establishment_id is not null group by i.establishment_id order by name, id`,
  );
  return list.map((r) => ({ establishment: String(r.id), name: (r.name as string) ?? null, audits: num(r.audits), ...issueCountsOf(r) }));
}

export async function summary(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const [audit] = await rows(
    tx,
    sql`select count(*)::int as audits, ${AVG_PCT} as pct,
      (count(*) filter (where a.recalculated_risk = 'HIGH'))::int as high,
      (count(*) filter (where a.recalculated_risk = 'MEDIUM'))::int as medium,
      (count(*) filter (where a.recalculated_risk = 'LOW'))::int as low
      from audits a where ${auditWhere(caller, f)}`,
  );
  const [issues] = await rows(tx, sql`select ${ISSUE_COUNTS} from incidents i where ${incidentWhere(caller, f)}`);
  return {
    audits: num(audit?.audits),
    avgScorePct: pctOf(audit?.pct),
    issues: issueCountsOf(issues ?? {}),
    byRisk: { HIGH: num(audit?.high), MEDIUM: num(audit?.medium), LOW: num(audit?.low) },
  };
}

export async function monthly(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const list = await rows(
    tx,
    sql`with au as (select to_char(a.start_date at time zone 'UTC', 'YYYY-MM') as period, count(*)::int as audits, ${AVG_PCT} as pct
          from audits a where ${auditWhere(caller, f)} group by 1),
        iss as (select to_char(i.audit_date at time zone 'UTC', 'YYYY-MM') as period, count(*)::int as issues
          from incidents i where ${incidentWhere(caller, f)} group by 1)
      select coalesce(au.period, iss.period) as period, au.audits, au.pct, iss.issues from au full join iss on iss.period = au.period order by 1`,
  );
  return list.map((r) => ({ period: String(r.period), audits: num(r.audits), avgScorePct: pctOf(r.pct), issues: num(r.issues) }));
}

export async function countByRisk(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const list = await rows(
    tx,
    sql`select coalesce(i.risk_level, 'none') as risk, count(*)::int as n from incidents i where ${incidentWhere(caller, f)} group by 1 order by 2 desc, 1`,
  );
  return list.map((r) => ({ riskLevel: String(r.risk), count: num(r.n) }));
}

export async function countByType(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const list = await rows(
    tx,
    sql`select coalesce(i.type, i.category) as type, count(*)::int as n from incidents i where ${incidentWhere(caller, f)} group by 1 order by 2 desc, 1`,
  );
  return list.map((r) => ({ type: (r.type as string) ?? null, count: num(r.n) }));
}

export async function topFive(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const list = await rows(
    tx,
    sql`select i.template_issue_id::text as id, i.name, count(*)::int as n from incidents i where ${incidentWhere(caller, f)}
      group by 1, 2 order by 3 desc, 2, 1 limit 5`,
  );
  return list.map((r) => ({ templateIssue: (r.id as string) ?? null, name: String(r.name), count: num(r.n) }));
}

/**
 * What the two reports show (summary, benchmark, incidents by risk and by type, the monthly series)
 * in two passes instead of seven (decision 0095): one over the audits and one over the incidents,
 * each grouped by grouping sets with the same aggregates as the calls', so each figure is the
 * call's own. Each set's rows come in the order its call gives them.
 */
export async function report(tx: TDb, caller: TAuth, f: TStatisticsFilter) {
  const period = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM')`);
  const audits = await rows(
    tx,
    sql`select grouping(a.establishment_id, ${period('a.start_date')}) as g, a.establishment_id::text as id, ${period('a.start_date')} as period,
        (case when grouping(a.establishment_id) = 0 then ${spaceName(sql`a.establishment_id`)} end) as name,
        count(*)::int as audits, ${AVG_PCT} as pct,
        (count(*) filter (where a.recalculated_risk = 'HIGH'))::int as high,
        (count(*) filter (where a.recalculated_risk = 'MEDIUM'))::int as medium,
        (count(*) filter (where a.recalculated_risk = 'LOW'))::int as low
      from audits a where ${auditWhere(caller, f)}
      group by grouping sets ((), (a.establishment_id), (${period('a.start_date')}))
      order by g, name, id, period`,
  );
  const issues = await rows(
    tx,
    sql`select grouping(coalesce(i.risk_level, 'none'), coalesce(i.type, i.category), ${period('i.audit_date')}) as g,
        coalesce(i.risk_level, 'none') as risk, coalesce(i.type, i.category) as type, ${period('i.audit_date')} as period, ${ISSUE_COUNTS}
      from incidents i where ${incidentWhere(caller, f)}
      group by grouping sets ((), (coalesce(i.risk_level, 'none')), (coalesce(i.type, i.category)), (${period('i.audit_date')}))
      order by g, (case when grouping(${period('i.audit_date')}) = 1 then count(*) end) desc, risk, type, period`,
  );
  // grouping(): a bit per argument, 1 where the argument is not grouped (the first argument is the highest bit).
  const set = (list: TRow[], g: number) => list.filter((r) => num(r.g) === g);
  const audit = set(audits, 3)[0];
  const total = set(issues, 7)[0];
  const au = new Map(set(audits, 2).map((r) => [String(r.period), r]));
  const iss = new Map(set(issues, 6).map((r) => [String(r.period), r]));
  return {
    summary: {
      audits: num(audit?.audits),
      avgScorePct: pctOf(audit?.pct),
      issues: issueCountsOf(total ?? {}),
      byRisk: { HIGH: num(audit?.high), MEDIUM: num(audit?.medium), LOW: num(audit?.low) },
    },
    benchmark: set(audits, 1).map((r) => ({ establishment: String(r.id), name: (r.name as string) ?? null, audits: num(r.audits), avgScorePct: pctOf(r.pct) })),
    byRisk: set(issues, 3).map((r) => ({ riskLevel: String(r.risk), count: num(r.issues) })),
    byType: set(issues, 5).map((r) => ({ type: (r.type as string) ?? null, count: num(r.issues) })),
    monthly: [...new Set([...au.keys(), ...iss.keys()])].sort().map((key) => {
      const a = au.get(key);
      return { period: key, audits: num(a?.audits), avgScorePct: pctOf(a?.pct), issues: num(iss.get(key)?.issues) };
    }),
  };
}

/** What register takes are grouped by: the rollups' column each key comes from, and how the key is read from it. */
export type TTakeKey = 'areaAccess' | 'period' | 'establishment';
const KEY: Record<TTakeKey, { base: SQL; key: SQL; join: SQL }> = {
  areaAccess: { base: sql`t.register_id`, key: sql`registers.area_access`, join: sql`join registers on registers.id = x.base` },
  period: { base: sql`date_trunc('month', t.slot)::date`, key: sql`to_char(x.base, 'YYYY-MM')`, join: sql`` },
  establishment: { base: sql`t.facility_id`, key: sql`fac.parent_id::text`, join: sql`join spaces fac on fac.id = x.base` },
};

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The range's takes from the rollups (decision 0095): its whole months from the months' rows, its
 * days before the first whole month and after the last from the days' rows. Each row: register,
 * facility, slot (a month's: its first day, so its period is its own) and takes due and done.
 */
export function takesIn(f: TStatisticsFilter): SQL {
  // Whole months: from the first month starting on or after `from` to the month that ends the day before `to + 1`'s month.
  const monthsFrom = f.from ? (f.from === firstOfMonth(f.from) ? f.from : nextMonth(f.from)) : undefined;
  const monthsTo = f.to ? firstOfMonth(dayAfter(f.to)) : undefined;
  const cols = (slot: string) => sql`x.register_id, x.facility_id, ${sql.raw(slot)} as slot, x.due, x.done`;
  if (monthsFrom && monthsTo && monthsFrom >= monthsTo)
    return sql`select ${cols('x.slot')} from statistics_take_days x where x.slot >= ${f.from}::date and x.slot <= ${f.to}::date`;
  const months = sql`select ${cols('x.month')} from statistics_take_months x where ${and(
    monthsFrom ? sql`x.month >= ${monthsFrom}::date` : undefined,
    monthsTo ? sql`x.month < ${monthsTo}::date` : undefined,
    sql`true`,
  )}`;
  const before =
    f.from && monthsFrom !== f.from
      ? sql` union all select ${cols('x.slot')} from statistics_take_days x where x.slot >= ${f.from}::date and x.slot < ${monthsFrom}::date`
      : sql``;
  const after =
    f.to && monthsTo !== dayAfter(f.to)
      ? sql` union all select ${cols('x.slot')} from statistics_take_days x where x.slot >= ${monthsTo}::date and x.slot <= ${f.to}::date`
      : sql``;
  return sql`${months}${before}${after}`;
}

/**
 * Register takes due and done (decision 0078): a take (register, facility, slot, take number) is due
 * when it has a log row or was recorded missed; done when a log row has values or was completed by
 * hand. Only the caller's registers (visible and within their registersAccess) and the facilities
 * inside their space count. Read from the rollups the writes keep (decision 0095), not the takes.
 */
export async function completion(tx: TDb, caller: TAuth, f: TStatisticsFilter, by: TTakeKey) {
  const { base, key, join } = KEY[by];
  // The caller's registers and facilities within the filter, each list read once (an InitPlan): the
  // takes are summed per key's column among them, and only those few sums meet a register or a space.
  const registerIds = sql`array(select registers.id from registers where ${and(visibleRegister(caller), accessPredicate(caller.access.registers), registerFilter(f))})`;
  const facilityIds = sql`array(select fac.id from spaces fac where ${and(sql`starts_with(fac.secure_space_path, ${caller.spacePath})`, facilityFilter(f))})`;
  const list = await rows(
    tx,
    sql`select ${key} as key, sum(x.due)::int as due, sum(x.done)::int as done
      from (select ${base} as base, sum(t.due) as due, sum(t.done) as done from (${takesIn(f)}) t
        where t.register_id = any(${registerIds}) and t.facility_id = any(${facilityIds}) group by 1) x ${join}
      group by 1 having sum(x.due) > 0 order by 1`,
  );
  const names =
    by === 'establishment'
      ? await spaceNames(
          tx,
          list.map((r) => String(r.key)),
        )
      : new Map<string, string>();
  return list.map((r) => {
    const due = num(r.due);
    const done = num(r.done);
    return { key: String(r.key), name: names.get(String(r.key)) ?? null, due, done, completionPct: due ? Math.round((done * 10000) / due) / 100 : null };
  });
}

async function spaceNames(tx: TDb, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const list = await rows(tx, sql`select id::text as id, name from spaces where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return new Map(list.map((r) => [String(r.id), String(r.name)]));
}
