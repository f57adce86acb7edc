import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Uploaded files (photos of evidences and notes, generated PDFs). The bytes live in the file store
 * (local disk under DATA_DIR/files by default, S3 when configured) under `storage_key`; the row
 * belongs to the tenant of the space it was uploaded in.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    ownerId: uuid('owner_id'),
    /** image, document or pdf: what the file was accepted as. */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name'),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('files_owner_idx').on(t.ownerId),
    index('files_created_idx').on(t.createdAt),
  ],
);

export type TFileRow = typeof files.$inferSelect;
