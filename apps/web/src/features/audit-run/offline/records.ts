import type { TAudit } from '@audit/domain/audits';

/**
 * What the offline database (IndexedDB `RunAudit`, docs/decisions/0012-offline-queue.md) holds.
 * The product document names the `queries` record (id, audit id, user, the stored request); the
 * fields marked "ours" are this project's additions.
 */
export type TWriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A multipart body: its text fields and the file (kept as a Blob in IndexedDB). */
export interface TMultipartData { fields: Record<string, string>; file: Blob }

export interface TQueuedRequest {
  method: TWriteMethod;
  /** Absolute path under /ms-core/api/. */
  url: string;
  /** The JSON body, or a TMultipartData when `blob`. */
  data: unknown;
  blob: boolean;
  headers: Record<string, string>;
}

/** An error as the catalogue names it (translated when shown, in the user's language then). */
export interface TErrorRef { status: number; name: string; reference: string }

export interface TQueueRecord {
  /** Auto-increment key: the replay order. */
  id?: number;
  auditId: string;
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

/** Ours: a change the server refused on replay (a 4xx), kept until the auditor has read it. */
export interface TFailure {
  id?: number;
  auditId: string;
  user: string;
  createdAt: string;
  method: TWriteMethod;
  url: string;
  /** The question the change was about, when the request names it. */
  questionId: string | null;
  error: TErrorRef;
}

/**
 * The audit as last shown on this device (with its optimistic changes), for opening it offline
 * (the shell's own user comes from the session's offline copy, session/offlineCopy.ts).
 */
export interface TLocalAudit { auditId: string; user: string; savedAt: string; audit: TAudit }

/** Ours: a pending id and the id the server gave it, applied to requests sent after. */
export interface TIdMapping { pendingId: string; serverId: string; auditId: string; createdAt: string }

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Body code of the 409 the server answers while the first request with the same key is still running. */
export const IDEMPOTENCY_IN_FLIGHT = 'IDEM0001';
