import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pathIndex, tenantColumns, updatedAtColumn } from '../../platform/columns.js';

/**
 * Documents (decision 0088). Every row lives in the space of its folder: the client or one of its
 * establishments (space_id, and that space's path for the tenant policy), so a client's people see
 * their own and no other client's.
 */
export const documentFolders = pgTable(
  'document_folders',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
  },
  (t) => [pathIndex('document_folders', t.secureSpacePath), uniqueIndex('document_folders_name_uq').on(t.spaceId, sql`lower(${t.name})`)],
);

export const documents = pgTable(
  'documents',
  {
    ...tenantColumns(),
    updatedAt: updatedAtColumn(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => documentFolders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** The newest version's number and its dates, kept here for the list's sort, filter and state. */
    version: integer('version').notNull().default(1),
    effectiveDate: date('effective_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    ownerId: uuid('owner_id'),
  },
  (t) => [pathIndex('documents', t.secureSpacePath), index('documents_folder_idx').on(t.folderId, t.name), index('documents_expiry_idx').on(t.expiryDate)],
);

/** Every upload of a document: the old ones stay (download any version); the highest number is current. */
export const documentVersions = pgTable(
  'document_versions',
  {
    ...tenantColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    uploadedBy: uuid('uploaded_by'),
  },
  (t) => [pathIndex('document_versions', t.secureSpacePath), uniqueIndex('document_versions_number_uq').on(t.documentId, t.number)],
);

export const documentShares = pgTable(
  'document_shares',
  {
    ...tenantColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    sharedBy: uuid('shared_by'),
  },
  (t) => [
    pathIndex('document_shares', t.secureSpacePath),
    uniqueIndex('document_shares_uq').on(t.documentId, t.userId),
    index('document_shares_user_idx').on(t.userId),
  ],
);

/** An expiry reminder sent: one row per version and threshold (30, 7, 1), so each is sent once whatever the servers or reruns. */
export const documentReminders = pgTable(
  'document_reminders',
  {
    ...tenantColumns(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
  },
  (t) => [pathIndex('document_reminders', t.secureSpacePath), uniqueIndex('document_reminders_uq').on(t.versionId, t.days)],
);

export type TFolderRow = typeof documentFolders.$inferSelect;
export type TDocumentRow = typeof documents.$inferSelect;
export type TVersionRow = typeof documentVersions.$inferSelect;
