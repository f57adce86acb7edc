import { useSyncExternalStore } from 'react';

/**
 * A new release of the app, found by the browser when it checks /sw.js (each page load, when the
 * network returns, and every UPDATE_CHECK_MS while a tab stays open, as a tablet's does all day).
 * sw.ts lets the new worker wait (no skipWaiting on install); the shell offers it, and only when
 * the user asks does the waiting worker take over and the page reload.
 *
 * - 'waiting': a new release is installed and waits; applying it reloads this page on it.
 * - 'elsewhere': another tab applied it; this page still runs the old release, whose cached files
 *   are gone, so it should be reloaded before it needs a screen it has not loaded yet.
 */
export type TUpdateState = 'none' | 'waiting' | 'elsewhere';

export const UPDATE_CHECK_MS = 30 * 60 * 1000;

let state: TUpdateState = 'none';
let waiting: ServiceWorker | null = null;
let reloadOnTakeover = false;
const listeners = new Set<() => void>();

function set(next: TUpdateState, worker: ServiceWorker | null = waiting) {
  state = next;
  waiting = worker;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
export const updateState = () => state;
export const useUpdateState = () => useSyncExternalStore(subscribe, updateState, () => 'none' as const);

/** What watchUpdates needs of the page (the real window and location; fakes in the unit tests). */
export interface TUpdateEnv {
  reload: () => void;
  addEventListener: (type: 'online', listener: () => void) => void;
  setInterval: (handler: () => void, ms: number) => unknown;
  isOnline: () => boolean;
}

const browserEnv = (): TUpdateEnv => ({
  reload: () => window.location.reload(),
  addEventListener: (type, listener) => window.addEventListener(type, listener),
  setInterval: (handler, ms) => window.setInterval(handler, ms),
  isOnline: () => navigator.onLine,
});

/** Follows a registration: offers a release that waits, reloads when the one asked for takes over. */
export function watchUpdates(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer, env: TUpdateEnv = browserEnv()) {
  // The first install has nothing to replace (and clients.claim changes the controller once).
  let controlled = Boolean(container.controller);
  const offer = (worker: ServiceWorker) => {
    if (!controlled) return;
    set('waiting', worker);
    worker.addEventListener('statechange', () => {
      // A newer release replaced it before it was applied: that one is offered when it is installed.
      if (worker.state === 'redundant' && waiting === worker) set('none', null);
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloadOnTakeover) env.reload();
    else set('elsewhere', null);
  });
  const check = () => void registration.update().catch(() => undefined);
  env.addEventListener('online', check);
  env.setInterval(() => env.isOnline() && check(), UPDATE_CHECK_MS);
}

/** Applies the release that waits (the page reloads once it has taken over), or reloads onto the one another tab applied. */
export function applyUpdate(env: Pick<TUpdateEnv, 'reload'> = browserEnv()) {
  if (state === 'elsewhere') return env.reload();
  if (!waiting) return;
  reloadOnTakeover = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** For the unit tests: back to no update. */
export function resetUpdates() {
  reloadOnTakeover = false;
  set('none', null);
}
