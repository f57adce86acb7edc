import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of writes (the offline queue replays with them): a key is recorded in the same
 * transaction as the write it protects, so it exists exactly when the write does; the response is
 * stored right after, and a repeated key is answered with it. Rows belong to their user (policy on
 * app.user_id, migration 0008) and expire after KEY_LIFETIME_DAYS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
