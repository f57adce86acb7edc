import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_MS } from '@audit/domain/constants';

export interface TAccessClaims {
  sub: string;
  space: string;
  path: string;
}

/** How many verified access tokens are remembered (the oldest are forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  // Verifying an HS256 signature through WebCrypto costs more than the rest of a small request; a
  // token is immutable, so once verified it stays valid until its own expiry.
  const verified = new Map<string, { claims: TAccessClaims; expiresAt: number }>();
  return {
    async signAccess(claims: TAccessClaims): Promise<string> {
      return new SignJWT({ space: claims.space, path: claims.path })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor((Date.now() + ACCESS_TOKEN_TTL_MS) / 1000))
        .sign(key);
    },
    /** Null for anything not a valid, unexpired token of ours. */
    async verifyAccess(token: string): Promise<TAccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.space !== 'string' || typeof payload.path !== 'string') return null;
        const claims = { sub: payload.sub, space: payload.space, path: payload.path };
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
