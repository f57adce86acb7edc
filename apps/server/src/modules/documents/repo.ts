import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { documentFolders, documentReminders, documentShares, documentVersions, documents, type TDocumentRow, type TFolderRow } from './tables.js';

/** The queries of the documents module: the only file (with search.ts and reminders' reads) that touches its tables. */

export async function findFolder(tx: TDb, scope: TScope, id: string): Promise<TFolderRow | undefined> {
  const [row] = await tx
    .select()
    .from(documentFolders)
    .where(and(eq(documentFolders.id, id), withinScope(documentFolders.secureSpacePath, scope)))
    .limit(1);
  return row;
}

/** Inserts the folder; null when the space already has one of that name (any case). */
export async function insertFolder(tx: TDb, values: typeof documentFolders.$inferInsert) {
  const [row] = await tx.insert(documentFolders).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function renameFolder(tx: TDb, id: string, name: string) {
  const [row] = await tx.update(documentFolders).set({ name, updatedAt: new Date() }).where(eq(documentFolders.id, id)).returning();
  return row!;
}

export const deleteFolder = (tx: TDb, id: string) => tx.delete(documentFolders).where(eq(documentFolders.id, id));

export async function documentCounts(tx: TDb, folderIds: string[]) {
  if (!folderIds.length) return new Map<string, number>();
  const rows = await tx
    .select({ folderId: documents.folderId, n: count() })
    .from(documents)
    .where(inArray(documents.folderId, folderIds))
    .groupBy(documents.folderId);
  return new Map(rows.map((r) => [r.folderId, Number(r.n)]));
}

export async function findDocument(tx: TDb, scope: TScope, id: string, lock = false): Promise<TDocumentRow | undefined> {
  const q = tx
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), withinScope(documents.secureSpacePath, scope)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertDocument(tx: TDb, values: typeof documents.$inferInsert) {
  const [row] = await tx.insert(documents).values(values).returning();
  return row!;
}

export async function updateDocument(tx: TDb, id: string, values: Partial<typeof documents.$inferInsert>) {
  const [row] = await tx
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, id))
    .returning();
  return row!;
}

export const deleteDocument = (tx: TDb, id: string) => tx.delete(documents).where(eq(documents.id, id));

export async function insertVersion(tx: TDb, values: typeof documentVersions.$inferInsert) {
  const [row] = await tx.insert(documentVersions).values(values).returning();
  return row!;
}

/** The newest version of a document (its current one) and its dates: kept in step with the document's row. */
export async function updateCurrentVersionDates(
  tx: TDb,
  documentId: string,
  number: number,
  dates: { effectiveDate: string | null; expiryDate: string | null },
) {
  await tx
    .update(documentVersions)
    .set(dates)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.number, number)));
}

export const versionsOf = (tx: TDb, documentIds: string[]) =>
  documentIds.length
    ? tx.select().from(documentVersions).where(inArray(documentVersions.documentId, documentIds)).orderBy(desc(documentVersions.number))
    : Promise.resolve([]);

export async function findVersion(tx: TDb, documentId: string, versionId: string) {
  const [row] = await tx
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, documentId)))
    .limit(1);
  return row;
}

export const sharesOf = (tx: TDb, documentIds: string[]) =>
  documentIds.length
    ? tx.select().from(documentShares).where(inArray(documentShares.documentId, documentIds)).orderBy(asc(documentShares.createdAt))
    : Promise.resolve([]);

/** Adds the shares not there yet; returns the users newly added (a parallel same share adds each once). */
export async function addShares(tx: TDb, doc: Pick<TDocumentRow, 'id' | 'spaceId' | 'secureSpacePath'>, userIds: string[], by: string) {
  if (!userIds.length) return [];
  const rows = await tx
    .insert(documentShares)
    .values(userIds.map((userId) => ({ documentId: doc.id, userId, sharedBy: by, spaceId: doc.spaceId, secureSpacePath: doc.secureSpacePath })))
    .onConflictDoNothing()
    .returning({ userId: documentShares.userId });
  return rows.map((r) => r.userId);
}

export async function removeSharesExcept(tx: TDb, documentId: string, keep: string[]) {
  await tx.delete(documentShares).where(
    and(
      eq(documentShares.documentId, documentId),
      keep.length
        ? sql`${documentShares.userId} not in (${sql.join(
            keep.map((k) => sql`${k}::uuid`),
            sql`, `,
          )})`
        : undefined,
    ),
  );
}

/**
 * Reviewed unscoped read (the reminders job, no caller): current versions of documents whose expiry
 * is exactly `day`, with no reminder of `days` recorded yet.
 */
export async function unsafeExpiringOn(tx: TDb, day: string, days: number) {
  return tx
    .select({ document: documents, versionId: documentVersions.id })
    .from(documents)
    .innerJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.number, documents.version)))
    .where(
      and(
        eq(documents.expiryDate, day),
        sql`not exists (select 1 from ${documentReminders} where ${documentReminders.versionId} = ${documentVersions.id} and ${documentReminders.days} = ${days})`,
      ),
    );
}

/** Claims one reminder: true for the one run that records it, false for every other (two servers, a rerun). */
export async function claimReminder(tx: TDb, row: { versionId: string; days: number; spaceId: string; secureSpacePath: string }) {
  const inserted = await tx.insert(documentReminders).values(row).onConflictDoNothing().returning({ id: documentReminders.id });
  return inserted.length > 0;
}
