import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
