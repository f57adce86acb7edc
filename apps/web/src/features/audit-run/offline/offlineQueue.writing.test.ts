import { describe, expect, it, vi } from 'vitest';
import type { TAudit } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { runWrite } from '../auditRunApi';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { readCopy, saveServerCopy } from '../../../offline/copies';
import { shownFromDevice } from '../../../offline/loadResource';
import { queueStore } from '../../../offline/queueStore';
import { queuedByOthers, queuedFor, queuedTotal, queueStateReady } from '../../../offline/queueState';
import { replayQueue } from '../../../offline/replay';
import { sendQueued } from '../../../offline/sendQueued';
import { isQueuedWrite } from '../../../offline/write';
import { A1, BASE, fakeServer, network, open, replay, savedAnswer, token, USER, withOfflineQueue, write } from '../testing/offlineQueueHarness';

/** The queue against IndexedDB (fake-indexeddb), the HTTP client and a fake server (fetch): see offlineQueueHarness. */
withOfflineQueue();

describe('writing through the queue', () => {
  it('offline, queues at once (no call) with the audit, the user and an idempotency key', async () => {
    const { calls } = fakeServer();
    network.onLine = false;
    const error = await write().catch((e: unknown) => e);
    expect(isQueuedWrite(error)).toBe(true);
    expect(calls).toHaveLength(0);
    const [record] = await queueStore.list();
    expect(record).toMatchObject({
      id: 1,
      resource: A1,
      auditId: 'a1',
      user: USER,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      creates: null,
      command: { call: auditCalls.addAnswer.name, params: { id: 'a1' }, body: { question: 'q1' } },
    });
    expect(record!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // A command: no method, no URL (built from the call when it is sent).
    expect(record).not.toHaveProperty('request');
    expect(queuedFor(A1).count).toBe(1);
  });

  it("counts the signed-in user's records: after another user signs in on the tab, the same records are someone else's", async () => {
    fakeServer();
    network.onLine = false;
    await write().catch(() => undefined);
    await queueStateReady();
    expect([queuedTotal(), queuedByOthers()]).toEqual([1, 0]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token('user-2') : null) });
    await queueStateReady();
    expect([queuedTotal(), queuedByOthers()]).toEqual([0, 1]);
    // They stay on the device while the other user is signed in (the sign-out warning says so)…
    expect(await queueStore.list()).toHaveLength(1);
    // …until that user's replay, which discards them unsent.
    const { calls } = fakeServer();
    expect(await replayQueue({ store: queueStore, send: sendQueued }, 'user-2')).toMatchObject({ sent: 0, discarded: 1 });
    expect(calls).toEqual([]);
    expect(await queueStore.list()).toEqual([]);
  });

  it('a page closed right after a change reopens with it: the copy plus the queued record, nothing saved by the tab', async () => {
    const audit = { ...makeAudit(3), _id: 'a1' };
    const q = audit.sections[1]!.questions[0]!;
    await saveServerCopy(A1, USER, audit, 0);
    fakeServer();
    network.onLine = false;
    const body = { section: q.section, question: q._id, templateAnswer: { type: 'select' as const, select: [OPTION.no] } };
    expect(isQueuedWrite(await write({ body, creates: 'pending-0a0a0a0a-0000-4000-8000-00000000000a' }).catch((e: unknown) => e))).toBe(true);
    const shown = await open('a1');
    expect(shown.sections[1]!.questions[0]!.answer).toMatchObject({
      _id: 'pending-0a0a0a0a-0000-4000-8000-00000000000a',
      templateAnswer: body.templateAnswer,
      failed: true,
    });
    expect(shownFromDevice(A1)).toBe(true);
    // The copy itself is still the server's: the change is in the queue only.
    expect((await readCopy<TAudit>(A1, USER))!.data.sections[1]!.questions[0]!.answer).toBeNull();
  });

  it('online, sends with an idempotency key; a network failure queues the write with the key already sent', async () => {
    const { calls, state } = fakeServer((call) => ({ body: savedAnswer(call, 'x') }));
    await write();
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    state.down = true;
    await expect(write()).rejects.toBeInstanceOf(Error);
    state.down = false;
    const [record] = await queueStore.list();
    expect(record).toBeDefined();
    // The lost attempt may have reached the server: the replay must carry the same key.
    await replay();
    expect(calls.at(-1)!.key).toBe(record!.idempotencyKey);
    expect(await queueStore.list()).toEqual([]);
  });

  it('a refusal (4xx) is thrown, not queued', async () => {
    fakeServer(() => ({ status: 409, body: { name: 'BADREQUESTERROR', reference: 'AUD0002', message: 'not running' } }));
    await expect(write()).rejects.toMatchObject({ status: 409, reference: 'AUD0002' });
    expect(await queueStore.list()).toEqual([]);
  });

  it('while the audit has writes waiting, a later one waits behind them even online', async () => {
    const { calls } = fakeServer();
    network.onLine = false;
    await write().catch(() => undefined);
    network.onLine = true;
    await expect(write({ call: auditCalls.setNote, params: { id: 'a1', sectionId: 's', questionId: 'q' }, body: { note: 'n' } })).rejects.toSatisfy(
      isQueuedWrite,
    );
    expect(calls).toHaveLength(0);
    await replay();
    expect(calls.map((c) => c.url)).toEqual([`${BASE}/answer/add`, `${BASE}/sections/s/questions/q/note`]);
  });

  it('a picture taken offline is stored as a Blob and sent as multipart on replay', async () => {
    const { calls } = fakeServer(() => ({ body: { _id: 'evidence-1', url: '/files/1' } }));
    network.onLine = false;
    const file = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await runWrite('a1', auditCalls.addEvidence, {
      params: { id: 'a1', sectionId: 's', questionId: 'q' },
      multipart: { fields: { issue: 'incidence-1' }, file },
      creates: 'pending-0a0a0a0a-0000-4000-8000-000000000001',
    }).catch(() => undefined);
    const [record] = await queueStore.list();
    expect(record!.command).toMatchObject({ call: auditCalls.addEvidence.name, body: null, multipart: { fields: { issue: 'incidence-1' } } });
    expect(await record!.command!.multipart!.file.text()).toBe('jpeg bytes');
    network.onLine = true;
    await replay();
    expect(calls[0]!.body).toMatchObject({ issue: 'incidence-1' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: `${BASE}/sections/s/questions/q/evidences` });
    expect(await (calls[0]!.body as { file: Blob }).file.text()).toBe('jpeg bytes');
    expect(await queueStore.idMap()).toEqual(new Map([['pending-0a0a0a0a-0000-4000-8000-000000000001', 'evidence-1']]));
  });
});
