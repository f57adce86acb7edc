import type { QueryClient } from '@tanstack/react-query';
import type { TChangeSubject, TQueuedRequest, TQueueRecord } from './records';

/**
 * The registration API of the offline layer (docs/decisions/0021-offline-layer.md). A feature
 * declares its resource kind once (`registerResourceKind`, at import time of a small module the
 * app loads eagerly); the queue, the copies, the replay and the screens then work by resource:
 * `type:id`, e.g. `audit:<id>`, later `register:<id>`.
 */

/** A change applied to a copy: a queued one (the request only) or one the server accepted (with its answer). */
export interface TChange {
  request: TQueuedRequest;
  /** The server's answer, when the server accepted the change; absent while it waits in the queue. */
  response?: unknown;
  /** The pending id of what the change creates (its record's `creates`). */
  creates: string | null;
  /** The record's idempotency key: unique and stable, for ids of things shown before the server names them. */
  key: string;
  createdAt: string;
}

// The kinds are stored side by side whatever their data; each kind's own functions are typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TResourceKind<T = any> {
  /** The type in the resource key: `audit`, `register`, … */
  type: string;
  /** Loads the resource from the server. */
  load: (id: string) => Promise<T>;
  /** Whether this device keeps a copy of what the server answered (e.g. an audit this user is running). */
  keepCopy: (data: T, user: string) => boolean;
  /**
   * Applies a change to a copy, without mutating it. Called for queued changes (to show what
   * waits) and for changes the server accepted (to keep the copy as the server has it), so it must
   * be idempotent: applied twice, the same result.
   */
  apply: (copy: T, change: TChange) => T;
  /** What a change is about, in the resource as the device has it (the failures list names it and links to it). */
  describe: (request: TQueuedRequest, copy: T | null) => TChangeSubject;
  /** Translation key of a change kind named by `describe` (the failures list). */
  changeLabelKey: (kind: string) => string;
  /** Which writes may wait in the queue (default: the product document's rule, isQueueable). */
  isQueueable?: (method: string, url: string) => boolean;
  /** Requests of one lane keep their order on replay; null: after everything before it (default null). */
  laneOf?: (request: TQueuedRequest) => string | null;
  /** Fields the product document puts on a queued record of this kind (e.g. `auditId`). */
  recordFields?: (id: string) => Partial<TQueueRecord>;
  /** After a replay changed resources of this kind (e.g. the audit score checked again, as the product document asks). */
  afterReplay?: (ids: string[]) => Promise<unknown>;
  /** Outside the resource's page, after a replay: read again what lists show of these resources. */
  refreshViews?: (queryClient: QueryClient, ids: string[]) => Promise<unknown>;
  /** Paths of the resource's own page, which replays and reloads by itself (useResourceSync): the shell's background sync and pending tag stand aside there. */
  page?: RegExp;
  /** Translation key saying a failure is about another resource of this kind than the one shown. */
  elsewhereKey?: string;
  /** The resource's page; the refused-change notification and the failures list link to it. */
  pathOf: (id: string, subject?: TChangeSubject | null) => string;
}

const kinds = new Map<string, TResourceKind>();

export function registerResourceKind<T>(kind: TResourceKind<T>) {
  kinds.set(kind.type, kind as TResourceKind);
}

export const resourceKey = (type: string, id: string) => `${type}:${id}`;

export function parseResource(resource: string): { type: string; id: string } {
  const at = resource.indexOf(':');
  return at < 0 ? { type: '', id: resource } : { type: resource.slice(0, at), id: resource.slice(at + 1) };
}

/** The kind of a resource, when this build registered it. */
export const kindOf = (resource: string): TResourceKind | undefined => kinds.get(parseResource(resource).type);
export const kindOfType = (type: string): TResourceKind | undefined => kinds.get(type);
export const registeredKinds = () => [...kinds.values()];

/** The resource of a record; one stored by an older release without it was about its audit. */
export const resourceOf = (record: { resource?: string; auditId?: string }) => record.resource ?? resourceKey('audit', record.auditId ?? '');
