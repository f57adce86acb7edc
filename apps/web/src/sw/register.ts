import { watchUpdates } from './updates';

/**
 * Makes the app available offline once it was loaded on the device: registers /sw.js (built by
 * sw-plugin.ts from ./sw.ts) in production builds, and asks once per start for persistent storage
 * so the browser keeps the offline audits (IndexedDB) and the shell through storage pressure.
 * Then follows the registration for new releases (updates.ts). The dev server has no service
 * worker (it would cache modules Vite serves fresh).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    // After the page's own load, so the precache does not compete with the first render.
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => watchUpdates(registration, navigator.serviceWorker))
      .catch((error: unknown) => console.warn('Service worker not registered', error));
    void requestPersistentStorage();
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Asks the browser to keep this origin's storage (IndexedDB, caches) under storage pressure.
 * True when granted now or earlier; false when refused or not supported. Chromium decides without
 * asking the user (engagement, installed app); Firefox may ask.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
