import type { TCall, TCallBody, TCallParams, TCallResponse } from '@audit/domain/calls/define';
import type { TCommand, TMultipartData } from './records';

/**
 * One apply per call (decision 0077). A resource kind lists the calls its writes use, each with the
 * one function that says what the call does to the kind's copy: used for what waits in the queue
 * (shown on every load, from any tab) and for what the server accepted (folded into the device's
 * copy with its answer). The map is keyed by the call's name, the name a queued record keeps.
 */

/** A command as its call's own types see it: parameters and body typed from the call's schemas. */
export interface TCommandOf<C extends TCall> {
  call: C['name'];
  params: [TCallParams<C>] extends [undefined] ? Record<string, string> : NonNullable<TCallParams<C>>;
  body: [TCallBody<C>] extends [undefined] ? null : TCallBody<C>;
  multipart?: TMultipartData;
}

/** Any call's (a kind's map stores its applies side by side). */
type TAnyCall<C extends TCall> = string extends C['name'] ? true : false;

/** A change applied to a copy: a queued command, or one the server accepted (with its answer, parsed by the call's response schema). */
export interface TChange<C extends TCall = TCall> {
  command: TAnyCall<C> extends true ? TCommand : TCommandOf<C>;
  /** The server's answer, when the server accepted the change; absent while it waits in the queue. */
  response?: TAnyCall<C> extends true ? unknown : TCallResponse<C>;
  /** The pending id of what the change creates (its record's `creates`). */
  creates: string | null;
  /** The record's idempotency key: unique and stable, for ids of things shown before the server names them. */
  key: string;
  createdAt: string;
}

/** A call of a kind and its one apply. */
export interface TCommandEntry<T> {
  call: TCall;
  /**
   * What the call does to a copy, without mutating it. Pure and idempotent (applied twice, the same
   * result): it runs for queued changes on every load and for accepted ones on the copy, and the same
   * change may meet a copy that already has it.
   */
  apply: (copy: T, change: TChange) => T;
  /** Sent online only (never queued: sections, finish); its apply still folds the server's answer into the copy. */
  online: boolean;
}

/** A kind's calls by name: `{ [callName]: { call, apply } }`. */
export type TCommands<T> = Readonly<Record<string, TCommandEntry<T>>>;

const entry = <T, C extends TCall>(call: C, apply: (copy: T, change: TChange<C>) => T, isOnline: boolean): TCommandEntry<T> => ({
  call,
  // The map keeps every call's apply side by side; each is only ever given its own call's changes (commandMap's key).
  apply: apply as unknown as TCommandEntry<T>['apply'],
  online: isOnline,
});

/** A call whose writes may wait in the queue, and what it does to the copy. */
export const on = <T, C extends TCall>(call: C, apply: (copy: T, change: TChange<C>) => T) => entry(call, apply, false);
/** A call sent online only (never queued), whose accepted answer the copy still learns. */
export const online = <T, C extends TCall>(call: C, apply: (copy: T, change: TChange<C>) => T) => entry(call, apply, true);

/** The kind's map, keyed by call name; a call given twice is a programming error. */
export function commandMap<T>(...entries: TCommandEntry<T>[]): TCommands<T> {
  const map: Record<string, TCommandEntry<T>> = {};
  for (const e of entries) {
    if (map[e.call.name]) throw new Error(`${e.call.name}: one apply per call`);
    map[e.call.name] = e;
  }
  return map;
}

/** The command of a call with its parameters and body, as the queue stores it. */
export const commandOf = (call: TCall, params: unknown, body: unknown, multipart?: TMultipartData): TCommand => ({
  call: call.name,
  params: { ...(params as Record<string, string> | undefined) },
  body: multipart ? null : (body ?? null),
  ...(multipart ? { multipart } : {}),
});

/** A change applied by its call's one apply; a call the kind does not list changes nothing. */
export function applyChange<T>(commands: TCommands<T>, copy: T, change: TChange): T {
  const entry = commands[change.command.call];
  return entry ? entry.apply(copy, change) : copy;
}
