/**
 * What the offline database (IndexedDB `RunAudit`, db.ts; docs/decisions/0012, 0021 and 0077) holds.
 * The product document names the `queries` record (id, audit id, user, the stored request: here a
 * command, the call by name); the fields marked "ours" are this project's additions.
 */
export type TWriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A multipart body: its text fields and the file (kept as a Blob in IndexedDB). */
export interface TMultipartData {
  fields: Record<string, string>;
  file: Blob;
}

/**
 * A user's action as the queue keeps it (version 4, decision 0077): the call of
 * packages/domain/src/calls by its name, its path parameters and its body. The URL is built from the
 * call when it is sent (`callPath`), so a call's path renamed in packages/domain moves what waits too.
 */
export interface TCommand {
  /** The call's name (`audits.addAnswer`). */
  call: string;
  /** Its path parameters (`{ id, answerId }`); pending ids are rewritten here when it is sent. */
  params: Record<string, string>;
  /** The JSON body (null when the call takes none, or for a multipart call). */
  body: unknown;
  /** A multipart call's body: its text fields and the file (a Blob in IndexedDB). */
  multipart?: TMultipartData;
}

/**
 * A request as version 3 stored it. Kept only on a record whose URL matched no call when the
 * database was upgraded to version 4: it is still sent as it was, never dropped.
 */
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
  /** What is sent (every record written by version 4, and those of earlier versions the upgrade matched to a call). */
  command?: TCommand;
  /** Version 3's stored request, on a record the upgrade matched to no call (sent as it was). */
  request?: TQueuedRequest;
  /** Ours: the Idempotency-Key of the first attempt, sent again on every retry. */
  idempotencyKey: string;
  /** Ours: failed replays so far, and when the next one may start (ms since the epoch). */
  attempts: number;
  nextAttemptAt: number;
  lastError: TErrorRef | null;
  /** Ours: the pending id of what this request creates; the response's `_id` replaces it in later records. */
  creates: string | null;
}

/** What a record sends: its command, or (a record kept from version 3) its request. */
export type TQueuedWrite = Pick<TQueueRecord, 'command' | 'request'>;

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
  /** The refused command's call and parameters (version 4; the upgrade adds them to older failures it can match). */
  call?: string;
  params?: Record<string, string>;
  /** The refused request, as versions 2 and 3 kept it (and a version-3 record matching no call). */
  method?: TWriteMethod;
  url?: string;
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
