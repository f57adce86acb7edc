import { getAccessToken } from './storage';

/**
 * Whose session this is: the access token's user (`sub`) and space, as "user/space". Read from the
 * token without verifying it (the server does that on every call) because it must be known with no
 * network. Device copies of server answers are tagged with it, so another user's profile, or this
 * user's profile in another space, is never shown.
 */
export function sessionOwner(token = getAccessToken()): string | null {
  const claims = tokenClaims(token);
  if (typeof claims?.sub !== 'string' || !claims.sub) return null;
  return `${claims.sub}/${typeof claims.space === 'string' ? claims.space : ''}`;
}

/** The signed-in user's id (the token's `sub`), known offline: the offline queue tags its records with it. */
export function currentUserId(token = getAccessToken()): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' && sub ? sub : null;
}

function tokenClaims(token: string | null | undefined): { sub?: unknown; space?: unknown } | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; space?: unknown };
  } catch {
    return null;
  }
}
