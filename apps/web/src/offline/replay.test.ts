import { describe, expect, it } from 'vitest';
import { auditCalls } from '@audit/domain/calls/audits';
import type { TCommand, TFailure, TIdMapping, TQueuedWrite, TQueueRecord } from './records';
import { replayQueue, type TSendResult } from './replay';

/** The queue in memory, with the same operations as the IndexedDB store. */
function memoryStore(records: TQueueRecord[]) {
  const rows = new Map(records.map((r) => [r.id!, r]));
  const failures: TFailure[] = [];
  const ids = new Map<string, string>();
  return {
    rows,
    failures,
    ids,
    list: async () => [...rows.values()],
    update: async (r: TQueueRecord) => void rows.set(r.id!, r),
    remove: async (id: number) => void rows.delete(id),
    complete: async (id: number, m: TIdMapping | null) => {
      rows.delete(id);
      if (m) ids.set(m.pendingId, m.serverId);
    },
    fail: async (id: number, f: TFailure) => {
      rows.delete(id);
      failures.push(f);
    },
    idMap: async () => new Map(ids),
  };
}

const P = 'pending-0a0a0a0a-0000-4000-8000-000000000001';
const BASE = '/ms-core/api/audits/a1';
const ADD = auditCalls.addAnswer.name;
const UPDATE = auditCalls.updateAnswer.name;
const REMOVE = auditCalls.removeAnswer.name;
const NOTE = auditCalls.setNote.name;
const COVER = auditCalls.updateCover.name;
let next = 0;
/** A queued record: by default an answer's add on audit a1. */
const rec = (command: Partial<TCommand>, over: Partial<TQueueRecord> = {}): TQueueRecord => ({
  resource: `audit:${over.auditId ?? 'a1'}`,
  id: ++next,
  auditId: 'a1',
  user: 'me',
  createdAt: '',
  idempotencyKey: `key-${next}`,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  creates: null,
  command: { call: ADD, params: { id: 'a1' }, body: null, ...command },
  ...over,
});

/** A server answering by call; records what it was sent (the call and its parameters, or a version-3 request's URL). */
function server(reply: (r: TQueuedWrite) => TSendResult) {
  const sent: { to: string; key: string; body: unknown }[] = [];
  const send = async (_resource: string, r: TQueuedWrite, key: string) => {
    const to = r.command ? [r.command.call, ...Object.values(r.command.params)].join(' ') : `${r.request!.method} ${r.request!.url}`;
    sent.push({ to, key, body: r.command ? r.command.body : r.request!.data });
    return reply(r);
  };
  return { sent, send };
}
const isCall = (r: TQueuedWrite, call: string) => r.command?.call === call;

describe('replaying the queue', () => {
  it('sends the user’s records in order with their own keys, deletes them, discards other users’ unsent', async () => {
    const records = [
      rec({ body: { question: 'q1' } }),
      rec({}, { user: 'someone-else' }),
      rec({ call: NOTE, params: { id: 'a1', sectionId: 's', questionId: 'q2' }, body: { note: 'n' } }),
      rec({ params: { id: 'a2' } }, { auditId: 'a2' }),
    ];
    const store = memoryStore([records[3]!, records[1]!, records[0]!, records[2]!]);
    const { sent, send } = server(() => ({ status: 200, body: {} }));
    const progress: string[] = [];
    const result = await replayQueue({ store, send, onProgress: (d, t) => progress.push(`${d}/${t}`) }, 'me');
    expect(sent.map((s) => s.key)).toEqual([records[0]!.idempotencyKey, records[2]!.idempotencyKey, records[3]!.idempotencyKey]);
    expect(store.rows.size).toBe(0);
    expect(result).toMatchObject({ sent: 3, discarded: 1, failures: [], retryAt: null });
    expect(result.touched.sort()).toEqual(['audit:a1', 'audit:a2']);
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
  });

  it('maps a created pending id to the server’s id in the records after it', async () => {
    const add = rec({ body: { question: 'q1' } }, { creates: P });
    const update = rec({ call: UPDATE, params: { id: 'a1', answerId: P } });
    const remove = rec({ call: REMOVE, params: { id: 'a1', answerId: P } });
    const store = memoryStore([add, update, remove]);
    const { sent, send } = server((r) => (isCall(r, ADD) ? { status: 200, body: { _id: 'answer-9' } } : { status: 200, body: null }));
    await replayQueue({ store, send }, 'me');
    expect(sent.map((s) => s.to)).toEqual([`${ADD} a1`, `${UPDATE} a1 answer-9`, `${REMOVE} a1 answer-9`]);
    expect(store.ids.get(P)).toBe('answer-9');
  });

  it('sends a request kept from version 3 (its URL matched no call) as it was, its pending ids named, after the records before it', async () => {
    const kept = {
      method: 'POST' as const,
      url: `${BASE}/something-retired/${P}`,
      data: { ref: P },
      blob: false,
      headers: { 'Idempotency-Key': 'key-old' },
    };
    const add = rec({ body: { question: 'q1' } }, { creates: P });
    const old = { ...rec({}), command: undefined, request: kept };
    const store = memoryStore([add, old]);
    const { sent, send } = server((r) => ({ status: 200, body: isCall(r, ADD) ? { _id: 'answer-9' } : {} }));
    const result = await replayQueue({ store, send, laneOf: () => 'same' }, 'me');
    expect(sent.map((s) => s.to)).toEqual([`${ADD} a1`, `POST ${BASE}/something-retired/answer-9`]);
    expect(sent[1]!.body).toEqual({ ref: 'answer-9' });
    expect(result.sent).toBe(2);
    expect(store.rows.size).toBe(0);
  });

  it('uses mappings remembered from an earlier replay', async () => {
    const store = memoryStore([rec({ call: auditCalls.removeNoteImage.name, params: { id: 'a1', sectionId: 's', questionId: 'q', imageId: P } })]);
    store.ids.set(P, 'image-3');
    const { sent, send } = server(() => ({ status: 204 }));
    await replayQueue({ store, send }, 'me');
    expect(sent[0]!.to).toBe(`${auditCalls.removeNoteImage.name} a1 s q image-3`);
  });

  it('stops at the first retryable failure, keeps it with a back-off, and sends nothing behind it', async () => {
    const first = rec({});
    const second = rec({});
    const store = memoryStore([first, second]);
    const { sent, send } = server(() => ({ status: 503, error: { status: 503, name: 'INTERNALERROR', reference: '0' } }));
    const result = await replayQueue({ store, send, now: () => 10_000 }, 'me');
    expect(sent).toHaveLength(1);
    expect(result.retryAt).toBe(11_000);
    expect(store.rows.get(first.id!)).toMatchObject({ attempts: 1, nextAttemptAt: 11_000, lastError: { status: 503 } });
    expect(store.rows.has(second.id!)).toBe(true);

    // Before its time the record waits (nothing sent); then it goes with the same key, the delay doubling.
    const early = await replayQueue({ store, send, now: () => 10_500 }, 'me');
    expect(early.retryAt).toBe(11_000);
    expect(sent).toHaveLength(1);
    const again = await replayQueue({ store, send, now: () => 11_000 }, 'me');
    expect(sent.map((s) => s.key)).toEqual([first.idempotencyKey, first.idempotencyKey]);
    expect(again.retryAt).toBe(13_000);
    // The network back (force): sent at once, whatever the back-off.
    await replayQueue({ store, send, now: () => 11_001 }, 'me', { force: true });
    expect(sent).toHaveLength(3);
  });

  it('treats 409 IDEM0001 (the first request still running) as retryable', async () => {
    const store = memoryStore([rec({})]);
    const { send } = server(() => ({ status: 409, error: { status: 409, name: 'BADREQUESTERROR', reference: 'IDEM0001' } }));
    const result = await replayQueue({ store, send, now: () => 0 }, 'me');
    expect(result.retryAt).toBe(1000);
    expect(store.rows.size).toBe(1);
    expect(store.failures).toEqual([]);
  });

  it('reports a refused record (4xx) in the failures list, deletes it and goes on', async () => {
    const refused = rec({ call: NOTE, params: { id: 'a1', sectionId: 's', questionId: 'q7' }, body: { note: 'x' } });
    const after = rec({});
    const store = memoryStore([refused, after]);
    const { sent, send } = server((r) =>
      isCall(r, NOTE) ? { status: 409, error: { status: 409, name: 'BADREQUESTERROR', reference: 'AUD0002' } } : { status: 200, body: {} },
    );
    const subject = { kind: 'note', label: 'Question 7', within: 'Section 1', target: 'q7', targetGroup: 's' };
    const describe = async (record: TQueueRecord, write: TQueuedWrite) => (record === refused && write.command?.params.questionId === 'q7' ? subject : null);
    const result = await replayQueue({ store, send, describe, now: () => 0 }, 'me');
    expect(sent).toHaveLength(2);
    expect(store.rows.size).toBe(0);
    expect(result.failures).toEqual([
      expect.objectContaining({
        resource: 'audit:a1',
        auditId: 'a1',
        user: 'me',
        call: NOTE,
        params: { id: 'a1', sectionId: 's', questionId: 'q7' },
        subject,
        error: { status: 409, name: 'BADREQUESTERROR', reference: 'AUD0002' },
      }),
    ]);
    expect(store.failures).toHaveLength(1);
    expect(result.touched).toEqual(['audit:a1']);
  });

  it('picks up records queued while it ran', async () => {
    const store = memoryStore([rec({})]);
    let added = false;
    const { sent, send } = server(() => {
      if (!added) {
        added = true;
        const late = rec({ call: COVER });
        store.rows.set(late.id!, late);
      }
      return { status: 200, body: {} };
    });
    const result = await replayQueue({ store, send }, 'me');
    expect(sent.map((s) => s.to)).toEqual([`${ADD} a1`, `${COVER} a1`]);
    expect(result.sent).toBe(2);
  });
});

describe('replaying side by side', () => {
  it('lanes are per resource: the same lane name in two resources does not hold either back', async () => {
    const records = [rec({ body: { question: 'q1' } }), rec({ body: { question: 'q1' } }, { auditId: 'a2' })];
    const store = memoryStore(records);
    let most = 0;
    let now = 0;
    const send = async () => {
      most = Math.max(most, ++now);
      await new Promise((r2) => setTimeout(r2, 5));
      now--;
      return { status: 200, body: {} };
    };
    await replayQueue({ store, send, laneOf: (_resource, r) => (r.command!.body as { question?: string }).question ?? null }, 'me');
    expect(most).toBe(2);
  });

  it('sends different questions together but never overtakes within one question or a record about no question', async () => {
    const records = [
      rec({ body: { question: 'q1' } }),
      rec({ body: { question: 'q2' } }),
      rec({ body: { question: 'q1' } }),
      rec({ call: COVER, body: { coverFields: [] } }),
      rec({ body: { question: 'q3' } }),
    ];
    const store = memoryStore(records);
    const events: string[] = [];
    const inFlight = new Set<string>();
    let most = 0;
    const send = async (_resource: string, r: TQueuedWrite, key: string) => {
      const lane = (r.command!.body as { question?: string }).question ?? 'none';
      expect(inFlight.has(lane)).toBe(false);
      if (lane === 'none') expect(inFlight.size).toBe(0);
      inFlight.add(lane);
      most = Math.max(most, inFlight.size);
      events.push(`start ${key}`);
      await new Promise((r2) => setTimeout(r2, 5));
      events.push(`end ${key}`);
      inFlight.delete(lane);
      return { status: 200, body: {} };
    };
    // The audit's lanes: one per question (its resource kind's laneOf).
    const laneOf = (_resource: string, r: TQueuedWrite) => (r.command?.body as { question?: string } | null)?.question ?? null;
    const result = await replayQueue({ store, send, laneOf }, 'me');
    expect(result.sent).toBe(5);
    expect(most).toBe(2);
    // q1's second record starts only after its first ended; the cover waits for everything before it.
    expect(events.indexOf(`start ${records[2]!.idempotencyKey}`)).toBeGreaterThan(events.indexOf(`end ${records[0]!.idempotencyKey}`));
    expect(events.indexOf(`start ${records[3]!.idempotencyKey}`)).toBeGreaterThan(events.indexOf(`end ${records[2]!.idempotencyKey}`));
    expect(events.indexOf(`start ${records[4]!.idempotencyKey}`)).toBeGreaterThan(events.indexOf(`end ${records[3]!.idempotencyKey}`));
  });
});

describe('a replay the device could not clean up (decision 0066)', () => {
  it('records the server applied are deleted on the next replay without a second send, their created ids kept', async () => {
    const records = [rec({ body: { question: 'q1' } }, { creates: P }), rec({ call: UPDATE, params: { id: 'a1', answerId: P }, body: { question: 'q1' } })];
    const store = memoryStore(records);
    const full = { ...store, complete: () => Promise.reject(new DOMException('full', 'QuotaExceededError')) };
    const { sent, send } = server((r) => ({ status: 200, body: isCall(r, ADD) ? { _id: 'answer-1' } : {} }));
    const applied = new Map<string, { mapping?: TIdMapping | null }>();
    const deps = {
      send,
      appliedAs: (key: string) => applied.get(key) ?? null,
      markApplied: (key: string, mapping: TIdMapping | null) => void applied.set(key, { mapping }),
    };

    await expect(replayQueue({ ...deps, store: full }, 'me')).rejects.toThrow('full');
    expect(sent.map((s) => s.to)).toEqual([`${ADD} a1`, `${UPDATE} a1 answer-1`]);
    expect(store.rows.size).toBe(2);

    // Space back: both go, nothing is sent again, and the pending id is still named.
    const result = await replayQueue({ ...deps, store }, 'me');
    expect(sent).toHaveLength(2);
    expect(store.rows.size).toBe(0);
    expect(store.ids.get(P)).toBe('answer-1');
    expect(result.touched).toEqual(['audit:a1']);
  });
});
