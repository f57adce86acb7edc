import { randomUUID } from 'node:crypto';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { fileTooLarge, maxUploadBytes, type TUploadInput } from '../../platform/multipart.js';
import { fileStoreOf } from '../../platform/storage.js';
import { withScope, type TScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { processImage } from './images.js';
import * as repo from './repo.js';
import { signedFileUrl } from './signing.js';
import type { TFileRow } from './tables.js';

/**
 * Files other modules keep (evidence and note photos, uploads, generated PDFs), in two phases so
 * no database transaction stays open while an image is decoded or bytes travel to S3 (on PGlite
 * an open transaction holds the only session):
 *   1. store*(ctx, input): check and re-encode, put the bytes in the store -> TStoredFile;
 *   2. recordFile(tx, owner, stored): the `files` row, in the caller's own transaction and space.
 * If phase 2 fails, discardStored() removes the bytes. saveImage / saveFile do both for callers
 * that have no transaction of their own.
 */
export type TFileKind = 'image' | 'document' | 'pdf';
export interface TStoredFile {
  id: string;
  key: string;
  kind: TFileKind;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  originalName: string | null;
}
export type TFileOwner = Pick<TAuth, 'spaceId' | 'spacePath'> & { userId: string | null };

/** A file name for display and downloads: no folders, no control characters, bounded. */
export function cleanFileName(name: string | null | undefined): string | null {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  return base ? base.slice(-200) : null;
}
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

async function put(ctx: TModuleContext, file: Omit<TStoredFile, 'id' | 'key'>, bytes: Buffer): Promise<TStoredFile> {
  const id = randomUUID();
  const month = new Date().toISOString().slice(0, 7);
  const stored = { ...file, id, key: `${file.kind}/${month}/${id}` };
  await fileStoreOf(ctx.config).put(stored.key, bytes, file.contentType);
  return stored;
}

export async function storeImage(ctx: TModuleContext, input: TUploadInput): Promise<TStoredFile> {
  const image = await processImage(input.buffer);
  const name = cleanFileName(input.filename)?.replace(/\.[^.]*$/, '.jpg') ?? null;
  return put(
    ctx,
    { kind: 'image', contentType: 'image/jpeg', size: image.bytes.length, width: image.width, height: image.height, originalName: name },
    image.bytes,
  );
}

export async function storeFile(ctx: TModuleContext, input: TUploadInput, kind: TFileKind = 'document'): Promise<TStoredFile> {
  if (input.buffer.length > maxUploadBytes(ctx)) throw fileTooLarge();
  const contentType = input.contentType && CONTENT_TYPE.test(input.contentType) ? input.contentType.toLowerCase() : 'application/octet-stream';
  return put(ctx, { kind, contentType, size: input.buffer.length, width: null, height: null, originalName: cleanFileName(input.filename) }, input.buffer);
}

/** Bytes the server made itself (report PDFs, exports): trusted, so no upload limit. */
export async function storeGenerated(
  ctx: TModuleContext,
  input: Required<Pick<TUploadInput, 'buffer' | 'filename' | 'contentType'>>,
  kind: TFileKind = 'pdf',
): Promise<TStoredFile> {
  return put(
    ctx,
    { kind, contentType: input.contentType!, size: input.buffer.length, width: null, height: null, originalName: cleanFileName(input.filename) },
    input.buffer,
  );
}

export async function discardStored(ctx: TModuleContext, stored: Pick<TStoredFile, 'key'>[]): Promise<void> {
  const store = fileStoreOf(ctx.config);
  await Promise.all(stored.map((s) => store.remove(s.key)));
}

/** The row, in the owner's space (a tenant row); answers what the upload routes answer. */
export async function recordFile(ctx: TModuleContext, tx: TDb, owner: TFileOwner, stored: TStoredFile) {
  await repo.insertFile(tx, {
    id: stored.id,
    spaceId: owner.spaceId,
    secureSpacePath: owner.spacePath,
    ownerId: owner.userId,
    kind: stored.kind,
    contentType: stored.contentType,
    sizeBytes: stored.size,
    width: stored.width,
    height: stored.height,
    originalName: stored.originalName,
    storageKey: stored.key,
  });
  return {
    _id: stored.id,
    url: signedFileUrl(ctx.config, stored.id),
    contentType: stored.contentType,
    size: stored.size,
    width: stored.width,
    height: stored.height,
  };
}

/**
 * Phase 2 in a transaction of its own; the bytes are removed again when the row cannot be written.
 * The answer is made in that transaction: a keyed upload stores it with its key (decision 0093). A
 * crash after the bytes are stored and before the row commits leaves bytes no row names, never served.
 */
async function recordAlone<T>(ctx: TModuleContext, caller: TAuth, stored: TStoredFile, answer: (out: TRecorded) => T) {
  try {
    return await scoped(ctx, caller, async (tx) => {
      const out = await recordFile(ctx, tx, caller, stored);
      await recordTrace(tx, caller, {
        type: 'CREATE',
        module: 'FILES',
        section: 'files',
        entityId: stored.id,
        payload: { kind: stored.kind, name: stored.originalName, size: stored.size },
      });
      return answer(out);
    });
  } catch (error) {
    await discardStored(ctx, [stored]).catch(() => undefined);
    throw error;
  }
}
type TRecorded = Awaited<ReturnType<typeof recordFile>>;

export const saveImage = async (ctx: TModuleContext, caller: TAuth, input: TUploadInput) =>
  recordAlone(ctx, caller, await storeImage(ctx, input), ({ _id, url, width, height }) => ({ _id, url, width: width!, height: height! }));

export const saveFile = async (ctx: TModuleContext, caller: TAuth, input: TUploadInput) =>
  recordAlone(ctx, caller, await storeFile(ctx, input), ({ _id, url, contentType, size }) => ({ _id, url, contentType, size }));

/** Rows of visible files (in the caller's transaction); read their bytes after it with readStored. */
export const findFiles = (tx: TDb, scope: TScope, ids: string[]) => repo.findFilesInScope(tx, scope, [...new Set(ids)]);

/** Bytes of rows found by findFiles, a few at a time; a file whose bytes are gone is left out. */
export async function readStored(
  ctx: Pick<TModuleContext, 'config'>,
  rows: Pick<TFileRow, 'id' | 'storageKey'>[],
  concurrency = 8,
): Promise<Map<string, Buffer>> {
  const store = fileStoreOf(ctx.config);
  const out = new Map<string, Buffer>();
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const bytes = await store.get(row.storageKey);
      if (bytes) out.set(row.id, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  return out;
}

/** Bytes of files visible in the scope (the PDF renderer's photos): one short transaction, then the store. */
export async function readFileBytes(ctx: TModuleContext, scope: TScope, ids: string[]): Promise<Map<string, Buffer>> {
  const rows = await withScope(ctx.db, scope, (tx) => findFiles(tx, scope, ids));
  return readStored(ctx, rows);
}

/** Deletes the row in the caller's transaction; returns what to pass to discardStored after it commits. */
export async function forgetFile(tx: TDb, caller: TScope, id: string) {
  const row = await repo.deleteFileInScope(tx, caller, id);
  if (!row) throw notFound();
  return { key: row.storageKey };
}

export async function deleteFile(ctx: TModuleContext, caller: TAuth, id: string): Promise<void> {
  const stored = await scoped(ctx, caller, async (tx) => {
    const forgotten = await forgetFile(tx, caller, id);
    await recordTrace(tx, caller, { type: 'REMOVE', module: 'FILES', section: 'files', entityId: id });
    return forgotten;
  });
  await discardStored(ctx, [stored]);
}
