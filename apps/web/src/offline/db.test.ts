import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { readCopy } from './copies';
import { closeOfflineDb, DB_VERSION, openOfflineDb } from './db';
import { queueStore } from './queueStore';

/** The upgrade of RunAudit from the releases before the generic layer: a device's queued changes are never lost. */
const USER = 'user-1';
const KEY = '0a0a0a0a-0000-4000-8000-000000000001';
const queued = (n: number) => ({
  auditId: 'a1',
  user: USER,
  createdAt: '2026-01-01T00:00:00.000Z',
  idempotencyKey: `${KEY.slice(0, -1)}${n}`,
  attempts: n,
  nextAttemptAt: 0,
  lastError: null,
  creates: null,
  request: {
    method: 'PATCH' as const,
    url: `/ms-core/api/audits/a1/sections/s/questions/q${n}/note`,
    data: { note: `note ${n}` },
    blob: false,
    headers: { 'Idempotency-Key': `${KEY.slice(0, -1)}${n}` },
  },
});

/** The same record as version 4 keeps it: the request became a command (the call by name, its parameters and body). */
const converted = (n: number) => {
  const { request: _request, ...rest } = queued(n);
  return { ...rest, command: { call: 'audits.setNote', params: { id: 'a1', sectionId: 's', questionId: `q${n}` }, body: { note: `note ${n}` } } };
};

/** A database as an older release left it: version 1 (queries only) or 2 (queries, audits, failures, ids). */
function oldDatabase(version: 1 | 2, fill: (tx: IDBTransaction) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('RunAudit', version);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('queries', { keyPath: 'id', autoIncrement: true });
      if (version === 2) {
        db.createObjectStore('audits', { keyPath: 'auditId' });
        db.createObjectStore('failures', { keyPath: 'id', autoIncrement: true });
        db.createObjectStore('ids', { keyPath: 'pendingId' });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction([...db.objectStoreNames], 'readwrite');
      fill(tx);
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
});
afterEach(() => {
  closeOfflineDb();
  vi.unstubAllGlobals();
});

describe('upgrading RunAudit from versions 1 and 2', () => {
  it('from version 2: keeps every queued record (with its resource, as a command), the failures, the id map, and the audits as copies', async () => {
    const audit = { _id: 'a1', status: 'running', sections: [] };
    await oldDatabase(2, (tx) => {
      tx.objectStore('queries').add(queued(1));
      tx.objectStore('queries').add(queued(2));
      tx.objectStore('audits').put({ auditId: 'a1', user: USER, savedAt: '2026-01-01T00:00:00.000Z', audit });
      tx.objectStore('failures').add({
        auditId: 'a1',
        user: USER,
        createdAt: '2026-01-01T00:00:00.000Z',
        method: 'PATCH',
        url: '/x',
        questionId: 'q9',
        error: { status: 409, name: 'BADREQUESTERROR', reference: 'AUD0002' },
      });
      tx.objectStore('ids').put({ pendingId: 'pending-1', serverId: 'server-1', auditId: 'a1', createdAt: '2026-01-01T00:00:00.000Z' });
    });

    const db = await openOfflineDb();
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['copies', 'failures', 'ids', 'queries']);
    const records = await queueStore.list();
    expect(records).toEqual([
      { id: 1, resource: 'audit:a1', ...converted(1) },
      { id: 2, resource: 'audit:a1', ...converted(2) },
    ]);
    expect(await queueStore.failures()).toEqual([expect.objectContaining({ id: 1, resource: 'audit:a1', auditId: 'a1', questionId: 'q9' })]);
    expect(await queueStore.idMap()).toEqual(new Map([['pending-1', 'server-1']]));
    expect(await readCopy('audit:a1', USER)).toMatchObject({ resource: 'audit:a1', user: USER, data: audit });
    // New records go after the old ones (the replay order is the key's).
    await queueStore.add({ ...converted(3), resource: 'audit:a1' });
    expect((await queueStore.list()).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('from version 1 (the queue only): keeps the records and adds the other stores', async () => {
    await oldDatabase(1, (tx) => tx.objectStore('queries').add(queued(1)));
    const db = await openOfflineDb();
    expect([...db.objectStoreNames].sort()).toEqual(['copies', 'failures', 'ids', 'queries']);
    expect(await queueStore.list()).toEqual([{ id: 1, resource: 'audit:a1', ...converted(1) }]);
  });
});
