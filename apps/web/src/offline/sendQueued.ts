import { requestWithHeaders } from '../api/client';
import { isApiError, NETWORK_ERROR } from '../api/errors';
import { parseAnswer } from '../api/send';
import { IDEMPOTENCY_HEADER, type TQueuedWrite } from './records';
import type { TSendResult } from './replay';
import { callOf } from './resources';
import { requestBodyOf, sendCommand } from './write';

/** A replayed request that hangs (a network that connects but does not answer) is given up and retried later. */
const SEND_TIMEOUT_MS = 30_000;

const timeout = () => (typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined);

/** Sends the write: a command through its call (the URL built now), a version-3 request as it was stored. */
async function sendWrite(resource: string, write: TQueuedWrite, idempotencyKey: string): Promise<Pick<TSendResult, 'body' | 'answer'>> {
  const { command, request } = write;
  if (command) {
    const call = callOf(resource, command.call);
    // A call this build does not know (its kind not loaded): kept, and tried again later.
    if (!call) throw new Error(`${command.call}: no resource kind of ${resource} declares this call`);
    const body = await sendCommand(call, command, idempotencyKey, timeout());
    // The server applied it: an answer out of step with the contract is folded without it (the reload after the replay shows the server's).
    let answer: unknown;
    try {
      answer = parseAnswer(call, body);
    } catch {
      answer = undefined;
    }
    return { body, answer };
  }
  const { data } = await requestWithHeaders(request!.url, {
    method: request!.method,
    body: requestBodyOf(request!),
    headers: { ...request!.headers, [IDEMPOTENCY_HEADER]: idempotencyKey },
    signal: timeout(),
  });
  return { body: data };
}

/**
 * Sends a queued write through the app's HTTP client (bearer token, language, one refresh on a
 * 401) with its own idempotency key; answers instead of throwing.
 */
export async function sendQueued(resource: string, write: TQueuedWrite, idempotencyKey: string): Promise<TSendResult> {
  try {
    return { status: 200, ...(await sendWrite(resource, write, idempotencyKey)) };
  } catch (error) {
    if (isApiError(error)) return { status: error.status, error: { status: error.status, name: error.name, reference: error.reference } };
    // Aborted (timeout) or anything else: not reached, as far as the queue can tell.
    return { status: 0, error: { status: 0, name: NETWORK_ERROR, reference: '0' } };
  }
}
