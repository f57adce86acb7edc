import { describe, expect, it, vi } from 'vitest';
import type { TAudit } from '@audit/domain/audits';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { confirmChange, keepServerCopiesNow, readCopy, saveServerCopy } from '../../../offline/copies';
import { COPIES, transact } from '../../../offline/db';
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

  it("stores the copy and the changes the server accepted in an idle period, not in the load's or the tap's task; at once when the page is left", async () => {
    const audit = makeAudit(3);
    const idle: { job: () => void; timeout?: number }[] = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (job: () => void, options?: { timeout?: number }) => idle.push({ job, timeout: options?.timeout }),
      cancelIdleCallback: () => undefined,
    });
    let onServer = audit;
    fakeServer((call) => (call.url.endsWith(audit._id) ? { body: onServer } : {}));
    const FIXTURE_AUDITOR = audit.auditor!._id;
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token(FIXTURE_AUDITOR) : null) });
    const resource = auditResource(audit._id);
    // The store as it is (readCopy would store a copy waiting first).
    const stored = () =>
      transact(COPIES, 'readonly', (tx) => {
        const request = tx.objectStore(COPIES).get(resource);
        return () => (request.result as { data: TAudit } | undefined) ?? null;
      });

    // The load answers with the audit; its copy waits for the page to be idle (within 2 s).
    expect((await open(audit._id))._id).toBe(audit._id);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBeLessThanOrEqual(2000);
    expect(await stored()).toBeNull();
    idle.shift()!.job();
    await expect.poll(stored).not.toBeNull();

    // An answer the server accepted: folded into the copy in an idle period (within a second), not before.
    const q = audit.sections[1]!.questions[0]!;
    const body = { section: audit.sections[1]!._id, question: q._id, templateAnswer: { type: 'select' as const, select: [OPTION.yes] } };
    const change = { command: { call: 'audits.addAnswer', params: { id: audit._id }, body }, creates: null, key: 'k1', createdAt: '2026-01-01T00:00:00.000Z' };
    confirmChange(resource, FIXTURE_AUDITOR, { ...change, response: { _id: 'answer-1', ...body, score: 1, failed: false, updatedAt: 'x' } });
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, 20));
    const answerOf = async () => (await stored())!.data.sections[1]!.questions[0]!.answer?._id ?? null;
    expect(await answerOf()).toBeNull();
    idle.shift()!.job();
    await expect.poll(answerOf).toBe('answer-1');

    // Read before its idle period (a copy shown first, a load offline): an accepted change is folded first.
    const q2 = audit.sections[1]!.questions[1]!;
    const body2 = { ...body, question: q2._id };
    confirmChange(resource, FIXTURE_AUDITOR, {
      ...change,
      command: { ...change.command, body: body2 },
      key: 'k2',
      response: { _id: 'answer-2', ...body2, score: 1, failed: false, updatedAt: 'x' },
    });
    expect(idle).toHaveLength(1);
    expect((await stored())!.data.sections[1]!.questions[1]!.answer?._id ?? null).toBeNull();
    expect((await readCopy<TAudit>(resource, FIXTURE_AUDITOR))!.data.sections[1]!.questions[1]!.answer?._id).toBe('answer-2');
    idle.shift(); // the fold's idle period, no longer needed

    // A load whose page is left before an idle period: stored at once (pagehide).
    onServer = { ...audit, percentage: 42 };
    await open(audit._id);
    expect(idle).toHaveLength(1);
    await keepServerCopiesNow();
    expect((await stored())!.data.percentage).toBe(42);
    // Read before an idle period (a load offline, a refusal described): stored first.
    onServer = { ...audit, percentage: 43 };
    await open(audit._id);
    expect((await readCopy<TAudit>(resource, FIXTURE_AUDITOR))!.data.percentage).toBe(43);
  });
});
