/**
 * The service worker of the app shell, built by sw-plugin.ts into /sw.js (a classic script, one file)
 * with the build's precache list and a version derived from the build's files.
 *
 * - install: precaches this release (index.html, every hashed JS/CSS/font chunk including the lazy
 *   screens, the public files) in its own cache, all or nothing.
 * - page loads (navigations outside the API): the precached index.html of this release, at once, so
 *   any deep link (/auditor/audits/run/{id}) opens without network once the app was loaded on the
 *   device, and online without waiting for a round trip (an installed tablet on a slow network opened
 *   0.7 s later online than offline, decision 0109). The page is this release's, as its chunks are; a
 *   new release is found by the browser's check of sw.js on the same navigation and offered by the
 *   shell (below). Without a precached copy (never the case once installed), the network.
 * - hashed and precached files: cache first (a hashed name never changes content).
 * - API paths (routes.ts API_PREFIXES) and everything else: not answered here, never cached. The
 *   app handles offline API calls itself (the audit-run write queue is in IndexedDB).
 *
 * Updates. A new release changes sw.js (its precache list and version), the browser finds it on the
 * next page load (sw.js is served no-cache), installs it next to the running one and lets it WAIT:
 * no skipWaiting on install. An open page keeps the worker and the cache of the release it was
 * loaded with, so its lazy chunks (the audit run, the report) keep coming from the same release, also
 * offline; a page is never half old, half new, and an auditor's page is never reloaded under them
 * (a reload is refused offline in the audit run). The new release takes over when no tab uses the
 * old one any more; activate then deletes the old caches (no page needs them) and claims the clients.
 * clients.claim matters on the first install only: the page that registered the worker was loaded
 * from the network with the same release and becomes controlled at once, so the very first visit
 * already makes the app available offline. The shell offers a waiting release (updates.ts,
 * UpdatePrompt): when the user accepts, the page posts { type: 'SKIP_WAITING' } to the waiting worker
 * and reloads on controllerchange.
 */
import { HASHED_PREFIX, routeFor, SHELL_URL } from './routes';

/** Set by sw-plugin.ts at build time. */
declare const __SW_MANIFEST__: string[];
declare const __SW_VERSION__: string;

// The WebWorker lib cannot share a program with the DOM lib the app is checked with: the few worker
// types used here, declared locally.
interface TExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface TFetchEvent extends TExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface TMessageEvent extends TExtendableEvent {
  readonly data: unknown;
}
interface TWorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: TExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: TFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: TMessageEvent) => void): void;
}

// The web's DOM lib types globalThis as a window; this file runs as the service worker (TWorkerScope: what it uses).
const worker = globalThis as unknown as TWorkerScope;

const CACHE_PREFIX = 'auditsafe-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${__SW_VERSION__}`;
const PRECACHE: readonly string[] = __SW_MANIFEST__;
const PRECACHED = new Set(PRECACHE);
/** How long a page load waits for the network before the cached shell answers. */

worker.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('fetch', (event) => {
  const route = routeFor(event.request, worker.location.origin, PRECACHED);
  if (route === 'shell') event.respondWith(shell(event.request));
  else if (route === 'static') event.respondWith(cacheFirst(event));
  // 'network': no respondWith, the browser fetches it itself as if there was no worker.
});

async function precache() {
  const cache = await caches.open(CACHE_NAME);
  // Hashed files may come from the HTTP cache (immutable); the others are revalidated with the server.
  await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: url.startsWith(HASHED_PREFIX) ? 'default' : 'no-cache' })));
}

/** The precached index.html of this release (network only if it is missing). */
async function shell(request: Request): Promise<Response> {
  const cached = await caches.match(SHELL_URL, { cacheName: CACHE_NAME });
  return cached ?? fetch(request);
}

/**
 * Cache first. Looks in every cache of the app: while a new release waits, a page loaded from the
 * network with the new index.html finds the new chunks the waiting worker already precached.
 * A hashed file fetched here is kept (never an HTML answer, whatever the server says for a name it lacks).
 */
async function cacheFirst(event: TFetchEvent): Promise<Response> {
  const { request } = event;
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
  if (response.ok && !isHtml && new URL(request.url).pathname.startsWith(HASHED_PREFIX)) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE_NAME).then((cache) => cache.put(request, copy)));
  }
  return response;
}
