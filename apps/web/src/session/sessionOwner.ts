import { getAccessToken } from './storage';

/**
 * Whose session this is: the access token's user (`sub`) and space, as "user/space". Read from the
 * token without verifying it (the server does that on every call) because it must be known with no
 * network. Device copies of server answers are tagged with it, so another user's profile, or this
 * user's profile in another space, is never shown.
 */
export function sessionOwner(token = getAccessToken()): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; space?: unknown };
    if (typeof claims.sub !== 'string' || !claims.sub) return null;
    return `${claims.sub}/${typeof claims.space === 'string' ? claims.space : ''}`;
  } catch {
    return null;
  }
}
