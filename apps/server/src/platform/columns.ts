import { sql } from 'drizzle-orm';
import { index, jsonb, text, timestamp, uuid, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * The columns every tenant row starts with: its id, the space it belongs to and that space's path
 * (the tenant policy reads `secure_space_path`, migration 0026), and when it was created. Shared by
 * the modules' tables.ts so each writes out only its own columns.
 */
export const tenantColumns = () => ({
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  spaceId: uuid('space_id').notNull(),
  secureSpacePath: text('secure_space_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `updated_at`, for the rows that change after they are written. */
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The index the tenant policy's prefix match on the path uses (`{table}_path_idx`, text_pattern_ops). */
export const pathIndex = (table: string, column: ExtraConfigColumn) => index(`${table}_path_idx`).using('btree', column.op('text_pattern_ops'));

/**
 * One history record's own columns (product document §4's history kinds: every change, who and
 * when): the kind, who made it (null: the system) and what changed. The incidents' history and the
 * lab incidents' history (decision 0058) are these, beside the tenant columns and their owner's id.
 */
export const historyColumns = () => ({
  kind: text('kind').notNull(),
  byId: uuid('by_id'),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
});
