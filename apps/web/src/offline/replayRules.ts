import type { TCall } from '@audit/domain/calls/define';
import { IDEMPOTENCY_IN_FLIGHT, type TCommand, type TMultipartData, type TQueuedWrite, type TQueueRecord } from './records';

/**
 * The queue's decisions as plain functions (no IndexedDB, no network): what may be queued, what a
 * status means, how long to wait, which records to send, how pending ids are rewritten.
 */

/** Product document, section 9: non-GET writes, except those to questions-answers or search URLs (read off the call's path). */
export const isQueueable = (call: Pick<TCall, 'method' | 'path'>) => call.method !== 'GET' && !/questions-answers|\/search(\/|\?|$)/.test(call.path);

/**
 * A first attempt is queued instead of rolled back when the server was not reached (status 0), a
 * gateway said the server is unreachable (502/503/504), or it asked to come back later (408, 429,
 * 409 IDEM0001). Anything else, a 4xx above all, is an ordinary error: rolled back with its message.
 */
export function queuesOnFirstAttempt(status: number, reference?: string) {
  return status === 0 || status === 408 || status === 429 || status === 502 || status === 503 || status === 504 || isInFlight(status, reference);
}

const isInFlight = (status: number, reference?: string) => status === 409 && reference === IDEMPOTENCY_IN_FLIGHT;

export type TOutcome = 'done' | 'retry' | 'failed';

/**
 * What a replayed record's answer means: done (delete it); retry (keep it, stop the replay there,
 * try again later: network, 401 the refresh could not cure, 408, 429, 409 IDEM0001, any 5xx);
 * failed (a refusal the same request will always get: report it and delete it).
 */
export function outcomeOf(status: number, reference?: string): TOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500 || isInFlight(status, reference)) return 'retry';
  return 'failed';
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;

/** Exponential back-off after the n-th failed attempt: 1 s, 2 s, 4 s … at most 60 s. */
export const backoffDelay = (attempts: number) => Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));

/** The current user's records in replay order, and the others' (discarded, never sent). */
export function planReplay(records: TQueueRecord[], user: string) {
  const ordered = [...records].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return { mine: ordered.filter((r) => r.user === user), others: ordered.filter((r) => r.user !== user) };
}

// ---- pending ids

export const PENDING_PREFIX = 'pending-';
const PENDING_ID = /pending-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const mapText = (text: string, ids: ReadonlyMap<string, string>) => text.replace(PENDING_ID, (id) => ids.get(id) ?? id);

function mapValue(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return mapText(value, ids);
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map((v) => mapValue(v, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapValue(v, ids)]));
  return value;
}

const mapMultipart = (multipart: TMultipartData, ids: ReadonlyMap<string, string>): TMultipartData => ({
  fields: mapValue(multipart.fields, ids) as Record<string, string>,
  file: multipart.file,
});

function mapCommand(command: TCommand, ids: ReadonlyMap<string, string>): TCommand {
  const mapped: TCommand = { ...command, params: mapValue(command.params, ids) as Record<string, string>, body: mapValue(command.body, ids) };
  if (command.multipart) mapped.multipart = mapMultipart(command.multipart, ids);
  return mapped;
}

/**
 * The write with every pending id the server has named replaced: in a command's parameters, body
 * and multipart fields (a file is left as it is); in a version-3 request's URL and body.
 */
export function rewritePendingIds<W extends TQueuedWrite>(write: W, ids: ReadonlyMap<string, string>): W {
  if (!ids.size) return write;
  const { command, request } = write;
  return {
    ...write,
    ...(command ? { command: mapCommand(command, ids) } : {}),
    ...(request ? { request: { ...request, url: mapText(request.url, ids), data: mapValue(request.data, ids) } } : {}),
  };
}

/** Pending ids a write still names (it cannot be sent before the create that names them). */
export function pendingIdsIn(write: TQueuedWrite): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const m of value.matchAll(PENDING_ID)) found.add(m[0]);
    else if (typeof Blob !== 'undefined' && value instanceof Blob) return;
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  const { command, request } = write;
  if (command) [command.params, command.body, command.multipart?.fields].forEach(visit);
  if (request) [request.url, request.data].forEach(visit);
  return [...found];
}

/** The server's id of what a replayed create made (answer, evidence, note image: `_id` of the body). */
export function createdIdOf(record: Pick<TQueueRecord, 'creates'>, body: unknown): string | null {
  const id = body && typeof body === 'object' ? (body as { _id?: unknown })._id : undefined;
  return record.creates && typeof id === 'string' ? id : null;
}
