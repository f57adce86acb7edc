import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { inScope, type TScope } from '../../platform/tenancy.js';
import { files, type TFileRow } from './tables.js';

export async function insertFile(tx: TDb, row: typeof files.$inferInsert): Promise<TFileRow> {
  const [inserted] = await tx.insert(files).values(row).returning();
  return inserted!;
}

export async function findFileInScope(tx: TDb, scope: TScope, id: string): Promise<TFileRow | undefined> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, id), inScope(files.secureSpacePath, scope)));
  return row;
}

export async function findFilesInScope(tx: TDb, scope: TScope, ids: string[]): Promise<TFileRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(files)
    .where(and(inArray(files.id, ids), inScope(files.secureSpacePath, scope)));
}

/**
 * By id alone, across tenants: only for GET /files/{id}/content after its signature was checked
 * (the signature is the server's own statement that the holder may read this file).
 */
export async function unsafeFindFileById(
  tx: TDb,
  id: string,
): Promise<Pick<TFileRow, 'id' | 'contentType' | 'sizeBytes' | 'storageKey' | 'originalName' | 'kind'> | undefined> {
  const [row] = await tx
    .select({
      id: files.id,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      storageKey: files.storageKey,
      originalName: files.originalName,
      kind: files.kind,
    })
    .from(files)
    .where(eq(files.id, id));
  return row;
}

export async function deleteFileInScope(tx: TDb, scope: TScope, id: string): Promise<TFileRow | undefined> {
  const [row] = await tx
    .delete(files)
    .where(and(eq(files.id, id), inScope(files.secureSpacePath, scope)))
    .returning();
  return row;
}
