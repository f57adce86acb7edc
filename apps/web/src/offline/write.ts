import { request } from '../api/client';
import { isApiError, networkError, storageFullError } from '../api/errors';
import { currentUserId } from '../session/sessionOwner';
import { confirmChange } from './copies';
import { queueStore } from './queueStore';
import { queuedFor, queueStateReady, refreshQueueState } from './queueState';
import { IDEMPOTENCY_HEADER, type TMultipartData, type TQueuedRequest, type TWriteMethod } from './records';
import { isQueueable as documentRule, pendingIdsIn, queuesOnFirstAttempt, rewritePendingIds } from './replayRules';
import { kindOf, parseResource } from './resources';
import { markSettled } from './settledKeys';
import { checkStorageSpace, isStorageFull } from './storageSpace';
import { uuid } from './uuid';

/** Thrown by a write that went to the offline queue: the caller keeps its optimistic change. */
export class QueuedWrite extends Error {
  constructor() {
    super('The write was queued until the network returns');
  }
}
export const isQueuedWrite = (error: unknown): error is QueuedWrite => error instanceof QueuedWrite;

export interface TOfflineWrite {
  /** `type:id` (resources.ts). */
  resource: string;
  method: TWriteMethod;
  url: string;
  /** JSON body, or a multipart body (fields and a file). */
  body?: unknown;
  multipart?: TMultipartData;
  /** Pending id of what the write creates (an answer, a picture). */
  creates?: string;
  /** The idempotency key, when the change already has one (journalled: a leftover keeps its key); else a new one. */
  key?: string;
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

/** Headers of a write that is never queued (online only): a fresh idempotency key all the same. */
export const idempotencyHeaders = () => ({ [IDEMPOTENCY_HEADER]: uuid() });

/**
 * A write of a resource that works offline. Sent at once when it can be: online, nothing of this
 * resource waiting in the queue (it would overtake it) and no pending id the server has not named
 * yet. Otherwise, or when the server cannot be reached, it is stored in the queue with its
 * idempotency key and QueuedWrite is thrown. A refusal (4xx) is thrown as the ApiError it is. What
 * the server accepts is folded into the resource's copy on this device (copies.ts).
 */
export async function offlineWrite<R>(write: TOfflineWrite): Promise<R> {
  const key = write.key ?? uuid();
  const stored: TQueuedRequest = {
    method: write.method,
    url: write.url,
    data: write.multipart ?? write.body ?? null,
    blob: Boolean(write.multipart),
    headers: { [IDEMPOTENCY_HEADER]: key },
  };
  const user = currentUserId();
  const kind = kindOf(write.resource);
  const queueable = Boolean(user) && (kind?.isQueueable ?? documentRule)(write.method, write.url);
  let outgoing = stored;
  if (queueable) {
    await queueStateReady();
    const pending = pendingIdsIn(stored);
    const ids = pending.length ? await queueStore.idMap().catch(() => new Map<string, string>()) : new Map<string, string>();
    outgoing = rewritePendingIds(stored, ids);
    const unnamed = pending.some((id) => !ids.has(id));
    if (!navigator.onLine || queuedFor(write.resource).count > 0 || unnamed) return enqueue(write, stored, user!);
  }
  let answer: R;
  try {
    answer = await request<R>(outgoing.url, { method: write.method, body: bodyOf(outgoing), headers: outgoing.headers });
  } catch (error) {
    if (queueable && isApiError(error) && queuesOnFirstAttempt(error.status, error.reference)) return enqueue(write, stored, user!, error);
    throw error;
  }
  markSettled(key, 'applied');
  if (user)
    confirmChange(write.resource, user, { request: outgoing, response: answer, creates: write.creates ?? null, key, createdAt: new Date().toISOString() });
  return answer;
}

/** A write that is never queued (online only) whose success the resource's copy must still learn. */
export async function onlineWrite<R>(resource: string, method: TWriteMethod, url: string): Promise<R> {
  const headers = idempotencyHeaders();
  const answer = await request<R>(url, { method, headers });
  const user = currentUserId();
  if (user) {
    const change = {
      request: { method, url, data: null, blob: false, headers },
      response: answer,
      creates: null,
      key: headers[IDEMPOTENCY_HEADER],
      createdAt: new Date().toISOString(),
    };
    confirmChange(resource, user, change);
  }
  return answer;
}

/** Stores the write (as first written: pending ids are rewritten when it is replayed) and throws QueuedWrite. */
async function enqueue(write: TOfflineWrite, stored: TQueuedRequest, user: string, failure?: unknown): Promise<never> {
  const kind = kindOf(write.resource);
  try {
    await queueStore.add({
      resource: write.resource,
      ...kind?.recordFields?.(parseResource(write.resource).id),
      user,
      createdAt: new Date().toISOString(),
      request: stored,
      idempotencyKey: stored.headers[IDEMPOTENCY_HEADER]!,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      creates: write.creates ?? null,
    });
  } catch (error) {
    // A full device says so (what to do: sync now, free space); no local storage at all (private
    // mode) fails as the write would have without a queue. Either way the change is not kept.
    if (isStorageFull(error)) {
      void checkStorageSpace(true);
      throw storageFullError();
    }
    throw failure ?? networkError();
  }
  markSettled(stored.headers[IDEMPOTENCY_HEADER]!, 'queued');
  await refreshQueueState();
  throw new QueuedWrite();
}
