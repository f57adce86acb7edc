import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The pair a refresh token was rotated into, kept on the spent token's row encrypted with a key
 * derived from the spent token itself. Only its holder can read it back, so the database (which
 * stores token hashes only) never holds a usable token, yet a repeat of the same refresh within
 * the grace window can answer exactly the same pair.
 */
export interface TTokenPair {
  accessToken: string;
  refreshToken: string;
}

const keyOf = (token: string) => Buffer.from(hkdfSync('sha256', token, 'audit-refresh-successor', 'successor-pair', 32));

export function sealSuccessor(presented: string, pair: TTokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(presented), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Null when the sealed text was not made with this token (or was altered). */
export function unsealSuccessor(presented: string, sealed: string): TTokenPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(presented), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const pair = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as TTokenPair;
    return typeof pair.accessToken === 'string' && typeof pair.refreshToken === 'string' ? pair : null;
  } catch {
    return null;
  }
}
