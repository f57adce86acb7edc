import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** In-app notifications (TASK_UPDATE_STATE, SHARE_FILE, AUDIT_ASSIGNED) addressed to one user. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    ownerId: uuid('owner_id').notNull(),
    type: text('type').notNull(),
    read: boolean('read').notNull().default(false),
    payload: jsonb('payload').$type<{ body?: { status?: string; name?: string; incidentId?: string } }>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_owner_idx').on(t.ownerId, t.createdAt),
    index('notifications_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
  ],
);
