import { COPIES, FAILURES, IDS, QUERIES, readAll, transact } from './db';
import type { TCopy, TFailure, TIdMapping, TQueueRecord } from './records';

const DAY_MS = 86_400_000;
/** A pending id may still be on a screen or in a queued record for a while after its create was replayed. */
const KEEP_IDS_MS = 7 * DAY_MS;
/** Copies not loaded or changed for this long are dropped (only when nothing is queued). */
const KEEP_COPIES_MS = 30 * DAY_MS;

/** The write queue, its refused records and the pending-id map, in IndexedDB (db.ts). */
export const queueStore = {
  /** Appends a record; resolves with its key (the replay order). */
  add: (record: TQueueRecord) =>
    transact(QUERIES, 'readwrite', (tx) => {
      const { id: _ignored, ...value } = record;
      const request = tx.objectStore(QUERIES).add(value);
      return () => request.result as number;
    }),

  /** Every record of every user, in replay order. */
  list: () => readAll<TQueueRecord>(QUERIES),

  update: (record: TQueueRecord) => transact(QUERIES, 'readwrite', (tx) => (tx.objectStore(QUERIES).put(record), () => undefined)),

  remove: (id: number) => transact(QUERIES, 'readwrite', (tx) => (tx.objectStore(QUERIES).delete(id), () => undefined)),

  /** A replayed record goes; what it created is remembered by its pending id, in the same transaction. */
  complete: (id: number, mapping: TIdMapping | null) =>
    transact([QUERIES, IDS], 'readwrite', (tx) => {
      tx.objectStore(QUERIES).delete(id);
      if (mapping) tx.objectStore(IDS).put(mapping);
      return () => undefined;
    }),

  /** A refused record leaves the queue for the failures list, in one transaction. */
  fail: (id: number, failure: TFailure) =>
    transact([QUERIES, FAILURES], 'readwrite', (tx) => {
      tx.objectStore(QUERIES).delete(id);
      const { id: _ignored, ...value } = failure;
      tx.objectStore(FAILURES).add(value);
      return () => undefined;
    }),

  /** Pending id -> server id, for every create the server has answered. */
  idMap: async () => new Map((await readAll<TIdMapping>(IDS)).map((m) => [m.pendingId, m.serverId])),

  failures: () => readAll<TFailure>(FAILURES),

  /** With the queue empty: forgets old pending-id mappings and copies nobody loaded for long. */
  pruneOld: (now: number) =>
    transact([IDS, COPIES], 'readwrite', (tx) => {
      const drop = <T>(store: string, isOld: (value: T) => boolean) => {
        tx.objectStore(store).openCursor().onsuccess = (event) => {
          const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
          if (!cursor) return;
          // IndexedDB answers what was stored in that store (its caller names the type).
          if (isOld(cursor.value as T)) cursor.delete();
          cursor.continue();
        };
      };
      drop<TIdMapping>(IDS, (m) => now - Date.parse(m.createdAt) > KEEP_IDS_MS);
      drop<TCopy>(COPIES, (c) => now - Date.parse(c.savedAt) > KEEP_COPIES_MS);
      return () => undefined;
    }),

  dismissFailures: (ids: number[]) =>
    transact(FAILURES, 'readwrite', (tx) => {
      const store = tx.objectStore(FAILURES);
      ids.forEach((id) => store.delete(id));
      return () => undefined;
    }),
};

export type TQueueStore = typeof queueStore;
