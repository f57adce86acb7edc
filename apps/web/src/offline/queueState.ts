import { useSyncExternalStore } from 'react';
import { currentUserId } from '../session/sessionOwner';
import { queueStore } from './queueStore';
import type { TErrorRef } from './records';
import { resourceOf } from './resources';

/**
 * What this tab knows of the current user's queue: per resource, how many records wait and the last
 * error of the first one. Read synchronously by the writes (a non-empty queue takes every later
 * write of its resource, so nothing overtakes it) and by the headers; other tabs say when they change it.
 */
export interface TResourceQueue {
  count: number;
  lastError: TErrorRef | null;
}

const EMPTY: TResourceQueue = { count: 0, lastError: null };
let byResource = new Map<string, TResourceQueue>();
/** Records of other users on this device: never sent, deleted by the next replay. */
let othersCount = 0;
let ready: Promise<void> | null = null;
/** Whose records `byResource` counts: another user signed in on this tab reads the queue again. */
let countedFor: string | null = null;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('run-audit-queue');
    if (channel) {
      channel.onmessage = () => void refreshQueueState(false);
      // Node (unit tests) would otherwise wait for the channel before exiting.
      (channel as unknown as { unref?: () => void }).unref?.();
    }
  }
  return channel;
}

/** Reads the queue again; tells the other tabs unless it is answering them. */
export async function refreshQueueState(broadcast = true) {
  const others = tabs();
  const user = currentUserId();
  countedFor = user;
  const records = await queueStore.list().catch(() => []);
  const next = new Map<string, TResourceQueue>();
  othersCount = 0;
  for (const r of records) {
    if (r.user !== user) {
      othersCount++;
      continue;
    }
    const resource = resourceOf(r);
    const current = next.get(resource);
    next.set(resource, { count: (current?.count ?? 0) + 1, lastError: current ? current.lastError : r.lastError });
  }
  byResource = next;
  listeners.forEach((listener) => listener());
  if (broadcast) others?.postMessage('changed');
}

/** Resolves once the queue has been read in this tab for the signed-in user. */
export function queueStateReady() {
  if (ready && countedFor !== currentUserId()) ready = null;
  return (ready ??= refreshQueueState(false));
}

export const queuedFor = (resource: string) => byResource.get(resource) ?? EMPTY;
export const queuedTotal = () => [...byResource.values()].reduce((sum, q) => sum + q.count, 0);
export const queuedByOthers = () => othersCount;

export function subscribeQueueState(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useQueuedFor(resource: string): TResourceQueue {
  return useSyncExternalStore(
    subscribeQueueState,
    () => queuedFor(resource),
    () => EMPTY,
  );
}

/** How many of this user's changes wait on this device, all resources together (shell header, sign-out, update offer). */
export function useQueuedTotal(): number {
  return useSyncExternalStore(subscribeQueueState, queuedTotal, () => 0);
}
