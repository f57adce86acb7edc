import { getAccessToken } from '../../../session/storage';

/**
 * The signed-in user's id, read from the access token's `sub` claim: it must be known offline and
 * in the route loader, before (or without) users/me. The token is not verified here; the server
 * does that when the queue is replayed.
 */
export function currentUserId(): string | null {
  const payload = getAccessToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}
