import type { TQueuedRequest } from './records';
import { callOfRequest, commandOfRequest } from './upgradeToCommands';

/**
 * The offline database: IndexedDB `RunAudit` (the product document's name, section 9), with the
 * store `queries` (the write queue, ordered by its auto-increment key) as the document shapes it,
 * plus ours: `copies` (each resource as the server last had it, and beside it, under its key with
 * the user's, the log of changes the server accepted since: copies.ts), `failures` (refused
 * replays) and `ids` (pending id -> server id). The raw API behind two helpers: no wrapper library is needed.
 *
 * Version 3 (docs/decisions/0021-offline-layer.md) made the layer generic, keyed by resource
 * (`audit:<id>`, later `register:<id>`). Version 4 (decision 0077) stores commands (the call by
 * name, its parameters and body) instead of requests (method and URL). The upgrade keeps every
 * record a device may hold from version 1, 2 or 3: queued records get their `resource` and their
 * command (a request matching no call keeps its request, sent as it was), failures and id mappings
 * their resource, failures their call, and the audits of version 2's `audits` store become copies
 * (the queued changes applied on them again are idempotent: set an answer, a note, a field, replace
 * an issue list, add a picture by its id).
 */
const DB_NAME = 'RunAudit';
export const DB_VERSION = 4;
export const QUERIES = 'queries';
export const COPIES = 'copies';
export const FAILURES = 'failures';
export const IDS = 'ids';
/** Version 2's store of audits as last shown; read by the upgrade, then deleted. */
const V2_AUDITS = 'audits';

let opened: Promise<IDBDatabase> | null = null;

/** The resource of a record written before version 3: every one of them was about an audit. */
export const legacyResource = (auditId: string) => `audit:${auditId}`;

function eachValue(store: IDBObjectStore, visit: (value: Record<string, unknown>, cursor: IDBCursorWithValue) => void) {
  store.openCursor().onsuccess = (event) => {
    const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
    if (!cursor) return;
    visit(cursor.value as Record<string, unknown>, cursor);
    cursor.continue();
  };
}

function upgrade(db: IDBDatabase, tx: IDBTransaction, oldVersion: number) {
  // Created when missing, so a database of version 1 (queries only) or 2 keeps its records.
  const missing = (name: string) => !db.objectStoreNames.contains(name);
  if (missing(QUERIES)) db.createObjectStore(QUERIES, { keyPath: 'id', autoIncrement: true });
  if (missing(COPIES)) db.createObjectStore(COPIES, { keyPath: 'resource' });
  if (missing(FAILURES)) db.createObjectStore(FAILURES, { keyPath: 'id', autoIncrement: true });
  if (missing(IDS)) db.createObjectStore(IDS, { keyPath: 'pendingId' });
  if (oldVersion === 0 || oldVersion >= 4) return;
  // One pass per store (two cursors updating the same records could interleave): nothing is dropped.
  const upgradeEach = (name: string, change: (value: Record<string, unknown>) => Record<string, unknown>) =>
    eachValue(tx.objectStore(name), (value, cursor) => {
      const next = change(value);
      if (next !== value) cursor.update(next);
    });
  // Records of version 1 and 2 name their audit only: each gets its resource.
  const withResource = (value: Record<string, unknown>) =>
    typeof value.resource !== 'string' && typeof value.auditId === 'string' ? { ...value, resource: legacyResource(value.auditId) } : value;
  upgradeEach(QUERIES, (value) => withCommand(withResource(value)));
  upgradeEach(FAILURES, (value) => withCall(withResource(value)));
  upgradeEach(IDS, withResource);
  if (oldVersion < 3 && !missing(V2_AUDITS)) {
    const copies = tx.objectStore(COPIES);
    const audits = tx.objectStore(V2_AUDITS);
    audits.getAll().onsuccess = (event) => {
      for (const old of (event.target as IDBRequest<{ auditId: string; user: string; savedAt: string; audit: unknown }[]>).result) {
        copies.put({ resource: legacyResource(old.auditId), user: old.user, savedAt: old.savedAt, data: old.audit });
      }
      db.deleteObjectStore(V2_AUDITS);
    };
  }
}

/** A queued request of versions 1 to 3 as a command; one matching no call keeps its request. */
function withCommand(value: Record<string, unknown>) {
  const request = value.request as TQueuedRequest | undefined;
  const command = !value.command && request ? commandOfRequest(request) : null;
  if (!command) return value;
  const { request: _request, ...rest } = value;
  return { ...rest, command };
}

/** A failure of versions 2 and 3 gets the call and parameters of its request (its method and URL stay). */
function withCall(value: Record<string, unknown>) {
  if (value.call || typeof value.method !== 'string' || typeof value.url !== 'string') return value;
  const matched = callOfRequest(value.method, value.url);
  return matched ? { ...value, call: matched.call.name, params: matched.params } : value;
}

export function openOfflineDb(): Promise<IDBDatabase> {
  if (!opened) {
    const opening = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is not available'));
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = (event) => upgrade(request.result, request.transaction!, event.oldVersion);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading (a newer app version): let it, and reopen on the next use.
        db.onversionchange = () => closeOfflineDb();
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });
    opened = opening;
    opening.catch(() => opened === opening && (opened = null));
  }
  return opened;
}

/** Closes the connection (tests; another tab's upgrade); the next call opens it again. */
export function closeOfflineDb() {
  const current = opened;
  opened = null;
  void current?.then(
    (db) => db.close(),
    () => undefined,
  );
}

/**
 * One transaction. `body` issues its requests at once (or from their callbacks, never after an
 * await, which would let the transaction commit early); the promise resolves with what `result`
 * reads once the transaction has committed, so a caller never sees a write that could still fail.
 */
export async function transact<T>(stores: string | string[], mode: IDBTransactionMode, body: (tx: IDBTransaction) => () => T): Promise<T> {
  const db = await openOfflineDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    const result = body(tx);
    tx.oncomplete = () => resolve(result());
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Reads every value of a store, in key order. */
export const readAll = <T>(store: string) =>
  transact(store, 'readonly', (tx) => {
    const request = tx.objectStore(store).getAll();
    // IndexedDB answers what this module stored in that store (records.ts names each store's type).
    return () => request.result as T[];
  });
