import type { QueryClient } from '@tanstack/react-query';
import type { TCall } from '@audit/domain/calls/define';
import type { TCommands } from './commands';
import type { TChangeSubject, TCommand, TQueueRecord } from './records';

export type { TChange } from './commands';

/**
 * The registration API of the offline layer (docs/decisions/0021-offline-layer.md). A feature
 * declares its resource kind once (`registerResourceKind`, at import time of a small module the
 * app loads eagerly); the queue, the copies, the replay and the screens then work by resource:
 * `type:id`, e.g. `audit:<id>`, later `register:<id>`.
 */

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
   * The calls of the kind's writes, each with its one apply (commands.ts `commandMap`): what a queued
   * change shows and what an accepted one does to the copy. Only these calls wait in the queue (those
   * marked `online` never do), within the product document's rule (replayRules `isQueueable`).
   */
  commands: TCommands<T>;
  /** What a change is about, in the resource as the device has it (the failures list names it and links to it). */
  describe: (command: TCommand, copy: T | null) => TChangeSubject;
  /** Translation key of a change kind named by `describe` (the failures list). */
  changeLabelKey: (kind: string) => string;
  /** Commands of one lane keep their order on replay; null: after everything before it (default null). */
  laneOf?: (command: TCommand) => string | null;
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

/** The call of a resource's command by its name, as the resource's kind declares it (undefined: this build does not know it). */
export const callOf = (resource: string, name: string): TCall | undefined => kindOf(resource)?.commands[name]?.call;

/** The resource of a record; one stored by an older release without it was about its audit. */
export const resourceOf = (record: { resource?: string; auditId?: string }) => record.resource ?? resourceKey('audit', record.auditId ?? '');
