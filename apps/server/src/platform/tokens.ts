import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_MS } from '@audit/domain/constants';

export interface TAccessClaims {
  sub: string;
  space: string;
  path: string;
}

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.space !== 'string' || typeof payload.path !== 'string') return null;
        return { sub: payload.sub, space: payload.space, path: payload.path };
      } catch {
        return null;
      }
    },
  };
}
export type TTokenService = ReturnType<typeof createTokenService>;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
