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

/**
 * The copy, only when it was loaded by this user (another user's copy is not theirs to see), with
 * the changes the server accepted since (its log) applied; one waiting for an idle period is stored first.
 */
export async function readCopy<T>(resource: string, user: string): Promise<TCopy<T> | null> {
  await keeping
    .get(resource)
    ?.keep()
    .catch(() => undefined);
  await logging;
  const { copy, log } = await transact(COPIES, 'readonly', (tx) => {
    const store = tx.objectStore(COPIES);
    const copyRequest = store.get(resource);
    const logRequest = store.getAll(logRange(resource, user));
    return () => ({ copy: copyRequest.result as TCopy<T> | undefined, log: logRequest.result as TAcceptedEntry[] });
  });
  if (!copy || copy.user !== user) return null;
  const kind = kindOf(resource) as TResourceKind<T> | undefined;
  const changes = log.map((entry) => entry.change);
  return changes.length && kind ? { ...copy, data: applyAll(kind, copy.data, changes) } : copy;
}

/** Changes accepted by the server in this tab lately: a server answer loaded before one of them lacks it. */
const RECENT_MS = 60_000;
let recent: { resource: string; at: number; change: TChange }[] = [];

/**
 * Stores what the server answered (loaded at `loadedAt`), with this tab's changes it accepted since.
 * The user's log keeps only the changes accepted from `loadedAt` on: the answer has the older ones.
 */
export function saveServerCopy(resource: string, user: string, data: unknown, loadedAt: number) {
  const kind = kindOf(resource);
  const later = recent.filter((r) => r.resource === resource && r.at >= loadedAt).map((r) => r.change);
  const copy: TCopy = { resource, user, savedAt: new Date().toISOString(), data: kind ? applyAll(kind, data, later) : data };
  return transact(COPIES, 'readwrite', (tx) => {
    const store = tx.objectStore(COPIES);
    store.put(copy);
    store.openCursor(logRange(resource, user)).onsuccess = (event) => {
      const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
      if (!cursor) return;
      if ((cursor.value as TAcceptedEntry).at < loadedAt) cursor.delete();
      cursor.continue();
    };
    return () => undefined;
  });
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

// ---- changes the server accepted: a log beside the copy, folded into it now and then
/**
 * Folding a change into the copy reads the whole copy and writes it back: IndexedDB clones the value
 * both ways, 50-110 ms on the tablet profile for an audit of 483 questions, once after every tap. So
 * each accepted change is a small record of its own in the `copies` store (written at once in its
 * own transaction: a crash right after loses nothing), read with the copy
 * (readCopy applies them) and folded into the copy only once there are FOLD_AT of them, when the
 * page is hidden or left, and after a replay. An entry's key: the copy's, the user, then the time it
 * was accepted (`Date.now()`, the clock `loadedAt` is read with: a tablet's monotonic clock stops
 * while it sleeps), the tab and a count (two changes of one millisecond never share a key):
 * `<resource>\u0000accepted\u0000<user>\u0000<time>\u0000<tab>\u0000<count>`.
 */
const FOLD_AT = 40;
const LOG_MARK = '\u0000accepted\u0000';
const logPrefix = (resource: string, user: string) => `${resource}${LOG_MARK}${user}\u0000`;
const logRange = (resource: string, user: string) => IDBKeyRange.bound(logPrefix(resource, user), `${logPrefix(resource, user)}\uffff`);
const isLogKey = (key: IDBValidKey): key is string => typeof key === 'string' && key.includes(LOG_MARK);
const TAB = Math.random().toString(36).slice(2, 10);
let logCount = 0;
const logKey = (resource: string, user: string, at: number) =>
  `${logPrefix(resource, user)}${String(at).padStart(15, '0')}\u0000${TAB}\u0000${String(++logCount).padStart(9, '0')}`;
/** The prefix of a log entry's key: up to its user's end. */
const logPrefixOf = (key: string) => key.slice(0, key.indexOf('\u0000', key.indexOf(LOG_MARK) + LOG_MARK.length) + 1);
/** An accepted photo's file is not kept in its entry: the server's answer names the picture. */
const withoutFile = (change: TChange): TChange =>
  change.response !== undefined && change.command.multipart
    ? { ...change, command: { ...change.command, multipart: { ...change.command.multipart, file: new Blob() } } }
    : change;

/** An entry of the log (its `resource` is its key). */
interface TAcceptedEntry {
  resource: string;
  user: string;
  savedAt: string;
  at: number;
  change: TChange;
}

/** The appends and folds started, in order: readCopy and foldAccepted wait for them. */
let logging: Promise<void> = Promise.resolve();
let foldScheduled: (() => void) | undefined;
const warnNotUpdated = (error: unknown) => console.warn('Offline copy not updated', error);

/** The server accepted a change of a resource (sent at once, or replayed): the copy gets it too. */
export function confirmChange(resource: string, user: string, change: TChange) {
  const now = Date.now();
  recent = recent.filter((r) => now - r.at < RECENT_MS);
  recent.push({ resource, at: now, change });
  if (!kindOf(resource)) return;
  const entry: TAcceptedEntry = { resource: logKey(resource, user, now), user, savedAt: new Date().toISOString(), at: now, change: withoutFile(change) };
  logging = logging.then(() =>
    transact(COPIES, 'readwrite', (tx) => {
      const store = tx.objectStore(COPIES);
      store.put(entry);
      const count = store.count(logRange(resource, user));
      return () => count.result;
    }).then((length) => {
      if (length >= FOLD_AT) foldScheduled ??= whenIdle(() => void foldAccepted(), 5000);
    }, warnNotUpdated),
  );
}

/** Folds every log into its copy now (a copy of another user's takes none of it); resolves once stored. */
export function foldAccepted(): Promise<void> {
  foldScheduled?.();
  foldScheduled = undefined;
  logging = logging.then(() =>
    transact(COPIES, 'readwrite', (tx) => {
      const store = tx.objectStore(COPIES);
      // Keys only: reading every copy's value would clone them all.
      store.getAllKeys().onsuccess = (event) => {
        const logs = new Set((event.target as IDBRequest<IDBValidKey[]>).result.filter(isLogKey).map(logPrefixOf));
        for (const prefix of logs) {
          const resource = prefix.slice(0, prefix.indexOf(LOG_MARK));
          const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
          store.get(resource).onsuccess = (copyEvent) => {
            const copy = (copyEvent.target as IDBRequest<TCopy | undefined>).result;
            // No copy yet: the log waits for one (a copy stored later keeps the newer changes).
            if (!copy) return;
            store.getAll(range).onsuccess = (logEvent) => {
              const entries = (logEvent.target as IDBRequest<TAcceptedEntry[]>).result;
              const kind = kindOf(resource);
              // Another user's copy: nothing of this user's to fold into.
              if (kind && entries.length && copy.user === entries[0]!.user) {
                store.put({
                  ...copy,
                  savedAt: new Date().toISOString(),
                  data: applyAll(
                    kind,
                    copy.data,
                    entries.map((e) => e.change),
                  ),
                });
              }
              store.delete(range);
            };
          };
        }
      };
      return () => undefined;
    }).catch(warnNotUpdated),
  );
  return logging;
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
