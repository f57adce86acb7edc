import type { TCall, TCallParams, TCallResponse } from '@audit/domain/calls/define';
import { changesWaitingError, isApiError, networkError, storageFullError } from '../api/errors';
import { parseAnswer, sendUnchecked, type TParamsAndBody, type TSendInput } from '../api/send';
import { currentUserId } from '../session/sessionOwner';
import { commandOf } from './commands';
import { confirmChange } from './copies';
import { queueStore } from './queueStore';
import { queuedFor, queueStateReady, refreshQueueState } from './queueState';
import { IDEMPOTENCY_HEADER, type TCommand, type TMultipartData, type TQueuedRequest } from './records';
import { isQueueable as documentRule, pendingIdsIn, queuesOnFirstAttempt, rewritePendingIds } from './replayRules';
import { kindOf, parseResource } from './resources';
import { markSettled } from './settledKeys';
import { checkStorageSpace, isStorageFull } from './storageSpace';
import { uuid } from './uuid';
import { trackWrite } from './writesInFlight';

/** Thrown by a write that went to the offline queue: the caller keeps its optimistic change. */
export class QueuedWrite extends Error {
  constructor() {
    super('The write was queued until the network returns');
  }
}
export const isQueuedWrite = (error: unknown): error is QueuedWrite => error instanceof QueuedWrite;

/** A write of a resource that works offline: the call's parameters and body (typed from the call), or a multipart body. */
export type TOfflineWrite<C extends TCall> = TParamsAndBody<C> & {
  /** `type:id` (resources.ts). */
  resource: string;
  /** A multipart call's body (fields and a file). */
  multipart?: TMultipartData;
  /** Pending id of what the write creates (an answer, a picture). */
  creates?: string;
  /** The idempotency key, when the change already has one (journalled: a leftover keeps its key); else a new one. */
  key?: string;
};

/** The body the HTTP client sends for a command (a multipart body rebuilt from its Blob). */
export function bodyOf(command: TCommand): unknown {
  if (!command.multipart) return command.body ?? undefined;
  return formOf(command.multipart);
}

/** A version-3 request's body (a multipart body rebuilt from its Blob). */
export function requestBodyOf(stored: TQueuedRequest): unknown {
  return stored.blob ? formOf(stored.data as TMultipartData) : (stored.data ?? undefined);
}

function formOf({ fields, file }: TMultipartData) {
  const form = new FormData();
  Object.entries(fields).forEach(([key, value]) => form.append(key, value));
  form.append('file', file, 'image.jpg');
  return form;
}

/** Headers of a write that is never queued (online only): a fresh idempotency key all the same. */
export const idempotencyHeaders = () => ({ [IDEMPOTENCY_HEADER]: uuid() });

/** Sends a command (its URL built from the call now) with its key; the answer unchecked (sendUnchecked). */
export const sendCommand = (call: TCall, command: TCommand, key: string, signal?: AbortSignal) =>
  sendUnchecked(call, { params: command.params, body: bodyOf(command), headers: { [IDEMPOTENCY_HEADER]: key }, signal } as TSendInput<TCall>);

/**
 * A write of a resource that works offline. Sent at once when it can be: online, nothing of this
 * resource waiting in the queue (it would overtake it) and no pending id the server has not named
 * yet. Otherwise, or when the server cannot be reached, it is stored in the queue as a command with
 * its idempotency key and QueuedWrite is thrown. A refusal (4xx) is thrown as the ApiError it is. The
 * answer is checked against the call's response schema, as `send` does. What the server accepts is
 * folded into the resource's copy on this device (copies.ts).
 */
export function offlineWrite<C extends TCall>(call: C, write: TOfflineWrite<C>): Promise<TCallResponse<C>> {
  return trackWrite(write.resource, () => sendOrQueue(call, write));
}

async function sendOrQueue<C extends TCall>(call: C, write: TOfflineWrite<C>): Promise<TCallResponse<C>> {
  const key = write.key ?? uuid();
  const { params, body } = write as { params?: unknown; body?: unknown };
  const command = commandOf(call, params, body, write.multipart);
  const user = currentUserId();
  const entry = kindOf(write.resource)?.commands[call.name];
  const queueable = Boolean(user) && Boolean(entry) && !entry!.online && documentRule(call);
  let outgoing = command;
  if (queueable) {
    await queueStateReady();
    const pending = pendingIdsIn({ command });
    const ids = pending.length ? await queueStore.idMap().catch(() => new Map<string, string>()) : new Map<string, string>();
    outgoing = rewritePendingIds({ command }, ids).command!;
    const unnamed = pending.some((id) => !ids.has(id));
    if (!navigator.onLine || queuedFor(write.resource).count > 0 || unnamed) return enqueue(write, command, key, user!);
  }
  let json: unknown;
  try {
    json = await sendCommand(call, outgoing, key);
  } catch (error) {
    if (queueable && isApiError(error) && queuesOnFirstAttempt(error.status, error.reference)) return enqueue(write, command, key, user!, error);
    throw error;
  }
  markSettled(key, 'applied');
  // The server applied it: an answer out of step with the contract is an error, never a reason to queue it again.
  const answer = parseAnswer(call, json);
  if (user)
    confirmChange(write.resource, user, { command: outgoing, response: answer, creates: write.creates ?? null, key, createdAt: new Date().toISOString() });
  return answer;
}

/**
 * A write that is never queued (online only) whose success the resource's copy must still learn.
 * Like a queued write, it never overtakes changes of its resource waiting in the queue (one that met
 * no network just before, while its button was still enabled): refused here, nothing sent.
 */
export async function onlineWrite<C extends TCall>(resource: string, call: C, params: TCallParams<C>): Promise<TCallResponse<C>> {
  await queueStateReady();
  if (queuedFor(resource).count > 0) throw changesWaitingError();
  const headers = idempotencyHeaders();
  const answer = parseAnswer(call, await trackWrite(resource, () => sendUnchecked<TCall>(call, { params, headers } as TSendInput<TCall>)));
  const user = currentUserId();
  if (user) {
    const change = {
      command: commandOf(call, params, null),
      response: answer,
      creates: null,
      key: headers[IDEMPOTENCY_HEADER],
      createdAt: new Date().toISOString(),
    };
    confirmChange(resource, user, change);
  }
  return answer;
}

/** Stores the command (as first written: pending ids are rewritten when it is replayed) and throws QueuedWrite. */
async function enqueue(write: { resource: string; creates?: string }, command: TCommand, key: string, user: string, failure?: unknown): Promise<never> {
  const kind = kindOf(write.resource);
  try {
    await queueStore.add({
      resource: write.resource,
      ...kind?.recordFields?.(parseResource(write.resource).id),
      user,
      createdAt: new Date().toISOString(),
      command,
      idempotencyKey: key,
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
  markSettled(key, 'queued');
  await refreshQueueState();
  throw new QueuedWrite();
}
