/**
 * The offline database: IndexedDB `RunAudit` (the product document's name, section 9), with the
 * store `queries` (the write queue, ordered by its auto-increment key) as the document shapes it,
 * plus ours: `copies` (each resource as the server last had it), `failures` (refused replays) and
 * `ids` (pending id -> server id). The raw API behind two helpers: no wrapper library is needed.
 *
 * Version 3 (docs/decisions/0021-offline-layer.md) made the layer generic, keyed by resource
 * (`audit:<id>`, later `register:<id>`). The upgrade keeps every record a device may hold from
 * version 1 or 2: queued records get their `resource`, failures and id mappings too, and the audits
 * of version 2's `audits` store become copies (the queued changes applied on them again are
 * idempotent: set an answer, a note, a field, replace an issue list, add a picture by its id).
 */
const DB_NAME = 'RunAudit';
export const DB_VERSION = 3;
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
  if (oldVersion === 0 || oldVersion >= 3) return;
  // Records of version 1 and 2 name their audit only: each gets its resource, nothing is dropped.
  const addResource = (name: string) =>
    eachValue(tx.objectStore(name), (value, cursor) => {
      if (typeof value.resource !== 'string' && typeof value.auditId === 'string') cursor.update({ ...value, resource: legacyResource(value.auditId) });
    });
  [QUERIES, FAILURES, IDS].forEach(addResource);
  if (!missing(V2_AUDITS)) {
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
    return () => request.result as T[];
  });
