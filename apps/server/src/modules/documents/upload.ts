import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES } from '@audit/domain/documents/schemas';
import { AppError, invalidData } from '../../platform/errors.js';
import { fileTooLarge } from '../../platform/multipart.js';
import { unsafeStringPaths } from '../../platform/untrusted-input.js';
import { cleanFileName } from '../files/service.js';

/**
 * A document upload read as a stream (decision 0088): the `file` part goes straight to a temporary
 * file (never whole in memory), cut at DOCUMENT_MAX_BYTES; a request whose Content-Length already
 * says it is larger is refused before a byte of it is read. The type is decided by the first bytes
 * against the name's extension: a `.pdf` that is a PNG or an executable is refused.
 */
export interface TDocumentUpload {
  path: string;
  size: number;
  fileName: string;
  contentType: string;
  fields: Record<string, string>;
  discard: () => Promise<void>;
}

/** Room for the multipart envelope and the form fields around the file. */
const ENVELOPE = 256 * 1024;

export const typeMismatch = () => new AppError('fileTypeMismatch', ['file']);

type TSniff = (head: Buffer) => boolean;
const startsWith =
  (...bytes: number[]) =>
  (head: Buffer) =>
    bytes.every((b, i) => head[i] === b);
const ascii =
  (text: string, at = 0) =>
  (head: Buffer) =>
    head.subarray(at, at + text.length).toString('latin1') === text;
const ZIP = startsWith(0x50, 0x4b, 0x03, 0x04);
const OLE = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
/** Text: no control bytes but tab, newlines and form feed; no executable or markup start. */
const TEXT: TSniff = (head) => !head.some((b) => b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) && !/^\s*(<|#!|MZ)/.test(head.toString('latin1'));

const KINDS: Record<string, { type: string; sniff: TSniff }> = {
  pdf: { type: 'application/pdf', sniff: ascii('%PDF-') },
  png: { type: 'image/png', sniff: startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  jpg: { type: 'image/jpeg', sniff: startsWith(0xff, 0xd8, 0xff) },
  jpeg: { type: 'image/jpeg', sniff: startsWith(0xff, 0xd8, 0xff) },
  gif: { type: 'image/gif', sniff: (h) => ascii('GIF87a')(h) || ascii('GIF89a')(h) },
  webp: { type: 'image/webp', sniff: (h) => ascii('RIFF')(h) && ascii('WEBP', 8)(h) },
  doc: { type: 'application/msword', sniff: OLE },
  xls: { type: 'application/vnd.ms-excel', sniff: OLE },
  ppt: { type: 'application/vnd.ms-powerpoint', sniff: OLE },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniff: ZIP },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: ZIP },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniff: ZIP },
  odt: { type: 'application/vnd.oasis.opendocument.text', sniff: ZIP },
  ods: { type: 'application/vnd.oasis.opendocument.spreadsheet', sniff: ZIP },
  txt: { type: 'text/plain; charset=utf-8', sniff: TEXT },
  csv: { type: 'text/csv; charset=utf-8', sniff: TEXT },
};

/** The served type of a name whose first bytes are `head`, or the mismatch error. */
export function documentType(fileName: string, head: Buffer): string {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const kind = extension ? KINDS[extension] : undefined;
  if (!kind || !head.length || !kind.sniff(head)) throw typeMismatch();
  return kind.type;
}

/** A display name: no folders, control characters (NUL) or lone surrogates; bounded. */
export const safeFileName = (name: string | null | undefined) =>
  cleanFileName((name ?? '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')) ?? 'document';

async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Reads the multipart request; the caller must call `discard()` when done with the file. */
export async function readDocumentUpload(request: FastifyRequest): Promise<TDocumentUpload> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DOCUMENT_MAX_BYTES + ENVELOPE) throw fileTooLarge();
  if (!request.isMultipart()) throw invalidData(['file']);
  const dir = await mkdtemp(join(tmpdir(), 'document-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = Object.create(null);
  let file: { path: string; name: string } | undefined;
  try {
    try {
      for await (const part of request.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 11 } })) {
        if (part.type === 'file') {
          const path = join(dir, 'upload');
          await pipeline(part.file, createWriteStream(path));
          if (part.file.truncated) throw fileTooLarge();
          if (part.fieldname === 'file') file = { path, name: part.filename };
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
      throw invalidData(['file']);
    }
    if (!file) throw invalidData(['file']);
    const { size } = await stat(file.path);
    if (!size) throw invalidData(['file']);
    const unsafe = unsafeStringPaths({ ...fields });
    if (unsafe.length) throw new AppError('unsafeText', unsafe);
    const fileName = safeFileName(file.name);
    const contentType = documentType(fileName, await headOf(file.path));
    return { path: file.path, size, fileName, contentType, fields, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
