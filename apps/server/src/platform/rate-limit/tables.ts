import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests counted per address and route for the rate limits (sign-in, account forms), kept in the
 * database so that every server counts the same requests (issue 27): two servers allow what one
 * does. A row is one window: its hits and when it ends.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);
