import type { TSession as TApiSession, TSpaceSummary } from '@audit/domain/spaces';
/**
 * The browser's copy of the session: access token, refresh token and the session's space, in
 * localStorage (shared by the tabs of one browser). The last users/me and spaces/current answers
 * are kept beside them (offlineCopy.ts) so the shell opens with no network; clearing the session
 * clears them too.
 */
export type { TSpaceSummary } from '@audit/domain/spaces';

/** The stored session: the server's answer (packages/domain/src/spaces.ts), its list of spaces kept only when the answer had it. */
export type TSession = Omit<TApiSession, 'spaces'> & { spaces?: TApiSession['spaces'] };

const KEYS = { access: 'accessToken', refresh: 'refreshToken', space: 'space' } as const;

/** Keys of the device copies of server answers (calls document section 6: user profile, space data). */
export const COPY_KEYS = { profile: 'userProfile', spaceData: 'spaceData' } as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const getAccessToken = () => read(KEYS.access);
export const getRefreshToken = () => read(KEYS.refresh);
export const isSignedIn = () => Boolean(getAccessToken());

export function getStoredSpace(): TSpaceSummary | null {
  const raw = read(KEYS.space);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TSpaceSummary;
  } catch {
    return null;
  }
}

export function storeSession(session: TSession) {
  localStorage.setItem(KEYS.access, session.accessToken);
  localStorage.setItem(KEYS.refresh, session.refreshToken);
  localStorage.setItem(KEYS.space, JSON.stringify(session.space));
}

/** Sign-out, expired session, space change: the tokens and every copy made for them go. */
export function clearSession() {
  for (const key of [...Object.values(KEYS), ...Object.values(COPY_KEYS)]) localStorage.removeItem(key);
}

const FRESH_SIGN_IN = 'freshSignIn';
/** Set at sign-in: the shell then applies the user's saved language once (their choice wins over the device's). */
export function markFreshSignIn() {
  try {
    sessionStorage.setItem(FRESH_SIGN_IN, '1');
  } catch {
    /* storage unavailable */
  }
}
/** True once after a sign-in. */
export function takeFreshSignIn(): boolean {
  try {
    const fresh = sessionStorage.getItem(FRESH_SIGN_IN) === '1';
    sessionStorage.removeItem(FRESH_SIGN_IN);
    return fresh;
  } catch {
    return false;
  }
}
