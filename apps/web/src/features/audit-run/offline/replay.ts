import type { TErrorRef, TFailure, TIdMapping, TQueuedRequest, TQueueRecord } from './records';
import { backoffDelay, createdIdOf, outcomeOf, planReplay, questionOf, rewritePendingIds } from './replayRules';

/** What a send answered: the status (0 when the server was not reached), its body or its error. */
export interface TSendResult { status: number; body?: unknown; error?: TErrorRef }

/** The queue's storage as the replay uses it (queueStore.ts; a Map in the unit tests). */
export interface TReplayStore {
  list(): Promise<TQueueRecord[]>;
  update(record: TQueueRecord): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  complete(id: number, mapping: TIdMapping | null): Promise<unknown>;
  fail(id: number, failure: TFailure): Promise<unknown>;
  idMap(): Promise<Map<string, string>>;
}

export interface TReplayDeps {
  store: TReplayStore;
  /** Sends one stored request with its idempotency key; never throws. */
  send: (request: TQueuedRequest, idempotencyKey: string) => Promise<TSendResult>;
  now?: () => number;
  /** Called before each send with how many records are done and how many there are in all. */
  onProgress?: (done: number, total: number) => void;
}

export interface TReplayResult {
  sent: number;
  failures: TFailure[];
  discarded: number;
  /** Audits the server changed (checked and reloaded afterwards). */
  touched: string[];
  /** When the replay stopped at a record to retry later: when that record may be tried again. */
  retryAt: number | null;
}

const errorOf = (result: TSendResult): TErrorRef => result.error ?? { status: result.status, name: 'INTERNALERROR', reference: '0' };

/**
 * Replays the user's queue in order; other users' records are deleted unsent. Each record is
 * deleted once the server has answered it: done (its created id remembered) or refused (into the
 * failures list). At the first record to retry (network, 5xx…) the replay stops, so that nothing
 * overtakes it, and that record waits its back-off — unless `force` (the network just came back,
 * or the auditor asked). Records queued meanwhile are picked up before it returns.
 */
export async function replayQueue(deps: TReplayDeps, user: string, { force = false } = {}): Promise<TReplayResult> {
  const now = deps.now ?? Date.now;
  const result: TReplayResult = { sent: 0, failures: [], discarded: 0, touched: [], retryAt: null };
  const touched = new Set<string>();
  const ids = await deps.store.idMap();
  const seen = new Set<number>();
  let done = 0;
  // Again until empty: writes made during the replay are queued behind it (the queue is not empty).
  for (;;) {
    const { mine: listed, others } = planReplay(await deps.store.list(), user);
    for (const record of others) await deps.store.remove(record.id!);
    result.discarded += others.length;
    // A record listed twice was not deleted (storage failing): stop rather than send it again.
    const mine = listed.filter((r) => !seen.has(r.id!));
    if (!mine.length) break;
    mine.forEach((r) => seen.add(r.id!));
    const total = done + mine.length;
    for (const record of mine) {
      if (!force && record.nextAttemptAt > now()) return finish(result, touched, record.nextAttemptAt);
      deps.onProgress?.(done, total);
      const request = rewritePendingIds(record.request, ids);
      const answer = await deps.send(request, record.idempotencyKey);
      const outcome = outcomeOf(answer.status, answer.error?.reference);
      if (outcome === 'retry') {
        const attempts = record.attempts + 1;
        const retryAt = now() + backoffDelay(attempts);
        await deps.store.update({ ...record, attempts, nextAttemptAt: retryAt, lastError: errorOf(answer) });
        return finish(result, touched, retryAt);
      }
      touched.add(record.auditId);
      if (outcome === 'done') {
        const mapping = mappingOf(record, answer.body, now());
        if (mapping) ids.set(mapping.pendingId, mapping.serverId);
        await deps.store.complete(record.id!, mapping);
        result.sent++;
      } else {
        const failure = failureOf(record, request, errorOf(answer), now());
        await deps.store.fail(record.id!, failure);
        result.failures.push(failure);
      }
      done++;
    }
  }
  return finish(result, touched, null);
}

function finish(result: TReplayResult, touched: Set<string>, retryAt: number | null): TReplayResult {
  return { ...result, touched: [...touched], retryAt };
}

function mappingOf(record: TQueueRecord, body: unknown, at: number): TIdMapping | null {
  const serverId = createdIdOf(record, body);
  return serverId ? { pendingId: record.creates!, serverId, auditId: record.auditId, createdAt: new Date(at).toISOString() } : null;
}

function failureOf(record: TQueueRecord, request: TQueuedRequest, error: TErrorRef, at: number): TFailure {
  return {
    auditId: record.auditId, user: record.user, createdAt: new Date(at).toISOString(),
    method: request.method, url: request.url, questionId: questionOf(request), error,
  };
}
