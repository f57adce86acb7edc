import { describe, expect, it } from 'vitest';
import type { TQueueRecord } from './records';
import { backoffDelay, createdIdOf, isQueueable, outcomeOf, pendingIdsIn, planReplay, queuesOnFirstAttempt, rewritePendingIds } from './replayRules';

const P1 = 'pending-11111111-1111-4111-8111-111111111111';
const P2 = 'pending-22222222-2222-4222-8222-222222222222';
const A = '/ms-core/api/audits/a1';

const record = (id: number, user: string, over: Partial<TQueueRecord> = {}): TQueueRecord => ({
  id,
  resource: 'audit:a1',
  auditId: 'a1',
  user,
  createdAt: '2025-01-01T00:00:00Z',
  request: { method: 'POST', url: `${A}/answer/add`, data: {}, blob: false, headers: {} },
  idempotencyKey: `k${id}`,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  creates: null,
  ...over,
});

describe('which writes are queued', () => {
  it('non-GET writes, except questions-answers and search URLs', () => {
    expect(isQueueable('POST', `${A}/answer/add`)).toBe(true);
    expect(isQueueable('DELETE', `${A}/answer/x/remove`)).toBe(true);
    expect(isQueueable('GET', `${A}`)).toBe(false);
    expect(isQueueable('PATCH', '/ms-core/api/questions-answers/a1')).toBe(false);
    expect(isQueueable('POST', '/ms-core/api/audits/search')).toBe(false);
    expect(isQueueable('POST', '/ms-core/api/audits/search?x=1')).toBe(false);
    expect(isQueueable('POST', `${A}/sections/s/questions/q/note-images`)).toBe(true);
  });

  it('a first attempt is queued only when the server was not reached or asked to come back', () => {
    for (const status of [0, 408, 429, 502, 503, 504]) expect(queuesOnFirstAttempt(status), String(status)).toBe(true);
    expect(queuesOnFirstAttempt(409, 'IDEM0001')).toBe(true);
    for (const status of [400, 401, 403, 404, 422, 500]) expect(queuesOnFirstAttempt(status), String(status)).toBe(false);
    expect(queuesOnFirstAttempt(409, 'AUD0002')).toBe(false);
  });
});

describe('what a replayed answer means', () => {
  it('2xx done; network, 401, 408, 429, 5xx and 409 IDEM0001 retry; other 4xx failed', () => {
    expect([200, 201, 204].map((s) => outcomeOf(s))).toEqual(['done', 'done', 'done']);
    expect([0, 401, 408, 429, 500, 502, 503].map((s) => outcomeOf(s))).toEqual(Array(7).fill('retry'));
    expect(outcomeOf(409, 'IDEM0001')).toBe('retry');
    expect(outcomeOf(409, 'AUD0002')).toBe('failed');
    expect([400, 403, 404, 410, 415, 422].map((s) => outcomeOf(s))).toEqual(Array(6).fill('failed'));
  });

  it('back-off doubles from 1 s up to 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });
});

describe('replay order and users', () => {
  it('sends the current user’s records by id and discards the others', () => {
    const { mine, others } = planReplay([record(3, 'me'), record(1, 'other'), record(2, 'me'), record(5, 'me')], 'me');
    expect(mine.map((r) => r.id)).toEqual([2, 3, 5]);
    expect(others.map((r) => r.id)).toEqual([1]);
  });
});

describe('pending ids', () => {
  const ids = new Map([[P1, 'server-1']]);

  it('are replaced in the URL and, deep, in the body; unknown ones and files stay', () => {
    const file = new Blob(['x']);
    const rewritten = rewritePendingIds(
      {
        method: 'PATCH',
        url: `${A}/answer/${P1}/update`,
        data: { question: 'q', list: [P1, P2], nested: { id: P1 }, n: 3, file },
        blob: false,
        headers: { 'Idempotency-Key': 'k' },
      },
      ids,
    );
    expect(rewritten.url).toBe(`${A}/answer/server-1/update`);
    expect(rewritten.data).toEqual({ question: 'q', list: ['server-1', P2], nested: { id: 'server-1' }, n: 3, file });
    expect((rewritten.data as { file: Blob }).file).toBe(file);
    expect(rewritten.headers).toEqual({ 'Idempotency-Key': 'k' });
  });

  it('are found in a request, and the created id read from a create’s answer', () => {
    expect(pendingIdsIn({ url: `${A}/sections/s/questions/q/note-images/${P2}`, data: { a: [P1] } }).sort()).toEqual([P1, P2].sort());
    expect(pendingIdsIn({ url: `${A}/answer/add`, data: { question: 'q' } })).toEqual([]);
    expect(createdIdOf({ creates: P1 }, { _id: 'srv' })).toBe('srv');
    expect(createdIdOf({ creates: null }, { _id: 'srv' })).toBeNull();
    expect(createdIdOf({ creates: P1 }, null)).toBeNull();
  });
});
