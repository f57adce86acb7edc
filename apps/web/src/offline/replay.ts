import type { TChangeSubject, TErrorRef, TFailure, TIdMapping, TQueuedWrite, TQueueRecord } from './records';
import { backoffDelay, createdIdOf, outcomeOf, pendingIdsIn, planReplay, rewritePendingIds } from './replayRules';
import { kindOf, resourceOf } from './resources';

/** How many records of different lanes (e.g. an audit's questions) may be on their way at once. */
const WINDOW = 6;

/** What a send answered: the status (0 when the server was not reached), its body or its error. */
export interface TSendResult {
  status: number;
  /** The body as the server sent it (a create's `_id` names its pending id). */
  body?: unknown;
  /** The body checked by the call's response schema (absent when it did not match, or for a version-3 request). */
  answer?: unknown;
  error?: TErrorRef;
}

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
  /** Sends one record's write (of this resource) with its idempotency key; never throws. */
  send: (resource: string, write: TQueuedWrite, idempotencyKey: string) => Promise<TSendResult>;
  now?: () => number;
  /** Called as records are answered: how many are done and how many there are in all. */
  onProgress?: (done: number, total: number) => void;
  /** The lane of a write (default: its resource kind's laneOf of its command); one lane's records never overtake each other. */
  laneOf?: (resource: string, write: TQueuedWrite) => string | null;
  /** What a refused change was about (default: nothing), kept with the failure. */
  describe?: (record: TQueueRecord, write: TQueuedWrite) => Promise<TChangeSubject | null>;
  /** A record the server accepted, with its answer as the call's schema read it (the copies fold it in). */
  onAccepted?: (record: TQueueRecord, write: TQueuedWrite, answer: unknown) => void;
  /**
   * Whether the server already applied the record with this key (settledKeys.ts): such a record, left
   * in the queue because its deletion failed (a full device), is deleted without being sent again.
   */
  appliedAs?: (idempotencyKey: string) => { mapping?: TIdMapping | null } | null;
  /** Remembers that the server applied the record with this key (before its deletion, which may fail). */
  markApplied?: (idempotencyKey: string, mapping: TIdMapping | null) => void;
}

/** Lanes are per resource: a lane name of one resource never holds back another resource's records. A version-3 request has none. */
const kindLane = (resource: string, write: TQueuedWrite) => {
  const lane = write.command ? kindOf(resource)?.laneOf?.(write.command) : null;
  return lane == null ? null : lane;
};

export interface TReplayResult {
  sent: number;
  failures: TFailure[];
  discarded: number;
  /** Resources the server changed (checked and reloaded afterwards). */
  touched: string[];
  /** When the replay stopped at a record to retry later: when that record may be tried again. */
  retryAt: number | null;
}

const errorOf = (result: TSendResult): TErrorRef => result.error ?? { status: result.status, name: 'INTERNALERROR', reference: '0' };

/**
 * Replays the user's queue in order; other users' records are deleted unsent. Records of different
 * lanes (an audit's questions) may travel side by side; one lane's records never overtake each other. Each record is
 * deleted once the server has answered it: done (its created id remembered) or refused (into the
 * failures list). At the first record to retry (network, 5xx…) no more records start, so that
 * nothing overtakes it, and that record waits its back-off — unless `force` (the network just came back,
 * or the user asked). Records queued meanwhile are picked up before it returns.
 */
export async function replayQueue(deps: TReplayDeps, user: string, { force = false } = {}): Promise<TReplayResult> {
  const now = deps.now ?? Date.now;
  const laneOfRequest = deps.laneOf ?? kindLane;
  const laneOf = (record: TQueueRecord, write: TQueuedWrite) => {
    const lane = laneOfRequest(resourceOf(record), write);
    return lane === null ? null : `${resourceOf(record)}#${lane}`;
  };
  const result: TReplayResult = { sent: 0, failures: [], discarded: 0, touched: [], retryAt: null };
  const touched = new Set<string>();
  const ids = await deps.store.idMap();
  const seen = new Set<number>();
  // Deleting a sent record is not awaited one by one (each is an IndexedDB transaction): the next
  // send goes at once. If the page dies before a deletion commits, that record is sent again on
  // the next replay with its idempotency key, and the server answers it without applying it twice.
  const settling: Promise<unknown>[] = [];
  const settled = async () => {
    await Promise.all(settling.splice(0));
  };
  let done = 0;
  // Again until empty: writes made during the replay are queued behind it (the queue is not empty).
  for (;;) {
    await settled();
    const { mine: listed, others } = planReplay(await deps.store.list(), user);
    for (const record of others) await deps.store.remove(record.id!);
    result.discarded += others.length;
    // A record listed twice was not deleted (storage failing): stop rather than send it again.
    const mine = listed.filter((r) => !seen.has(r.id!));
    if (!mine.length) break;
    mine.forEach((r) => seen.add(r.id!));
    const total = done + mine.length;
    deps.onProgress?.(done, total);
    // Records of different lanes go side by side (up to WINDOW); one lane's records, and any record
    // in no lane (an audit's cover, contacts, sections), keep the written order.
    const inFlight = new Map<Promise<void>, string | null>();
    let retryAt: number | null = null;
    const mustWait = (lane: string | null, write: TQueuedWrite) => {
      if (!inFlight.size) return false;
      if (inFlight.size >= WINDOW || lane === null || pendingIdsIn(write).length) return true;
      const lanes = [...inFlight.values()];
      return lanes.includes(null) || lanes.includes(lane);
    };
    for (const record of mine) {
      const applied = deps.appliedAs?.(record.idempotencyKey);
      if (applied) {
        if (applied.mapping) ids.set(applied.mapping.pendingId, applied.mapping.serverId);
        settling.push(deps.store.complete(record.id!, applied.mapping ?? null));
        touched.add(resourceOf(record));
        done++;
        continue;
      }
      if (!force && record.nextAttemptAt > now()) {
        retryAt = record.nextAttemptAt;
        break;
      }
      while (retryAt === null && mustWait(laneOf(record, writeOf(record, ids)), writeOf(record, ids))) await Promise.race(inFlight.keys());
      if (retryAt !== null) break;
      // Rewritten now: a create that just answered may have named what this record refers to.
      const write = writeOf(record, ids);
      const job = (async () => {
        const answer = await deps.send(resourceOf(record), write, record.idempotencyKey);
        const outcome = outcomeOf(answer.status, answer.error?.reference);
        if (outcome === 'retry') {
          const attempts = record.attempts + 1;
          const at = now() + backoffDelay(attempts);
          retryAt = retryAt === null ? at : Math.min(retryAt, at);
          await deps.store.update({ ...record, attempts, nextAttemptAt: at, lastError: errorOf(answer) });
          return;
        }
        touched.add(resourceOf(record));
        if (outcome === 'done') {
          const mapping = mappingOf(record, answer.body, now());
          if (mapping) ids.set(mapping.pendingId, mapping.serverId);
          deps.markApplied?.(record.idempotencyKey, mapping);
          settling.push(deps.store.complete(record.id!, mapping));
          deps.onAccepted?.(record, write, answer.answer);
          result.sent++;
        } else {
          const subject = deps.describe ? await deps.describe(record, write).catch(() => null) : null;
          const failure = failureOf(record, write, subject, errorOf(answer), now());
          settling.push(deps.store.fail(record.id!, failure));
          result.failures.push(failure);
        }
        done++;
        deps.onProgress?.(done, total);
      })().finally(() => inFlight.delete(job));
      inFlight.set(job, laneOf(record, write));
    }
    await Promise.all(inFlight.keys());
    if (retryAt !== null) return finish(result, touched, retryAt, settled);
  }
  return finish(result, touched, null, settled);
}

async function finish(result: TReplayResult, touched: Set<string>, retryAt: number | null, settled: () => Promise<void>): Promise<TReplayResult> {
  await settled();
  return { ...result, touched: [...touched], retryAt };
}

function mappingOf(record: TQueueRecord, body: unknown, at: number): TIdMapping | null {
  const serverId = createdIdOf(record, body);
  return serverId ? { pendingId: record.creates!, serverId, resource: resourceOf(record), createdAt: new Date(at).toISOString() } : null;
}

/** A record's write with the pending ids the server has named so far. */
const writeOf = (record: TQueueRecord, ids: ReadonlyMap<string, string>): TQueuedWrite =>
  rewritePendingIds(record.command ? { command: record.command } : { request: record.request }, ids);

function failureOf(record: TQueueRecord, { command, request }: TQueuedWrite, subject: TChangeSubject | null, error: TErrorRef, at: number): TFailure {
  return {
    resource: resourceOf(record),
    ...(record.auditId ? { auditId: record.auditId } : {}),
    user: record.user,
    createdAt: new Date(at).toISOString(),
    ...(command ? { call: command.call, params: command.params } : { method: request!.method, url: request!.url }),
    subject,
    error,
  };
}
