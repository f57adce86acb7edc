import { describe, expect, it, vi } from 'vitest';
import type { TAudit } from '@audit/domain/audits';
import { makeAudit } from '../testing/auditFixture';
import { readCopy, saveServerCopy } from '../../../offline/copies';
import { queueStore } from '../../../offline/queueStore';
import { auditResource } from './auditResource';
import { A1, fakeServer, network, open, token, USER, withOfflineQueue, write } from '../testing/offlineQueueHarness';

/** The queue against IndexedDB (fake-indexeddb), the HTTP client and a fake server (fetch): see offlineQueueHarness. */
withOfflineQueue();

describe('the RunAudit database', () => {
  it('is version 4 with the store queries (and ours: copies, failures, ids), records in the order written', async () => {
    fakeServer();
    network.onLine = false;
    for (const n of [1, 2, 3]) await write({ body: { n } }).catch(() => undefined);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('RunAudit');
      open.onsuccess = () => resolve(open.result);
    });
    expect(db.version).toBe(4);
    expect([...db.objectStoreNames].sort()).toEqual(['copies', 'failures', 'ids', 'queries']);
    db.close();
    expect((await queueStore.list()).map((r) => (r.command!.body as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it('forgets pending-id mappings after a week and local copies not opened for a month', async () => {
    const day = (n: number) => Date.parse('2025-03-01T00:00:00Z') + n * 86_400_000;
    const map = (pendingId: string, at: number) => ({ pendingId, serverId: `s-${pendingId}`, resource: A1, createdAt: new Date(at).toISOString() });
    await queueStore.complete(1, map('pending-old', day(-8)));
    await queueStore.complete(2, map('pending-new', day(-6)));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day(-31));
    await saveServerCopy(auditResource('old-audit'), USER, { ...makeAudit(3), _id: 'old-audit' }, 0);
    vi.setSystemTime(day(-29));
    await saveServerCopy(auditResource('recent-audit'), USER, { ...makeAudit(3), _id: 'recent-audit' }, 0);
    vi.useRealTimers();
    await queueStore.pruneOld(day(0));
    expect([...(await queueStore.idMap()).keys()]).toEqual(['pending-new']);
    expect(await readCopy(auditResource('old-audit'), USER)).toBeNull();
    expect(await readCopy(auditResource('recent-audit'), USER)).not.toBeNull();
  });

  it("keeps the server's copy of an audit this user runs, for this user only", async () => {
    const audit = makeAudit(3);
    fakeServer((call) => (call.url.endsWith(audit._id) ? { body: audit } : {}));
    const FIXTURE_AUDITOR = audit.auditor!._id;
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token(FIXTURE_AUDITOR) : null) });
    await open(audit._id);
    await expect.poll(() => readCopy(auditResource(audit._id), FIXTURE_AUDITOR)).not.toBeNull();
    expect((await readCopy<TAudit>(auditResource(audit._id), FIXTURE_AUDITOR))?.data._id).toBe(audit._id);
    expect(await readCopy(auditResource(audit._id), 'someone-else')).toBeNull();
  });
});
