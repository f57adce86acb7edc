import { getRefreshToken, storeSession, type TSession } from '../session/storage';

const REFRESH_PATH = '/auth/api/refresh-token';
const LOCK_NAME = 'audit-session-refresh';

let inFlight: Promise<boolean> | null = null;

async function callRefresh(refreshToken: string): Promise<boolean> {
  try {
    const response = await fetch(REFRESH_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'client-date': new Date().toISOString() },
      body: JSON.stringify({ refreshToken }),
    });
    if (!response.ok) return false;
    storeSession((await response.json()) as TSession);
    return true;
  } catch {
    return false;
  }
}

/**
 * Rotates the refresh token once. `seen` is the refresh token the caller knew: when another tab
 * (or an earlier caller) has already rotated it, the stored one differs and nothing is sent,
 * so two tabs never present the same refresh token (which the server treats as reuse).
 */
async function refreshUnderLock(seen: string | null): Promise<boolean> {
  const run = async () => {
    const current = getRefreshToken();
    if (!current) return false;
    if (seen && current !== seen) return true;
    return callRefresh(current);
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(LOCK_NAME, run) : run();
}

/** One refresh in flight per tab, shared by every caller that got a 401 meanwhile. */
export function refreshSession(): Promise<boolean> {
  if (!inFlight) {
    const seen = getRefreshToken();
    inFlight = refreshUnderLock(seen).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}
