import { and, not, sql, type SQL } from 'drizzle-orm';
import { CORRECTIVE_AGE_BUCKETS, type TCorrectiveByAge, type TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { spaceDays } from '../spaces/days.js';
import { incidentWhere } from './filters.js';

/** The age buckets' bounds in days, in CORRECTIVE_AGE_BUCKETS' order ('0-7', '8-30', '31-90'; '90+' has none). */
const BOUNDS = [7, 30, 90];

/**
 * Corrective actions by age (decision 0081): the tasks of the filter's live audit incidents (a
 * superseded incident's actions are records, never overdue: decision 0063). Open: not complete;
 * overdue: open and due before today; closed: complete. Days to close: completed − created, in
 * days, averaged to 2 decimals. The open ones by age: the days from the day each was created to
 * today. Today and the days are those of each action's space, as its `overdue` flag reads them
 * (incidents/present.ts isOverdue; decision 0094): the bounds are parameters, not a zone per row.
 * Read from each incident's actions summed (statistics_incident_actions, decision 0100): its closed
 * ones counted, its open ones' creation instants and due days unnested here, as today moves.
 */
export async function correctiveByAge(tx: TDb, caller: TAuth, f: TStatisticsFilter): Promise<TCorrectiveByAge> {
  const days = await spaceDays(tx, caller.spacePath);
  const path = sql`i.secure_space_path`;
  const overdue = days.beforeToday(sql`o.due_date`, path);
  const within = (n: number) => days.withinDays(sql`o.created_at`, path, n);
  // An action is in the first bucket whose bound its age does not pass: within its bound, not within the one before.
  const buckets = CORRECTIVE_AGE_BUCKETS.map((_key, n) =>
    and(n < BOUNDS.length ? within(BOUNDS[n]!) : undefined, n > 0 ? not(within(BOUNDS[n - 1]!)) : undefined)!,
  );
  const count = (where: SQL, as: string) => sql`(count(*) filter (where ${where}))::int as ${sql.raw(as)}`;
  // Two one-row aggregates: the closed ones per incident, and the open ones unnested (no grouping, no sort).
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`with i as (
        select i.secure_space_path, i.closed, i.closed_timed, i.close_seconds, i.open_created, i.open_due
        from statistics_incident_actions i where ${incidentWhere(caller, f)})
      select c.closed, c.days, o.* from
        (select coalesce(sum(i.closed), 0)::int as closed,
          round((sum(i.close_seconds) / nullif(sum(i.closed_timed), 0) / 86400)::numeric, 2) as days from i) c,
        (select count(*)::int as open, ${count(overdue, 'overdue')},
          ${sql.join(
            buckets.flatMap((b, n) => [count(b, `open_${n}`), count(sql`${overdue} and ${b}`, `overdue_${n}`)]),
            sql`, `,
          )}
        from i cross join lateral unnest(i.open_created, i.open_due) as o(created_at, due_date)) o`,
  );
  const row = rows[0] ?? {};
  return {
    open: Number(row.open ?? 0),
    overdue: Number(row.overdue ?? 0),
    closed: Number(row.closed ?? 0),
    avgDaysToClose: row.days === null || row.days === undefined ? null : Number(row.days),
    buckets: CORRECTIVE_AGE_BUCKETS.map((key, n) => ({ key, open: Number(row[`open_${n}`] ?? 0), overdue: Number(row[`overdue_${n}`] ?? 0) })),
  };
}
