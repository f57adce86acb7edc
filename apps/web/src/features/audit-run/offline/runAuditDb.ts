/**
 * The offline database: IndexedDB `RunAudit`, version 2 (product document, section 9), with the
 * store `queries` (the write queue, ordered by its auto-increment key) and `audits` (the audit as
 * last shown on this device), plus ours: `failures` (refused replays) and `ids` (pending id ->
 * server id). The raw API behind two helpers: no wrapper library is needed for four stores.
 */
const DB_NAME = 'RunAudit';
const DB_VERSION = 2;
export const QUERIES = 'queries';
export const AUDITS = 'audits';
export const FAILURES = 'failures';
export const IDS = 'ids';

let opened: Promise<IDBDatabase> | null = null;

function upgrade(db: IDBDatabase) {
  // Created when missing, so a database of version 1 (queries only) keeps its records.
  const missing = (name: string) => !db.objectStoreNames.contains(name);
  if (missing(QUERIES)) db.createObjectStore(QUERIES, { keyPath: 'id', autoIncrement: true });
  if (missing(AUDITS)) db.createObjectStore(AUDITS, { keyPath: 'auditId' });
  if (missing(FAILURES)) db.createObjectStore(FAILURES, { keyPath: 'id', autoIncrement: true });
  if (missing(IDS)) db.createObjectStore(IDS, { keyPath: 'pendingId' });
}

export function openRunAuditDb(): Promise<IDBDatabase> {
  if (!opened) {
    const opening = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is not available'));
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => upgrade(request.result);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading (a newer app version): let it, and reopen on the next use.
        db.onversionchange = () => closeRunAuditDb();
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
export function closeRunAuditDb() {
  const current = opened;
  opened = null;
  void current?.then((db) => db.close(), () => undefined);
}

/**
 * One transaction. `body` issues its requests at once (or from their callbacks, never after an
 * await, which would let the transaction commit early); the promise resolves with what `result`
 * reads once the transaction has committed, so a caller never sees a write that could still fail.
 */
export async function transact<T>(stores: string | string[], mode: IDBTransactionMode, body: (tx: IDBTransaction) => () => T): Promise<T> {
  const db = await openRunAuditDb();
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
