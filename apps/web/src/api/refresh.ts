import { authCalls } from '@audit/domain/calls/auth';
import { callPath } from '@audit/domain/calls/define';
import { getRefreshToken, storeSession } from '../session/storage';
import { networkError, parseErrorResponse } from './errors';
const LOCK_NAME = 'audit-session-refresh';

let inFlight: Promise<boolean> | null = null;

/**
 * false only when the server refuses the refresh token (the session is over). When the server
 * cannot be reached, or fails itself (5xx), it throws instead: that says nothing about the session,
 * so an auditor whose access token expired while offline is not signed out.
 */
async function callRefresh(refreshToken: string): Promise<boolean> {
  let response: Response;
  try {
    // Not through send(): its 401 would ask for a refresh again.
    response = await fetch(callPath(authCalls.refresh), {
      method: authCalls.refresh.method,
      headers: { 'content-type': 'application/json', 'client-date': new Date().toISOString() },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    throw networkError();
  }
  if (response.status >= 500) throw await parseErrorResponse(response);
  if (!response.ok) return false;
  storeSession(authCalls.refresh.response.parse(await response.json()));
  return true;
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

/**
 * One refresh in flight per tab, shared by every caller that got a 401 meanwhile. Resolves whether
 * the session was renewed; rejects (network error, 5xx) when the server gave no verdict.
 */
export function refreshSession(): Promise<boolean> {
  if (!inFlight) {
    const seen = getRefreshToken();
    inFlight = refreshUnderLock(seen).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}
