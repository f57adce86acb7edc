import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Audit trail: one row per create, update, remove or restore, written in the change's transaction by
 * recordTrace (platform/trace.ts, used by every module); read by modules/traces. */
export const traces = pgTable(
  'traces',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    type: text('type').notNull(),
    ownerId: uuid('owner_id'),
    entityId: uuid('entity_id'),
    module: text('module').notNull(),
    section: text('section').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('traces_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('traces_date_idx').on(t.date),
    index('traces_entity_idx').on(t.entityId),
  ],
);
