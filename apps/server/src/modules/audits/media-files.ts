import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { forgetFile } from '../files/service.js';
import { auditMedia } from './tables.js';

/**
 * Erasing photos (a removed photo, a removed issue's evidences, a reopened audit's evidences):
 * the file rows go in the same transaction; the caller discards the returned keys' bytes after commit.
 */
export async function forgetFiles(tx: TDb, caller: TAuth, fileIds: string[]) {
  const keys: { key: string }[] = [];
  for (const id of fileIds) keys.push(await forgetFile(tx, caller, id).catch(() => ({ key: '' })));
  return keys.filter((k) => k.key);
}

/** File ids of the evidences of issues about to be erased (their media rows go by cascade). */
export async function evidenceFilesOf(tx: TDb, where: { auditId: string; issueIds?: string[] }) {
  if (where.issueIds && !where.issueIds.length) return [];
  const rows = await tx
    .select({ fileId: auditMedia.fileId })
    .from(auditMedia)
    .where(and(eq(auditMedia.auditId, where.auditId), isNotNull(auditMedia.issueId), where.issueIds ? inArray(auditMedia.issueId, where.issueIds) : undefined));
  return rows.map((r) => r.fileId);
}
