import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';

/**
 * Nomenclatures are catalogue rows: defined in a space (the audit company's root, usually), readable
 * from the spaces below it, written only from their own space. Every one has these columns.
 */
export const catalogueColumns = () => ({
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  spaceId: uuid('space_id').notNull(),
  secureSpacePath: text('secure_space_path').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A catalogue table: the common columns plus `extra`, with the path, name and date indexes. */
export function catalogueTable<TExtra extends Record<string, PgColumnBuilderBase>>(
  name: string,
  extra: TExtra,
  /** uniqueNameWithin: the name is unique per space among rows with equal values of these columns (null counts as a value). */
  /** uniqueOn: columns each unique per space (`<table>_space_<column>_key`). */
  options: {
    uniqueName?: boolean;
    uniqueNameWithin?: (keyof TExtra & string)[];
    indexOn?: (keyof TExtra & string)[];
    uniqueOn?: (keyof TExtra & string)[];
  } = {},
) {
  return pgTable(name, { ...catalogueColumns(), ...extra }, (t) => [
    ...(options.indexOn ?? []).map((key) =>
      index(`${name}_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_idx`).on((t as unknown as Record<string, AnyPgColumn>)[key]!),
    ),
    ...(options.uniqueOn ?? []).map((key) =>
      uniqueIndex(`${name}_space_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_key`).on(
        t.spaceId,
        (t as unknown as Record<string, AnyPgColumn>)[key]!,
      ),
    ),
    index(`${name}_path_idx`).using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index(`${name}_name_idx`).on(t.name),
    index(`${name}_created_idx`).on(t.createdAt),
    ...(options.uniqueName === false
      ? []
      : [
          uniqueIndex(`${name}_space_name_key`).on(
            t.spaceId,
            ...(options.uniqueNameWithin ?? []).map((key) => sql`coalesce(${(t as unknown as Record<string, AnyPgColumn>)[key]!}::text, '')`),
            sql`lower(${t.name})`,
          ),
        ]),
  ]);
}
