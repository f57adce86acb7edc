/**
 * The browser's copy of the session: access token, refresh token and the session's space, in
 * localStorage (shared by the tabs of one browser). Nothing else about the server is kept here.
 */
export interface TSpaceSummary {
  _id: string;
  name: string;
  identifier: string;
  typeStructure: string;
  logo: string | null;
  parent: string | null;
  secureSpacePath: string;
}

export interface TSession {
  accessToken: string;
  refreshToken: string;
  space: TSpaceSummary;
  spaces?: TSpaceSummary[];
}

const KEYS = { access: 'accessToken', refresh: 'refreshToken', space: 'space' } as const;

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

export function clearSession() {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}
