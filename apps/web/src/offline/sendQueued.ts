import { requestWithHeaders } from '../api/client';
import { isApiError, NETWORK_ERROR } from '../api/errors';
import { IDEMPOTENCY_HEADER, type TQueuedRequest } from './records';
import type { TSendResult } from './replay';
import { bodyOf } from './write';

/** A replayed request that hangs (a network that connects but does not answer) is given up and retried later. */
const SEND_TIMEOUT_MS = 30_000;

/**
 * Sends a stored request through the app's HTTP client (bearer token, language, one refresh on a
 * 401) with its own idempotency key; answers instead of throwing.
 */
export async function sendQueued(stored: TQueuedRequest, idempotencyKey: string): Promise<TSendResult> {
  try {
    const { data } = await requestWithHeaders<unknown>(stored.url, {
      method: stored.method,
      body: bodyOf(stored),
      headers: { ...stored.headers, [IDEMPOTENCY_HEADER]: idempotencyKey },
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    });
    return { status: 200, body: data };
  } catch (error) {
    if (isApiError(error)) return { status: error.status, error: { status: error.status, name: error.name, reference: error.reference } };
    // Aborted (timeout) or anything else: not reached, as far as the queue can tell.
    return { status: 0, error: { status: 0, name: NETWORK_ERROR, reference: '0' } };
  }
}
