import { sql } from 'drizzle-orm';
import { CORRECTIVE_AGE_BUCKETS, type TCorrectiveByAge, type TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { incidentWhere } from './filters.js';

/** Today as a UTC calendar day, as a task's overdue flag reads it (incidents/present.ts isOverdue). */
const TODAY = sql`(now() at time zone 'UTC')::date`;
const AGE = sql`${TODAY} - (t.created_at at time zone 'UTC')::date`;
const BUCKET = sql`case when ${AGE} <= 7 then '0-7' when ${AGE} <= 30 then '8-30' when ${AGE} <= 90 then '31-90' else '90+' end`;
const OPEN = sql`t.status <> 'complete'`;
const OVERDUE = sql`(${OPEN} and t.due_date < ${TODAY})`;

/**
 * Corrective actions by age (decision 0081): the tasks of the filter's live audit incidents (a
 * superseded incident's actions are records, never overdue: decision 0063). Open: not complete;
 * overdue: open and due before today (UTC); closed: complete. Days to close: completed − created,
 * in days, averaged to 2 decimals. The open ones by age since they were created.
 */
export async function correctiveByAge(tx: TDb, caller: TAuth, f: TStatisticsFilter): Promise<TCorrectiveByAge> {
  // One row per age bucket and, with the bucket null, the totals (grouping sets: one pass over the actions).
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`select ${BUCKET} as bucket, grouping(${BUCKET}) = 1 as whole,
        (count(*) filter (where ${OPEN}))::int as open,
        (count(*) filter (where ${OVERDUE}))::int as overdue,
        (count(*) filter (where not ${OPEN}))::int as closed,
        round(avg(extract(epoch from t.completed_at - t.created_at) / 86400) filter (where not ${OPEN})::numeric, 2) as days
      from incident_tasks t join incidents i on i.id = t.incident_id
      where starts_with(t.secure_space_path, ${caller.spacePath}) and ${incidentWhere(caller, f)}
      group by grouping sets ((1), ())`,
  );
  const whole = rows.find((r) => r.whole === true);
  const of = (key: string) => rows.find((r) => r.whole !== true && r.bucket === key);
  return {
    open: Number(whole?.open ?? 0),
    overdue: Number(whole?.overdue ?? 0),
    closed: Number(whole?.closed ?? 0),
    avgDaysToClose: whole?.days === null || whole?.days === undefined ? null : Number(whole.days),
    buckets: CORRECTIVE_AGE_BUCKETS.map((key) => ({ key, open: Number(of(key)?.open ?? 0), overdue: Number(of(key)?.overdue ?? 0) })),
  };
}
