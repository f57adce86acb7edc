import { useSyncExternalStore } from 'react';
import { currentUserId } from '../session/sessionOwner';
import { confirmChange, foldAccepted, readCopy } from './copies';
import { queueStore } from './queueStore';
import { refreshQueueState } from './queueState';
import type { TIdMapping, TQueuedWrite, TQueueRecord } from './records';
import { replayQueue, type TReplayResult } from './replay';
import { kindOf, kindOfType, parseResource, resourceOf } from './resources';
import { sendQueued } from './sendQueued';
import { markSettled, pruneSettled, settledAs } from './settledKeys';
import { checkStorageSpace, isStorageFull } from './storageSpace';

/**
 * The replay of this tab: one at a time, under a Web Lock shared by the tabs (a tab that waited
 * for it finds the queue already replayed), with its progress for the overlay and a timer for the
 * next attempt after a retryable failure.
 */
export interface TSyncState {
  active: boolean;
  done: number;
  total: number;
}

const IDLE: TSyncState = { active: false, done: 0, total: 0 };
const LOCK_NAME = 'run-audit-replay';
let state = IDLE;
const listeners = new Set<() => void>();
let running: Promise<void> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function setState(next: TSyncState) {
  state = next;
  listeners.forEach((listener) => listener());
}
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
export const useSyncState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
export const isSyncing = () => running !== null;

/** What a page does after a replay that changed something (reload what it shows), while the overlay still shows. */
type TAfterSync = (result: TReplayResult) => Promise<void>;
const afterSync = new Set<TAfterSync>();
export function onSynced(handler: TAfterSync) {
  afterSync.add(handler);
  return () => void afterSync.delete(handler);
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('run-audit-synced');
// Node (unit tests) would otherwise wait for the channel before exiting; browsers have no unref.
(channel as unknown as { unref?: () => void } | null)?.unref?.();

/** Another tab replayed: this one reloads what it shows of the resources that changed. */
export function onOtherTabSynced(handler: (touched: string[]) => void) {
  if (!channel) return () => undefined;
  const listener = (event: MessageEvent<string[]>) => handler(event.data);
  channel.addEventListener('message', listener);
  return () => channel.removeEventListener('message', listener);
}

async function withReplayLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(LOCK_NAME, work) : work();
}

/** A replay that failed on this device is tried again after this long: soon when its storage was full (space may return any time). */
const RETRY_WHEN_FULL_MS = 10_000;
const RETRY_AFTER_FAILURE_MS = 60_000;

/** How often the overlay's count is repainted during a replay. */
const PROGRESS_MS = 100;

async function replayOnce(force: boolean) {
  const user = currentUserId();
  if (!user || !navigator.onLine) return;
  // A replay someone asked for (network back, page opened, Sync now) shows at once; a background
  // retry only once the server has answered one record, so a still-absent network never blocks the screen.
  // Repainted at most every PROGRESS_MS: hundreds of records go by in seconds.
  let paintedAt = 0;
  const onProgress = (done: number, total: number) => {
    if (!(force || done > 0)) return;
    const now = Date.now();
    if (state.active && now - paintedAt < PROGRESS_MS && done < total) return;
    paintedAt = now;
    setState({ active: true, done, total });
  };
  const deps = {
    store: queueStore,
    send: sendQueued,
    onProgress,
    describe: describeRefused(user),
    onAccepted: accepted(user),
    appliedAs,
    markApplied: (key: string, mapping: TIdMapping | null) => markSettled(key, 'applied', mapping),
  };
  const result = await withReplayLock(() => replayQueue(deps, user, { force }));
  await foldAccepted();
  if (result.touched.length) {
    if (!state.active) setState({ active: true, done: result.sent, total: result.sent });
    // Each kind's own follow-up (the audit's score checked again, as the product document asks); a failure changes nothing stored.
    await Promise.all(byKind(result.touched).map(([kind, ids]) => kind.afterReplay?.(ids).catch(() => undefined)));
    for (const handler of afterSync) await handler(result).catch(() => undefined);
    channel?.postMessage(result.touched);
  }
  if (result.retryAt !== null) scheduleSync(result.retryAt - Date.now());
  else if (!(await queueStore.list()).length) {
    pruneSettled();
    await queueStore.pruneOld(Date.now());
  }
  if (result.failures.length) failuresChanged();
}

/** A record the server already applied (settledKeys.ts): deleted without a second send. */
const appliedAs = (key: string) => {
  const settled = settledAs(key);
  return settled?.state === 'applied' ? settled : null;
};

/** What a refused change was about, described by its kind in the resource as this device has it. */
const describeRefused =
  (user: string) =>
  async (record: TQueueRecord, { command }: TQueuedWrite) => {
    const resource = resourceOf(record);
    const kind = kindOf(resource);
    if (!kind || !command) return null;
    const copy = await readCopy(resource, user).catch(() => null);
    return kind.describe(command, copy?.data ?? null);
  };

/** A replayed change the server accepted: the resource's copy gets it too (a version-3 request matching no call: the reload after the replay shows it). */
const accepted =
  (user: string) =>
  (record: TQueueRecord, { command }: TQueuedWrite, answer: unknown) => {
    if (command)
      confirmChange(resourceOf(record), user, { command, response: answer, creates: record.creates, key: record.idempotencyKey, createdAt: record.createdAt });
  };

/** Resources grouped by their registered kind: the kind and the ids. */
export function byKind(resources: string[]) {
  const groups = new Map<string, string[]>();
  for (const resource of resources) {
    const { type, id } = parseResource(resource);
    if (kindOfType(type)) groups.set(type, [...(groups.get(type) ?? []), id]);
  }
  return [...groups.entries()].map(([type, ids]) => [kindOfType(type)!, ids] as const);
}

/** Replays now, or joins the replay already running in this tab. `force` ignores the back-off (network back, or asked for). */
export function syncNow(force = false): Promise<void> {
  if (!running) {
    clearTimeout(timer);
    running = replayOnce(force)
      // The queue stays as it is (IndexedDB failing or full, a lock refused). Tried again by itself
      // until it works: a full device resumes once space returns, what the server already applied
      // deleted without a second send (appliedAs).
      .catch((error: unknown) => {
        console.warn('Offline queue replay failed', error);
        const full = isStorageFull(error);
        if (full) void checkStorageSpace(true);
        scheduleSync(full ? RETRY_WHEN_FULL_MS : RETRY_AFTER_FAILURE_MS);
      })
      .finally(() => {
        running = null;
        setState(IDLE);
        void refreshQueueState();
      });
  }
  return running;
}

export function scheduleSync(delayMs: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), Math.max(0, delayMs));
}

// ---- the failures list changed (read again by the page)
const failureListeners = new Set<() => void>();
function failuresChanged() {
  failureListeners.forEach((listener) => listener());
}
export function onFailuresChanged(listener: () => void) {
  failureListeners.add(listener);
  return () => void failureListeners.delete(listener);
}
