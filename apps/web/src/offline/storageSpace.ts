import { useSyncExternalStore } from 'react';

/**
 * This device's storage for the offline layer (decision 0066): whether an error means it is full,
 * and how much space is left (`navigator.storage.estimate`), read at start, every minute and after
 * a write it refused, so the shell can warn before changes can no longer be kept.
 */
export function isStorageFull(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  // QuotaExceededError everywhere; Firefox's older name; an IndexedDB write refused while aborting for it.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** Low: under 50 MB left, or under 10 % of what the origin may use. */
const LOW_BYTES = 50 * 1024 * 1024;
const LOW_SHARE = 0.1;
const CHECK_MS = 60_000;

export interface TStorageSpace {
  /** Bytes the app may still use on this device, when the browser says. */
  free: number | null;
  low: boolean;
}

const UNKNOWN: TStorageSpace = { free: null, low: false };
let space = UNKNOWN;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** Reads the estimate again; `full` when a write was just refused for lack of space (low whatever the estimate says). */
export async function checkStorageSpace(full = false) {
  let next: TStorageSpace = full ? { free: space.free, low: true } : UNKNOWN;
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.quota != null && estimate.usage != null) {
      const free = Math.max(0, estimate.quota - estimate.usage);
      next = { free, low: full || free < LOW_BYTES || free < estimate.quota * LOW_SHARE };
    }
  } catch {
    // No estimate: only a refused write tells.
  }
  if (next.free !== space.free || next.low !== space.low) {
    space = next;
    listeners.forEach((listener) => listener());
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    void checkStorageSpace();
    timer = setInterval(() => void checkStorageSpace(), CHECK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size) clearInterval(timer);
  };
}

export const useStorageSpace = () =>
  useSyncExternalStore(
    subscribe,
    () => space,
    () => UNKNOWN,
  );
