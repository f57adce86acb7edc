/**
 * What the offline database (IndexedDB `RunAudit`, db.ts; docs/decisions/0012 and 0021) holds.
 * The product document names the `queries` record (id, audit id, user, the stored request); the
 * fields marked "ours" are this project's additions.
 */
export type TWriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A multipart body: its text fields and the file (kept as a Blob in IndexedDB). */
export interface TMultipartData {
  fields: Record<string, string>;
  file: Blob;
}

export interface TQueuedRequest {
  method: TWriteMethod;
  /** Absolute path of the API. */
  url: string;
  /** The JSON body, or a TMultipartData when `blob`. */
  data: unknown;
  blob: boolean;
  headers: Record<string, string>;
}

/** An error as the catalogue names it (translated when shown, in the user's language then). */
export interface TErrorRef {
  status: number;
  name: string;
  reference: string;
}

export interface TQueueRecord {
  /** Auto-increment key: the replay order. */
  id?: number;
  /** Ours: what the change is about, `type:id` (`audit:<id>`, `register:<id>`; resources.ts). */
  resource: string;
  /** The product document's field, on records about an audit (the resource kind adds it). */
  auditId?: string;
  user: string;
  createdAt: string;
  request: TQueuedRequest;
  /** Ours: the Idempotency-Key of the first attempt, sent again on every retry. */
  idempotencyKey: string;
  /** Ours: failed replays so far, and when the next one may start (ms since the epoch). */
  attempts: number;
  nextAttemptAt: number;
  lastError: TErrorRef | null;
  /** Ours: the pending id of what this request creates; the response's `_id` replaces it in later records. */
  creates: string | null;
}

/**
 * What a change was about, as its resource kind describes it (kept with a refusal): the kind of
 * change (a key the kind translates), and where in the resource (a question and its section),
 * with the id the screen scrolls to.
 */
export interface TChangeSubject {
  kind: string;
  /** E.g. the question's name. */
  label: string | null;
  /** E.g. the section's title. */
  within: string | null;
  /** The element of the resource's screen it links to (e.g. the question's id). */
  target: string | null;
  /** The group of the screen holding the target (e.g. the section's id). */
  targetGroup: string | null;
}

/** Ours: a change the server refused on replay (a 4xx), kept until the user has read it. */
export interface TFailure {
  id?: number;
  resource: string;
  auditId?: string;
  user: string;
  createdAt: string;
  method: TWriteMethod;
  url: string;
  /** What the change was about (null for failures kept by version 2, which named a question only). */
  subject: TChangeSubject | null;
  /** Version 2's field: the question the change was about, when the request named it. */
  questionId?: string | null;
  error: TErrorRef;
}

/**
 * Ours: a resource as the server last had it, as far as this device knows (its last answer, plus
 * every change the server has accepted from this device since), for the user who loaded it. What
 * a screen shows offline is this copy plus every queued change of the resource (copies.ts).
 */
export interface TCopy<T = unknown> {
  resource: string;
  user: string;
  savedAt: string;
  data: T;
}

/** Ours: a pending id and the id the server gave it, applied to requests sent after. */
export interface TIdMapping {
  pendingId: string;
  serverId: string;
  resource: string;
  createdAt: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Body code of the 409 the server answers while the first request with the same key is still running. */
export const IDEMPOTENCY_IN_FLIGHT = 'IDEM0001';
