import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TConfig } from '../config.js';
import { AppError, invalidData } from './errors.js';
import { unsafeStringPaths } from './untrusted-input.js';

/**
 * multipart/form-data for every module (evidences, note images, questionnaire images, uploads):
 * registered once on the app. One file per request; the byte limit is UPLOAD_MAX_MB.
 */
export interface TUploadInput {
  buffer: Buffer;
  filename?: string | null;
  /** Declared by the client; kept for downloads, never trusted for images. */
  contentType?: string | null;
}

export const fileTooLarge = () => new AppError('fileTooLarge', ['file']);
export const maxUploadBytes = (ctx: { config: Pick<TConfig, 'UPLOAD_MAX_MB'> }) => Math.floor(ctx.config.UPLOAD_MAX_MB * 1024 * 1024);

/** Registers the multipart parser on the app with the upload limits. */
export async function registerMultipart(app: FastifyInstance, config: TConfig) {
  await app.register(multipart, { limits: { fileSize: maxUploadBytes({ config }), files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 200 } });
}

export interface TUpload extends TUploadInput {
  buffer: Buffer;
  /** The other form fields (text), e.g. `issue` and `observation` of an evidence. */
  fields: Record<string, string>;
}

/** Reads a multipart request's `file` part (required) and its text fields, whatever their order. */
export async function readUpload(request: FastifyRequest): Promise<TUpload> {
  if (!request.isMultipart()) throw invalidData(['file']);
  // No prototype: a field named __proto__ or constructor is just a field.
  const fields: Record<string, string> = Object.create(null);
  let file: Omit<TUpload, 'fields'> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') file = { buffer, filename: part.filename, contentType: part.mimetype };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw invalidData(['file']);
  }
  if (!file || !file.buffer.length) throw invalidData(['file']);
  // Multipart fields bypass the JSON parser: the same check as every other input (platform/untrusted-input).
  const unsafe = unsafeStringPaths({ ...fields, filename: file.filename });
  if (unsafe.length) throw new AppError('unsafeText', unsafe);
  return { ...file, fields };
}
