import { sql, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../../platform/db.js';
import { unsafeUnscoped } from '../../../platform/tenancy.js';

/** The second way (decision 0078's tests): plain SQL over the raw rows, no access rule, no shared code. */
export const plain = async (db: TDatabase, query: SQL) => unsafeUnscoped(db, async (tx) => (await tx.execute<Record<string, unknown>>(query)).rows);

/** Finished audits of a space path: count and average score % (2 decimals) per establishment. */
export const auditsByEstablishment = (db: TDatabase, path: string, from = '2025-01-01') =>
  plain(
    db,
    sql`select establishment_id::text as establishment, count(*)::int as audits, round(avg(percentage)::numeric, 2)::float8 as pct
      from audits where secure_space_path like ${`${path}%`} and status = 'finished' and start_date >= ${from}::date group by 1`,
  );

/** Live audit incidents of a space path per risk level. */
export const incidentsByRisk = (db: TDatabase, path: string) =>
  plain(
    db,
    sql`select risk_level as "riskLevel", count(*)::int as count from incidents
      where secure_space_path like ${`${path}%`} and kind = 'audits' and status <> 'superseded' and audit_date >= '2025-01-01' group by 1`,
  );

/** Distinct register takes of a client path by area access: due, and done (values or manual). */
export const takesByAccess = (db: TDatabase, path: string) =>
  plain(
    db,
    sql`select r.area_access as key, count(*)::int as due, count(*) filter (where t.done)::int as done from (
        select register_id, facility_id, slot, take, bool_or(done) as done from (
          select register_id, facility_id, slot, take, completed or values <> '[]'::jsonb as done from register_logs where secure_space_path like ${`${path}%`}
          union all select register_id, facility_id, slot, take, false from register_missed_takes where secure_space_path like ${`${path}%`}) u group by 1, 2, 3, 4) t
      join registers r on r.id = t.register_id group by 1`,
  );

export const sortBy = <T>(rows: T[], key: keyof T) => [...rows].sort((x, y) => String(x[key]).localeCompare(String(y[key])));
