import { sql } from 'drizzle-orm';
import type { TLabOutOfLimits, TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { holds } from '../../platform/policy.js';
import { labReportWhere } from './filters.js';

/** A result outside its limits: below its minimum or above its maximum (a missing limit bounds nothing), as lab-data qualifies it. */
const OUT = sql`(res.value < res.min_value or res.value > res.max_value)`;
const pctOf = (part: number, whole: number) => (whole ? Math.round((part * 10000) / whole) / 100 : null);

/**
 * Lab results out of their limits (decision 0081): the results of the reports the caller may read
 * (LAB_DATA_VIEW, their space and labDataAccess) extracted in range, in all and per parameter.
 * Without LAB_DATA_VIEW the caller reads no report, so every figure is zero.
 */
export async function labOutOfLimits(tx: TDb, caller: TAuth, f: TStatisticsFilter): Promise<TLabOutOfLimits> {
  if (!holds(caller, 'LAB_DATA_VIEW')) return { results: 0, outOfLimits: 0, outOfLimitsPct: null, byParameter: [] };
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`select res.parameter, count(*)::int as results, (count(*) filter (where ${OUT}))::int as out
      from lab_results res join lab_reports r on r.id = res.report_id
      where starts_with(res.secure_space_path, ${caller.spacePath}) and ${labReportWhere(caller, f)}
      group by 1 order by 3 desc, 2 desc, 1`,
  );
  const byParameter = rows.map((r) => {
    const results = Number(r.results);
    const outOfLimits = Number(r.out);
    return { parameter: String(r.parameter), results, outOfLimits, outOfLimitsPct: pctOf(outOfLimits, results) };
  });
  const results = byParameter.reduce((n, r) => n + r.results, 0);
  const outOfLimits = byParameter.reduce((n, r) => n + r.outOfLimits, 0);
  return { results, outOfLimits, outOfLimitsPct: pctOf(outOfLimits, results), byParameter };
}
