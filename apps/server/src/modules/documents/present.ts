import { documentState } from '@audit/domain/documents/schemas';
import { todayInZone } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { iso, type TModuleContext } from '../../platform/http.js';
import { spacesByIds } from '../spaces/service.js';
import { findUserRefsInScope, unsafeUserNames } from '../users/service.js';
import { documentPolicy } from './policy.js';
import * as repo from './repo.js';
import type { TDocumentRow, TFolderRow } from './tables.js';

/** Documents' days are read in Madrid, like the other reminders (incidents, decision 0039). */
export const DOCUMENTS_TIME_ZONE = 'Europe/Madrid';

const spaceRefs = async (tx: TDb, caller: TAuth, ids: string[]) =>
  new Map((await spacesByIds(tx, caller, ids)).map((s) => [s.id, { _id: s.id, name: s.name, type: s.type ?? '' }]));

export async function presentFolders(tx: TDb, caller: TAuth, rows: TFolderRow[]) {
  const [spaces, counts] = await Promise.all([
    spaceRefs(tx, caller, [...new Set(rows.map((r) => r.spaceId))]),
    repo.documentCounts(
      tx,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    space: spaces.get(r.spaceId) ?? { _id: r.spaceId, name: '', type: '' },
    documents: counts.get(r.id) ?? 0,
    createdAt: iso(r.createdAt)!,
    can: { update: documentPolicy.can(caller, 'update', r), delete: documentPolicy.can(caller, 'delete', r) },
  }));
}

/** What the answer needs from the transaction: everything but the people's names (namedDocuments). */
export interface TGatheredDocuments {
  caller: TAuth;
  rows: TDocumentRow[];
  withVersions: boolean;
  versions: Awaited<ReturnType<typeof repo.versionsOf>>;
  shares: Awaited<ReturnType<typeof repo.sharesOf>>;
  spaces: Awaited<ReturnType<typeof spaceRefs>>;
  folders: Map<string, TFolderRow | undefined>;
  emails: Map<string, string>;
  userIds: string[];
}

/** In the caller's transaction: the rows' versions, shares, spaces, folders and e-mails; `withVersions` for the detail. */
export async function gatherDocuments(tx: TDb, caller: TAuth, rows: TDocumentRow[], withVersions = false): Promise<TGatheredDocuments> {
  const ids = rows.map((r) => r.id);
  const [versions, shares, spaces] = await Promise.all([
    repo.versionsOf(tx, ids),
    repo.sharesOf(tx, ids),
    spaceRefs(tx, caller, [...new Set(rows.map((r) => r.spaceId))]),
  ]);
  const folders = new Map<string, TFolderRow | undefined>();
  for (const r of rows) if (!folders.has(r.folderId)) folders.set(r.folderId, await repo.findFolder(tx, caller, r.folderId));
  const userIds = [
    ...new Set([...rows.map((r) => r.ownerId), ...versions.map((v) => v.uploadedBy), ...shares.map((s) => s.userId)].filter((id): id is string => !!id)),
  ];
  const refs = await findUserRefsInScope(tx, caller, userIds);
  return { caller, rows, withVersions, versions, shares, spaces, folders, emails: new Map(refs.map((u) => [u.id, u.email])), userIds };
}

/**
 * After the transaction: the people's names (a client's user reads the company's uploader's name, an
 * unscoped read that on PGlite's one connection would wait for the open transaction), then the answer.
 */
export async function namedDocuments(ctx: TModuleContext, gathered: TGatheredDocuments) {
  const { caller, rows, withVersions, versions, shares, spaces, folders, emails } = gathered;
  const names = await unsafeUserNames(ctx, gathered.userIds);
  const userRef = (id: string | null) => (id ? { _id: id, name: names.get(id) ?? '' } : null);
  const today = todayInZone(DOCUMENTS_TIME_ZONE);
  return rows.map((r) => {
    const own = versions.filter((v) => v.documentId === r.id);
    const current = own.find((v) => v.number === r.version) ?? own[0]!;
    const folder = folders.get(r.folderId);
    const base = {
      _id: r.id,
      name: r.name,
      folder: { _id: r.folderId, name: folder?.name ?? '' },
      space: spaces.get(r.spaceId) ?? { _id: r.spaceId, name: '', type: '' },
      fileName: current.fileName,
      contentType: current.contentType,
      size: current.sizeBytes,
      effectiveDate: r.effectiveDate,
      expiryDate: r.expiryDate,
      state: documentState(r.expiryDate, today),
      version: r.version,
      currentVersion: current.id,
      owner: userRef(r.ownerId),
      sharedWith: shares
        .filter((s) => s.documentId === r.id)
        .map((s) => ({ _id: s.userId, fullName: names.get(s.userId) ?? '', email: emails.get(s.userId) ?? '' })),
      createdAt: iso(r.createdAt)!,
      updatedAt: iso(r.updatedAt)!,
      can: { update: documentPolicy.can(caller, 'update', r), delete: documentPolicy.can(caller, 'delete', r), share: documentPolicy.can(caller, 'share', r) },
    };
    if (!withVersions) return { ...base, versions: [] };
    return {
      ...base,
      versions: own.map((v) => ({
        _id: v.id,
        number: v.number,
        fileName: v.fileName,
        contentType: v.contentType,
        size: v.sizeBytes,
        effectiveDate: v.effectiveDate,
        expiryDate: v.expiryDate,
        uploadedBy: userRef(v.uploadedBy),
        createdAt: iso(v.createdAt)!,
      })),
    };
  });
}
