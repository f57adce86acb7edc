import { describe, expect, it } from 'vitest';
import { auditCalls } from '@audit/domain/calls/audits';
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
  command: { call: auditCalls.addAnswer.name, params: { id: 'a1' }, body: {} },
  idempotencyKey: `k${id}`,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  creates: null,
  ...over,
});

describe('which writes are queued', () => {
  it('non-GET calls, except questions-answers and search calls', () => {
    expect(isQueueable(auditCalls.addAnswer)).toBe(true);
    expect(isQueueable(auditCalls.removeAnswer)).toBe(true);
    expect(isQueueable(auditCalls.get)).toBe(false);
    expect(isQueueable(auditCalls.questionsAnswers)).toBe(false);
    expect(isQueueable(auditCalls.search)).toBe(false);
    expect(isQueueable({ method: 'POST', path: '/ms-core/api/audits/search?x=1' })).toBe(false);
    expect(isQueueable(auditCalls.addNoteImage)).toBe(true);
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

  it('are replaced in a command’s parameters, deep in its body and multipart fields; unknown ones and files stay', () => {
    const file = new Blob(['x']);
    const rewritten = rewritePendingIds(
      {
        command: {
          call: auditCalls.updateAnswer.name,
          params: { id: 'a1', answerId: P1 },
          body: { question: 'q', list: [P1, P2], nested: { id: P1 }, n: 3, file },
          multipart: { fields: { issue: P1 }, file },
        },
      },
      ids,
    ).command!;
    expect(rewritten.params).toEqual({ id: 'a1', answerId: 'server-1' });
    expect(rewritten.body).toEqual({ question: 'q', list: ['server-1', P2], nested: { id: 'server-1' }, n: 3, file });
    expect((rewritten.body as { file: Blob }).file).toBe(file);
    expect(rewritten.multipart).toEqual({ fields: { issue: 'server-1' }, file });
    expect(rewritten.multipart!.file).toBe(file);
    expect(rewritten.call).toBe(auditCalls.updateAnswer.name);
  });

  it('are replaced in the URL and body of a request kept from version 3', () => {
    const request = { method: 'PATCH' as const, url: `${A}/answer/${P1}/update`, data: { id: P1 }, blob: false, headers: { 'Idempotency-Key': 'k' } };
    expect(rewritePendingIds({ request }, ids).request).toEqual({ ...request, url: `${A}/answer/server-1/update`, data: { id: 'server-1' } });
  });

  it('are found in a command (parameters, body, multipart fields) or a request, and the created id read from a create’s answer', () => {
    const command = (params: Record<string, string>, body: unknown) => ({ command: { call: 'x', params, body } });
    expect(pendingIdsIn(command({ id: 'a1', imageId: P2 }, { a: [P1] })).sort()).toEqual([P1, P2].sort());
    expect(pendingIdsIn(command({ id: 'a1' }, { question: 'q' }))).toEqual([]);
    expect(pendingIdsIn({ command: { call: 'x', params: {}, body: null, multipart: { fields: { issue: P1 }, file: new Blob(['x']) } } })).toEqual([P1]);
    expect(pendingIdsIn({ request: { method: 'DELETE', url: `${A}/sections/s/questions/q/note-images/${P2}`, data: null, blob: false, headers: {} } })).toEqual(
      [P2],
    );
    expect(createdIdOf({ creates: P1 }, { _id: 'srv' })).toBe('srv');
    expect(createdIdOf({ creates: null }, { _id: 'srv' })).toBeNull();
    expect(createdIdOf({ creates: P1 }, null)).toBeNull();
  });
});
