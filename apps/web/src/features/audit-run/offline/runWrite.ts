import { request } from '../../../api/client';
import { isApiError, networkError } from '../../../api/errors';
import { currentUserId } from '../../../session/sessionOwner';
import { shownAudit } from './auditStore';
import { queueStore } from './queueStore';
import { queuedFor, queueStateReady, refreshQueueState } from './queueState';
import { IDEMPOTENCY_HEADER, type TLocalAudit, type TMultipartData, type TQueuedRequest, type TWriteMethod } from './records';
import { isQueueable, pendingIdsIn, queuesOnFirstAttempt, rewritePendingIds } from './replayRules';
import { uuid } from './uuid';

/** Thrown by a write that went to the offline queue: the runner keeps its optimistic change. */
export class QueuedWrite extends Error {
  constructor() {
    super('The write was queued until the network returns');
  }
}
export const isQueuedWrite = (error: unknown): error is QueuedWrite => error instanceof QueuedWrite;

export interface TRunWrite {
  auditId: string;
  method: TWriteMethod;
  url: string;
  /** JSON body, or a multipart body (fields and a file). */
  body?: unknown;
  multipart?: TMultipartData;
  /** Pending id of what the write creates (answer, evidence, note image). */
  creates?: string;
}

/** The body the HTTP client sends for a stored request (a multipart body rebuilt from its Blob). */
export function bodyOf(stored: TQueuedRequest): unknown {
  if (!stored.blob) return stored.data ?? undefined;
  const { fields, file } = stored.data as TMultipartData;
  const form = new FormData();
  Object.entries(fields).forEach(([key, value]) => form.append(key, value));
  form.append('file', file, 'image.jpg');
  return form;
}

/** Headers of a run-view write that is never queued (sections, finish): a fresh idempotency key. */
export const idempotencyHeaders = () => ({ [IDEMPOTENCY_HEADER]: uuid() });

/**
 * A write of the run view. Sent at once when it can be: online, nothing of this audit waiting in
 * the queue (it would overtake it) and no pending id the server has not named yet. Otherwise, or
 * when the server cannot be reached, it is stored in the queue with its idempotency key and
 * QueuedWrite is thrown. A refusal (4xx) is thrown as the ApiError it is.
 */
export async function runWrite<R>(write: TRunWrite): Promise<R> {
  const key = uuid();
  const stored: TQueuedRequest = {
    method: write.method, url: write.url, data: write.multipart ?? write.body ?? null, blob: Boolean(write.multipart), headers: { [IDEMPOTENCY_HEADER]: key },
  };
  const user = currentUserId();
  const queueable = Boolean(user) && isQueueable(write.method, write.url);
  let outgoing = stored;
  if (queueable) {
    await queueStateReady();
    const pending = pendingIdsIn(stored);
    const ids = pending.length ? await queueStore.idMap().catch(() => new Map<string, string>()) : new Map<string, string>();
    outgoing = rewritePendingIds(stored, ids);
    const unnamed = pending.some((id) => !ids.has(id));
    if (!navigator.onLine || queuedFor(write.auditId).count > 0 || unnamed) return enqueue(write, stored, user!);
  }
  try {
    return await request<R>(outgoing.url, { method: write.method, body: bodyOf(outgoing), headers: outgoing.headers });
  } catch (error) {
    if (queueable && isApiError(error) && queuesOnFirstAttempt(error.status, error.reference)) return enqueue(write, stored, user!, error);
    throw error;
  }
}

/** Stores the write (as first written: pending ids are rewritten when it is replayed) and throws QueuedWrite. */
async function enqueue(write: TRunWrite, stored: TQueuedRequest, user: string, failure?: unknown): Promise<never> {
  try {
    await queueStore.add({
      auditId: write.auditId, user, createdAt: new Date().toISOString(), request: stored, idempotencyKey: stored.headers[IDEMPOTENCY_HEADER]!,
      attempts: 0, nextAttemptAt: 0, lastError: null, creates: write.creates ?? null,
    }, sameUser(shownAudit(write.auditId), user));
  } catch {
    // No local storage (private mode, quota): the write fails as it would have without a queue.
    throw failure ?? networkError();
  }
  await refreshQueueState();
  throw new QueuedWrite();
}

const sameUser = (copy: TLocalAudit | null, user: string) => (copy?.user === user ? copy : null);
