import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { ZDocumentPatch, ZDocumentShare, ZDocumentUploadFields, ZFolderInput, ZFolderPatch, type TDocumentPatch } from '@audit/domain/documents/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { fileStoreOf } from '../../platform/storage.js';
import { recordTrace } from '../../platform/trace.js';
import { findSpaceInScope } from '../spaces/service.js';
import { usersSeeingPath } from '../users/service.js';
import { demoBytes } from './demo.js';
import { notifyDocument } from './notify.js';
import { documentPolicy } from './policy.js';
import { gatherDocuments, namedDocuments, presentFolders, type TGatheredDocuments } from './present.js';
import * as repo from './repo.js';
import type { TDocumentRow } from './tables.js';
import type { TDocumentUpload } from './upload.js';

const trace = (row: { id: string; spaceId: string; secureSpacePath: string }, section = 'documents') => ({
  module: 'DOCUMENTS',
  section,
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
  entityId: row.id,
});

/** A folder's space: the client (STRUCTURE) or an establishment, in the caller's scope. */
async function folderSpace(tx: TDb, caller: TAuth, id: string) {
  const space = await findSpaceInScope(tx, caller, id);
  if (!space || (space.typeStructure !== 'STRUCTURE' && space.typeStructure !== 'ESTABLISHMENT')) throw invalidData(['space']);
  return space;
}

async function loadFolder(tx: TDb, caller: TAuth, id: string) {
  const row = await repo.findFolder(tx, caller, id);
  if (!row) throw notFound();
  documentPolicy.authorize(caller, 'read', row);
  return row;
}

async function loadDocument(tx: TDb, caller: TAuth, id: string, lock = false) {
  const row = await repo.findDocument(tx, caller, id, lock);
  if (!row) throw notFound();
  documentPolicy.authorize(caller, 'read', row);
  return row;
}

const oneFolder = async (tx: TDb, caller: TAuth, row: Parameters<typeof presentFolders>[2][number]) => (await presentFolders(tx, caller, [row]))[0]!;
/** A document's detail in two steps: gathered in the transaction, named after it (present.ts). */
const gatherDetail = (tx: TDb, caller: TAuth, row: TDocumentRow) => gatherDocuments(tx, caller, [row], true);
const detail = async (ctx: TModuleContext, gathered: Promise<TGatheredDocuments>) => (await namedDocuments(ctx, await gathered))[0]!;

export async function createFolder(ctx: TModuleContext, caller: TAuth, input: unknown) {
  const body = ZFolderInput.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const space = await folderSpace(tx, caller, body.space);
    documentPolicy.authorize(caller, 'upload', space);
    const row = await repo.insertFolder(tx, { spaceId: space.id, secureSpacePath: space.secureSpacePath, name: body.name, createdBy: caller.userId });
    if (!row) throw new AppError('alreadyExists', ['name']);
    await recordTrace(tx, caller, { ...trace(row, 'folders'), type: 'CREATE', payload: { name: row.name } });
    return oneFolder(tx, caller, row);
  });
}

export async function renameFolder(ctx: TModuleContext, caller: TAuth, id: string, input: unknown) {
  const body = ZFolderPatch.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const before = await loadFolder(tx, caller, id);
    documentPolicy.authorize(caller, 'update', before);
    if (before.name === body.name) return oneFolder(tx, caller, before);
    const row = await repo.renameFolder(tx, id, body.name).catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') throw new AppError('alreadyExists', ['name']);
      throw error;
    });
    await recordTrace(tx, caller, { ...trace(row, 'folders'), type: 'UPDATE', payload: { name: { from: before.name, to: row.name } } });
    return oneFolder(tx, caller, row);
  });
}

/** Only an empty folder is deleted (its documents are deleted one by one, each confirmed). */
export async function removeFolder(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadFolder(tx, caller, id);
    documentPolicy.authorize(caller, 'delete', row);
    if ((await repo.documentCounts(tx, [id])).get(id)) throw invalidData(['documents']);
    await repo.deleteFolder(tx, id);
    await recordTrace(tx, caller, { ...trace(row, 'folders'), type: 'REMOVE', payload: { name: row.name } });
  });
  return { ok: true as const };
}

/**
 * An upload: a new document in a folder, or a new version of a document (the old ones stay). The
 * folder or document is checked first, then the bytes stream to the store, then the rows are
 * written; when they cannot be, the stored bytes are removed again (no half write).
 */
export async function uploadDocument(ctx: TModuleContext, caller: TAuth, upload: TDocumentUpload) {
  const parsed = ZDocumentUploadFields.safeParse(upload.fields);
  if (!parsed.success) throw invalidData(parsed.error.issues.map((i) => String(i.path[0] ?? 'file')));
  const fields = parsed.data;
  const target = await scoped(ctx, caller, async (tx) => {
    if (fields.document) {
      const doc = await loadDocument(tx, caller, fields.document);
      documentPolicy.authorize(caller, 'upload', doc);
      return { spaceId: doc.spaceId, secureSpacePath: doc.secureSpacePath };
    }
    const folder = await loadFolder(tx, caller, fields.folder!);
    documentPolicy.authorize(caller, 'upload', folder);
    return { spaceId: folder.spaceId, secureSpacePath: folder.secureSpacePath };
  });
  const key = `document/${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
  const store = fileStoreOf(ctx.config);
  await store.putStream(key, createReadStream(upload.path), upload.size, upload.contentType);
  try {
    return await detail(
      ctx,
      scoped(ctx, caller, async (tx) => {
        const version = {
          spaceId: target.spaceId,
          secureSpacePath: target.secureSpacePath,
          fileName: upload.fileName,
          contentType: upload.contentType,
          sizeBytes: upload.size,
          storageKey: key,
          effectiveDate: fields.effectiveDate,
          expiryDate: fields.expiryDate,
          uploadedBy: caller.userId,
        };
        let doc: TDocumentRow;
        if (fields.document) {
          const before = await loadDocument(tx, caller, fields.document, true);
          doc = await repo.updateDocument(tx, before.id, { version: before.version + 1, effectiveDate: fields.effectiveDate, expiryDate: fields.expiryDate });
          await repo.insertVersion(tx, { ...version, documentId: doc.id, number: doc.version });
          await recordTrace(tx, caller, { ...trace(doc), type: 'UPDATE', payload: { version: doc.version, file: upload.fileName, size: upload.size } });
        } else {
          doc = await repo.insertDocument(tx, {
            spaceId: target.spaceId,
            secureSpacePath: target.secureSpacePath,
            folderId: fields.folder!,
            name: fields.name ?? upload.fileName,
            version: 1,
            effectiveDate: fields.effectiveDate,
            expiryDate: fields.expiryDate,
            ownerId: caller.userId,
          });
          await repo.insertVersion(tx, { ...version, documentId: doc.id, number: 1 });
          await recordTrace(tx, caller, { ...trace(doc), type: 'CREATE', payload: { name: doc.name, file: upload.fileName, size: upload.size } });
        }
        return gatherDetail(tx, caller, doc);
      }),
    );
  } catch (error) {
    await store.remove(key).catch(() => undefined);
    throw error;
  }
}

export async function getDocument(ctx: TModuleContext, caller: TAuth, id: string) {
  return detail(
    ctx,
    scoped(ctx, caller, async (tx) => gatherDetail(tx, caller, await loadDocument(tx, caller, id))),
  );
}

/** The name, and the current version's dates. */
export async function updateDocument(ctx: TModuleContext, caller: TAuth, id: string, input: TDocumentPatch) {
  const body = ZDocumentPatch.parse(input);
  return detail(
    ctx,
    scoped(ctx, caller, async (tx) => {
      const before = await loadDocument(tx, caller, id, true);
      documentPolicy.authorize(caller, 'update', before);
      const effectiveDate = body.effectiveDate === undefined ? before.effectiveDate : body.effectiveDate;
      const expiryDate = body.expiryDate === undefined ? before.expiryDate : body.expiryDate;
      if (effectiveDate && expiryDate && expiryDate < effectiveDate) throw invalidData(['expiryDate']);
      const row = await repo.updateDocument(tx, id, { name: body.name ?? before.name, effectiveDate, expiryDate });
      await repo.updateCurrentVersionDates(tx, id, row.version, { effectiveDate, expiryDate });
      await recordTrace(tx, caller, { ...trace(row), type: 'UPDATE', payload: { name: row.name, effectiveDate, expiryDate } });
      return gatherDetail(tx, caller, row);
    }),
  );
}

/** The document with every version; their bytes are removed once the rows are gone. */
export async function removeDocument(ctx: TModuleContext, caller: TAuth, id: string) {
  const keys = await scoped(ctx, caller, async (tx) => {
    const row = await loadDocument(tx, caller, id, true);
    documentPolicy.authorize(caller, 'delete', row);
    const versions = await repo.versionsOf(tx, [id]);
    await repo.deleteDocument(tx, id);
    await recordTrace(tx, caller, { ...trace(row), type: 'REMOVE', payload: { name: row.name, versions: versions.length } });
    return versions.map((v) => v.storageKey);
  });
  const store = fileStoreOf(ctx.config);
  await Promise.all(keys.map((k) => store.remove(k).catch(() => undefined)));
  return { ok: true as const };
}

/** A version's bytes as a stream: the row is found in the caller's scope first (another's: 404). */
export async function versionContent(ctx: TModuleContext, caller: TAuth, id: string, versionId: string) {
  const version = await scoped(ctx, caller, async (tx) => {
    await loadDocument(tx, caller, id);
    const row = await repo.findVersion(tx, id, versionId);
    if (!row) throw notFound();
    return row;
  });
  const stored = (await fileStoreOf(ctx.config).getStream(version.storageKey)) ?? demoBytes(version.storageKey, version.fileName);
  if (!stored) throw notFound();
  return { ...stored, fileName: version.fileName, contentType: version.contentType };
}

/** Who may be given the document: active users of the caller's scope who see its space. */
export async function documentPeople(ctx: TModuleContext, caller: TAuth, id: string) {
  return scoped(ctx, caller, async (tx) => {
    const doc = await loadDocument(tx, caller, id);
    return usersSeeingPath(tx, caller, doc.secureSpacePath);
  });
}

/**
 * The users the document is shared with become exactly `users` (each one who sees it, else 400 on
 * users); each newly added one is told (SHARE_FILE in the bell and an e-mail), never twice.
 */
export async function shareDocument(ctx: TModuleContext, caller: TAuth, id: string, input: unknown) {
  const { users } = ZDocumentShare.parse(input);
  const wanted = [...new Set(users)];
  return detail(
    ctx,
    scoped(ctx, caller, async (tx) => {
      const doc = await loadDocument(tx, caller, id, true);
      documentPolicy.authorize(caller, 'share', doc);
      const allowed = new Set((await usersSeeingPath(tx, caller, doc.secureSpacePath)).map((u) => u._id));
      const bad = wanted.flatMap((u, i) => (allowed.has(u) ? [] : [`users.${i}`]));
      if (bad.length) throw invalidData(bad);
      await repo.removeSharesExcept(tx, id, wanted);
      const added = await repo.addShares(tx, doc, wanted, caller.userId);
      await notifyDocument(
        ctx,
        tx,
        doc,
        added.filter((u) => u !== caller.userId),
        'shared',
      );
      await recordTrace(tx, caller, { ...trace(doc), type: 'UPDATE', payload: { sharedWith: wanted } });
      return gatherDetail(tx, caller, doc);
    }),
  );
}
