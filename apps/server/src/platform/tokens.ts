import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_MS } from '@audit/domain/constants';

export interface TAccessClaims {
  sub: string;
  space: string;
  path: string;
  /**
   * The user's password stamp when the token was issued (passwordStamp): once the password
   * changes, the stamp differs and the token is refused (platform/auth.ts). Database time on both
   * sides, so no clock is compared with another.
   */
  pwd: number;
}

/** users.password_changed_at as a number (0 for a password never changed). */
export const passwordStamp = (changedAt: Date | string | null | undefined) => (changedAt ? new Date(changedAt).getTime() : 0);

/** How many verified access tokens are remembered (the oldest are forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  // Verifying an HS256 signature through WebCrypto costs more than the rest of a small request; a
  // token is immutable, so once verified it stays valid until its own expiry.
  const verified = new Map<string, { claims: TAccessClaims; expiresAt: number }>();
  const knownAccess = (token: string): TAccessClaims | null | undefined => {
    const known = verified.get(token);
    if (!known) return undefined;
    if (known.expiresAt > Date.now()) return known.claims;
    verified.delete(token);
    return null;
  };
  return {
    async signAccess(claims: TAccessClaims): Promise<string> {
      return new SignJWT({ space: claims.space, path: claims.path, pwd: claims.pwd })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor((Date.now() + ACCESS_TOKEN_TTL_MS) / 1000))
        .sign(key);
    },
    /**
     * A token verified before and still unexpired: its claims, without waiting (the request hook's
     * synchronous path); null once expired; undefined when it was not verified yet (verifyAccess).
     */
    knownAccess,
    /** Null for anything not a valid, unexpired token of ours. */
    async verifyAccess(token: string): Promise<TAccessClaims | null> {
      const known = knownAccess(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.space !== 'string' || typeof payload.path !== 'string') return null;
        // Tokens issued before the stamp existed count as "never changed".
        const claims = { sub: payload.sub, space: payload.space, path: payload.path, pwd: typeof payload.pwd === 'number' ? payload.pwd : 0 };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAt: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type TTokenService = ReturnType<typeof createTokenService>;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
