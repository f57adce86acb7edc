import { describe, expect, it, vi } from 'vitest';
import type { TAudit } from '@audit/domain/audits';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { confirmChange, foldAccepted, keepServerCopiesNow, readCopy, saveServerCopy } from '../../../offline/copies';
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

  it("stores the copy in an idle period and each change the server accepted in a small log beside it (folded in every 40 changes or when asked), not in the load's or the tap's task; at once when the page is left", async () => {
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

    // An answer the server accepted: logged at once beside the copy, which is not read nor written
    // again (a clone of the whole audit after each tap); every read of the copy has it.
    const q = audit.sections[1]!.questions[0]!;
    const body = { section: audit.sections[1]!._id, question: q._id, templateAnswer: { type: 'select' as const, select: [OPTION.yes] } };
    const change = { command: { call: 'audits.addAnswer', params: { id: audit._id }, body }, creates: null, key: 'k1', createdAt: '2026-01-01T00:00:00.000Z' };
    const logKeys = () =>
      transact(COPIES, 'readonly', (tx) => {
        const request = tx.objectStore(COPIES).getAllKeys();
        return () => request.result.filter((key) => String(key).includes('accepted'));
      });
    const savedBefore = (await stored()) as { savedAt: string } | null;
    confirmChange(resource, FIXTURE_AUDITOR, { ...change, response: { _id: 'answer-1', ...body, score: 1, failed: false, updatedAt: 'x' } });
    const answerIn = (copy: { data: TAudit } | null, i: number) => copy?.data.sections[1]!.questions[i]!.answer?._id ?? null;
    expect(answerIn(await readCopy<TAudit>(resource, FIXTURE_AUDITOR), 0)).toBe('answer-1');
    expect(answerIn(await stored(), 0)).toBeNull();
    expect(((await stored()) as { savedAt: string } | null)!.savedAt).toBe(savedBefore!.savedAt);
    expect(idle).toHaveLength(0);
    // Folded into the copy when asked (the page hidden or left, a replay done).
    await foldAccepted();
    expect(answerIn(await stored(), 0)).toBe('answer-1');
    expect(answerIn(await readCopy<TAudit>(resource, FIXTURE_AUDITOR), 0)).toBe('answer-1');

    // Another user's read sees neither the copy nor this user's log.
    const q2 = audit.sections[1]!.questions[1]!;
    const body2 = { ...body, question: q2._id };
    confirmChange(resource, FIXTURE_AUDITOR, {
      ...change,
      command: { ...change.command, body: body2 },
      key: 'k2',
      response: { _id: 'answer-2', ...body2, score: 1, failed: false, updatedAt: 'x' },
    });
    expect(await readCopy<TAudit>(resource, 'someone-else')).toBeNull();
    expect(answerIn(await readCopy<TAudit>(resource, FIXTURE_AUDITOR), 1)).toBe('answer-2');
    expect(answerIn(await stored(), 1)).toBeNull();

    // A long log is folded in an idle period: one clone of the copy per 40 changes, not per change.
    for (let i = 0; i < 40 && !idle.length; i++) confirmChange(resource, FIXTURE_AUDITOR, { ...change, key: `more-${i}` });
    await readCopy(resource, FIXTURE_AUDITOR); // the appends written
    expect(idle).toHaveLength(1);
    idle.shift()!.job();
    await expect.poll(async () => answerIn(await stored(), 1)).toBe('answer-2');

    // A server answer asked for after those changes were accepted has them: the log is emptied.
    onServer = { ...audit, sections: (await readCopy<TAudit>(resource, FIXTURE_AUDITOR))!.data.sections };
    await new Promise((r) => setTimeout(r, 5));
    await open(audit._id);
    idle.shift()!.job();
    await expect.poll(async () => answerIn(await stored(), 1)).toBe('answer-2');
    expect(await logKeys()).toEqual([]);

    // A server answer asked for before a change was accepted may lack it: that entry stays, and the copy read has it.
    const askedAt = Date.now() - 1;
    confirmChange(resource, FIXTURE_AUDITOR, { ...change, key: 'k3', response: { _id: 'answer-3', ...body, score: 1, failed: false, updatedAt: 'y' } });
    await saveServerCopy(resource, FIXTURE_AUDITOR, audit, askedAt);
    expect(await logKeys()).toHaveLength(1);
    expect(answerIn(await readCopy<TAudit>(resource, FIXTURE_AUDITOR), 0)).toBe('answer-3');

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
