import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../../config.js';

/**
 * Signed file addresses: `/ms-core/api/files/{id}/content?exp=..&sig=..`, an HMAC-SHA256 of the id
 * and the expiry under a key derived from JWT_SECRET. An <img> tag, the public report and a
 * download link load the bytes without a token; the signature is the permission, so it is only
 * handed out by code that has already checked the caller may see the file (its tenant's audit,
 * a shared report). Links live 24 to 25 hours: the expiry is rounded up to the hour so the same
 * file gets the same address for an hour, and browsers cache it.
 */
export const FILES_BASE = '/ms-core/api/files';
const HOUR = 3600;
export const URL_LIFETIME_SECONDS = 24 * HOUR;

const keys = new WeakMap<object, Buffer>();
function signingKey(config: Pick<TConfig, 'jwtSecret'>): Buffer {
  let key = keys.get(config);
  if (!key) keys.set(config, (key = createHmac('sha256', config.jwtSecret).update('files:url-signing:v1').digest()));
  return key;
}

const signature = (config: Pick<TConfig, 'jwtSecret'>, fileId: string, exp: number) =>
  createHmac('sha256', signingKey(config)).update(`${fileId}:${exp}`).digest('base64url');

export function signedFileUrl(config: Pick<TConfig, 'jwtSecret'>, fileId: string, nowMs = Date.now()): string {
  const exp = (Math.floor(nowMs / 1000 / HOUR) + 1) * HOUR + URL_LIFETIME_SECONDS;
  return `${FILES_BASE}/${fileId}/content?exp=${exp}&sig=${signature(config, fileId, exp)}`;
}

/** Seconds the link is still valid, or null when the signature is wrong or the link expired. */
export function verifyFileSignature(config: Pick<TConfig, 'jwtSecret'>, fileId: string, exp: number, sig: string, nowMs = Date.now()): number | null {
  const remaining = exp - Math.floor(nowMs / 1000);
  if (!Number.isSafeInteger(exp) || remaining <= 0) return null;
  const expected = Buffer.from(signature(config, fileId, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? remaining : null;
}

/** The file id inside a signed address (the PDF renderer finds photos of a TAudit by it). */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  const match = url?.match(/\/files\/([0-9a-f-]{36})\/content/i);
  return match ? match[1]!.toLowerCase() : null;
}
