import { date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pathIndex, tenantColumns } from '../../platform/columns.js';

/**
 * Who receives the monthly digest of their dashboard (decision 0091): one row per user, in the space
 * they subscribed from (their session's). `last_month` is the month (YYYY-MM, in the space's time zone)
 * whose digest was handed to the mail job: claimed with a conditional update, so one per month
 * whatever the number of servers or reruns.
 */
export const statisticsDigests = pgTable(
  'statistics_digests',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    lastMonth: text('last_month'),
  },
  (t) => [pathIndex('statistics_digests', t.secureSpacePath), uniqueIndex('statistics_digests_user_key').on(t.userId)],
);

/** A register's takes due and done at one facility: the columns of the day's and the month's rollups. */
const takeColumns = () => ({
  registerId: uuid('register_id').notNull(),
  facilityId: uuid('facility_id').notNull(),
  due: integer('due').notNull().default(0),
  done: integer('done').notNull().default(0),
  /** The facility (an area) and its path: the tenant policy shows a row to whoever sees the facility. */
  spaceId: uuid('space_id').notNull(),
  secureSpacePath: text('secure_space_path').notNull(),
});

/**
 * Register takes due and done per register, facility and day (decision 0095), the figures register
 * completion counts (decision 0078): a take is due when it has a log row or was recorded missed, done
 * when its log row has values or was completed by hand. Kept by statement triggers on register_logs
 * and register_missed_takes (migration 0064) in the writer's own transaction; never written here.
 */
export const statisticsTakeDays = pgTable('statistics_take_days', { ...takeColumns(), slot: date('slot', { mode: 'string' }).notNull() }, (t) => [
  primaryKey({ columns: [t.registerId, t.facilityId, t.slot] }),
  pathIndex('statistics_take_days', t.secureSpacePath),
  index('statistics_take_days_slot_idx').on(t.slot),
]);

/** The same per month (`month`: its first day), kept by the same triggers: what a range's whole months read. */
export const statisticsTakeMonths = pgTable('statistics_take_months', { ...takeColumns(), month: date('month', { mode: 'string' }).notNull() }, (t) => [
  primaryKey({ columns: [t.registerId, t.facilityId, t.month] }),
  pathIndex('statistics_take_months', t.secureSpacePath),
  index('statistics_take_months_month_idx').on(t.month),
]);
