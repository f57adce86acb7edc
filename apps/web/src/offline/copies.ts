import { applyChange } from './commands';
import { COPIES, transact } from './db';
import type { TCommand, TCopy, TQueueRecord } from './records';
import { rewritePendingIds } from './replayRules';
import { kindOf, type TChange, type TResourceKind } from './resources';

/**
 * The `copies` store: each resource as the server last had it, as far as this device knows: the
 * server's last answer, plus every change the server accepted from this device since (from any
 * tab: each is applied to the stored copy in its own read-modify-write transaction). What a screen
 * shows offline is never a tab's own picture of the resource: it is this copy plus every queued
 * change, rebuilt when it is opened (loadResource.ts), so it agrees with what is pending.
 */

/** The copy, only when it was loaded by this user (another user's copy is not theirs to see); one waiting for an idle period is stored first. */
export async function readCopy<T>(resource: string, user: string): Promise<TCopy<T> | null> {
  await keeping
    .get(resource)
    ?.keep()
    .catch(() => undefined);
  // Changes the server accepted that wait for an idle period to be folded in: folded first.
  await (accepted.has(resource) ? foldAccepted() : folding);
  const value = await transact(COPIES, 'readonly', (tx) => {
    const request = tx.objectStore(COPIES).get(resource);
    return () => request.result as TCopy<T> | undefined;
  });
  return value && value.user === user ? value : null;
}

/** Changes accepted by the server in this tab lately: a server answer loaded before one of them lacks it. */
const RECENT_MS = 60_000;
let recent: { resource: string; at: number; change: TChange }[] = [];

/** Stores what the server answered (loaded at `loadedAt`), with this tab's changes it accepted since. */
export function saveServerCopy(resource: string, user: string, data: unknown, loadedAt: number) {
  const kind = kindOf(resource);
  const later = recent.filter((r) => r.resource === resource && r.at >= loadedAt).map((r) => r.change);
  const copy: TCopy = { resource, user, savedAt: new Date().toISOString(), data: kind ? applyAll(kind, data, later) : data };
  return transact(COPIES, 'readwrite', (tx) => (tx.objectStore(COPIES).put(copy), () => undefined));
}

/**
 * Idle time, with a deadline: `requestIdleCallback` where the browser has it (the next idle period,
 * after the frames and input waiting), else a timer.
 */
export function whenIdle(job: () => void, timeoutMs: number) {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const id = window.requestIdleCallback(job, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(job, Math.min(timeoutMs, 16));
  return () => clearTimeout(id);
}

// ---- the server's answer kept, off the page's critical path
/**
 * Storing a copy clones the whole resource on the main thread (IndexedDB serialises the value in
 * `put`): for an audit of hundreds of questions, most of a second on a tablet, in the task that
 * received it, before the screen could show it. It is stored in the next idle period instead (at
 * most KEEP_DELAY_MS later), and at once when the page is hidden or left (below). Until then the
 * device keeps the copy it had (or none): what is missing from it was never changed offline, what
 * this tab's server accepted meanwhile goes into the copy when it is stored (`recent`), and a read
 * of the copy (readCopy: a load offline, a refusal described) stores it first.
 */
const KEEP_DELAY_MS = 2000;
const keeping = new Map<string, { keep: () => Promise<void>; cancel: () => void }>();

/** Stores the server's answer as the resource's copy in the next idle period (a later answer replaces one not stored yet). */
export function keepServerCopy(resource: string, user: string, data: unknown, loadedAt: number): Promise<void> {
  keeping.get(resource)?.cancel();
  return new Promise<void>((resolve, reject) => {
    const keep = () => {
      cancel();
      if (keeping.get(resource)?.keep === keep) keeping.delete(resource);
      const stored = saveServerCopy(resource, user, data, loadedAt);
      stored.then(resolve, reject);
      return stored;
    };
    const cancel = whenIdle(keep, KEEP_DELAY_MS);
    // Replaced by a later answer: this one is never stored (the promise says so as done).
    keeping.set(resource, { keep, cancel: () => (cancel(), resolve()) });
  });
}

/** Stores now the copies waiting for an idle period (the page hidden or left); resolves once stored. */
export function keepServerCopiesNow(): Promise<void> {
  const waiting = [...keeping.values()];
  return Promise.all(waiting.map(({ keep }) => keep().catch(() => undefined))).then(() => undefined);
}

// ---- changes the server accepted, folded into the copy (a few at a time: each fold clones the whole copy)
/**
 * A fold reads the whole copy and writes it back: tens of milliseconds on a tablet for an audit of
 * hundreds of questions. It waits for an idle period (at most FOLD_DELAY_MS, as the timer before
 * it), so it never runs between a tap and its paint, nor holds up a tap's frame.
 */
const FOLD_DELAY_MS = 1000;
const accepted = new Map<string, { user: string; changes: TChange[] }>();
let cancelFold: (() => void) | undefined;
let folding: Promise<void> = Promise.resolve();

/** The server accepted a change of a resource (sent at once, or replayed): the copy gets it too. */
export function confirmChange(resource: string, user: string, change: TChange) {
  const now = Date.now();
  recent = recent.filter((r) => now - r.at < RECENT_MS);
  recent.push({ resource, at: now, change });
  const entry = accepted.get(resource);
  if (entry && entry.user === user) entry.changes.push(change);
  else {
    if (entry) void foldAccepted();
    accepted.set(resource, { user, changes: [change] });
  }
  cancelFold ??= whenIdle(() => void foldAccepted(), FOLD_DELAY_MS);
}

/** Writes the accepted changes into the copies now (also when the page is hidden or left); resolves once stored. */
export function foldAccepted(): Promise<void> {
  cancelFold?.();
  cancelFold = undefined;
  if (!accepted.size) return folding;
  const batch = [...accepted.entries()];
  accepted.clear();
  folding = folding.then(() =>
    transact(COPIES, 'readwrite', (tx) => {
      const store = tx.objectStore(COPIES);
      for (const [resource, { user, changes }] of batch) {
        const kind = kindOf(resource);
        if (!kind) continue;
        store.get(resource).onsuccess = (event) => {
          const copy = (event.target as IDBRequest<TCopy | undefined>).result;
          // No copy kept (not a resource this device keeps), or another user's: nothing to fold into.
          if (!copy || copy.user !== user) return;
          store.put({ ...copy, savedAt: new Date().toISOString(), data: applyAll(kind, copy.data, changes) });
        };
      }
      return () => undefined;
    }).catch((error: unknown) => console.warn('Offline copy not updated', error)),
  );
  return folding;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  // Both at once (a page being left runs no later task): the copy first, then the changes onto it.
  const now = () => {
    void keepServerCopiesNow();
    void foldAccepted();
  };
  window.addEventListener('pagehide', now);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && now());
}

function applyAll<T>(kind: TResourceKind<T>, data: T, changes: TChange[]): T {
  return changes.reduce((copy, change) => {
    try {
      // The call's one apply (commands.ts); a call the kind does not list changes nothing.
      return applyChange(kind.commands, copy, change);
    } catch (error) {
      // A change the copy cannot take (its target gone): the rest still apply.
      console.warn('Offline change not applied to the copy', error);
      return copy;
    }
  }, data);
}

/** A queued record's command as a change to show (its pending ids as the server has named them so far). */
export const queuedChange = (record: TQueueRecord & { command: TCommand }, ids: ReadonlyMap<string, string>): TChange => ({
  command: rewritePendingIds({ command: record.command }, ids).command!,
  creates: record.creates,
  key: record.idempotencyKey,
  createdAt: record.createdAt,
});

const hasCommand = (record: TQueueRecord): record is TQueueRecord & { command: TCommand } => Boolean(record.command);

/**
 * What the user sees of a resource: the copy with every queued change of it applied, in queue order.
 * (A version-3 request the upgrade matched to no call is sent, but not shown: no apply knows it.)
 */
export function withQueued<T>(kind: TResourceKind<T>, data: T, queued: TQueueRecord[], ids: ReadonlyMap<string, string>): T {
  const ordered = [...queued].filter(hasCommand).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return applyAll(
    kind,
    data,
    ordered.map((r) => queuedChange(r, ids)),
  );
}
