/**
 * What the service worker does with a request, as pure functions (unit-tested; sw.ts only wires them
 * to the worker's events).
 */

/**
 * Paths of the API and its documentation: the same list as the server's API_PREFIXES plus /docs
 * (apps/server/src/platform/auth.ts, web.ts) and the dev proxy in vite.config.ts. The service worker
 * never answers, caches or even looks into these: the app handles their offline state itself (and
 * the offline queue of audit writes lives in IndexedDB, not here).
 */
export const API_PREFIXES = ['/ms-core/', '/auth/', '/ms-registry/', '/ms-statistics/', '/docs'] as const;

/** The shell every client-side route is answered with (precached under this URL). */
export const SHELL_URL = '/index.html';

/** Vite's hashed output: a name never changes content, so cache first is always right. */
export const HASHED_PREFIX = '/assets/';

export const isApiPath = (pathname: string) => API_PREFIXES.some((prefix) => pathname.startsWith(prefix));

export type TRoute =
  /** A page load of the app: the precached index.html of this release (sw.ts). */
  | 'shell'
  /** A precached or hashed file: cache first. */
  | 'static'
  /** Not ours (API, other origins, writes, anything else): the browser fetches it as if there was no worker. */
  | 'network';

export interface TRequestLike {
  url: string;
  method: string;
  mode: string;
  cache?: string;
}

/**
 * `precached` holds the pathnames of the precache (index.html, hashed chunks, public files).
 * Only GETs of this origin are ever answered by the worker.
 */
export function routeFor(request: TRequestLike, origin: string, precached: ReadonlySet<string>): TRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (isApiPath(url.pathname)) return 'network';
  // DevTools may ask for only-if-cached outside same-origin mode, which fetch() rejects.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return 'network';
  const isShell = url.pathname === '/' || url.pathname === SHELL_URL;
  if (!isShell && url.search === '' && (precached.has(url.pathname) || url.pathname.startsWith(HASHED_PREFIX))) return 'static';
  if (request.mode === 'navigate') return 'shell';
  return 'network';
}

/**
 * The precache list for a build: every emitted file except source maps, Vite's own metadata and the
 * worker itself, plus the files of the public directory; root-relative URLs (the app is served at
 * the site root), sorted; index.html is SHELL_URL.
 */
export function precacheUrls(emitted: readonly string[], publicFiles: readonly string[]): string[] {
  const keep = (file: string) => !file.endsWith('.map') && !file.startsWith('.vite/') && file !== 'sw.js' && !file.endsWith('/sw.js');
  const files = new Set([...emitted, ...publicFiles].map((file) => file.replace(/\\/g, '/').replace(/^\/+/, '')).filter(keep));
  return [...files].map((file) => `/${file}`).sort();
}
