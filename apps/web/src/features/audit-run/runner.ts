import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import type { TCall } from '@audit/domain/calls/define';
import { auditRunQueryKey } from './auditRunApi';
import { isQueuedWrite } from '../../offline/write';
import { uuid } from '../../offline/uuid';
import { applyChange, commandOf, type TChange, type TCommandOf } from '../../offline/commands';
import type { TMultipartData } from '../../offline/records';
import { auditCommands } from './offline/auditChanges';
import { journalIntent, type TRunIntent } from './offline/intents';
import { auditResource } from './offline/auditResource';
import { startWrite } from '../../offline/writesInFlight';
import { afterPaint } from '../../ui/afterPaint';

export const RUN_MUTATION_KEY = 'audit-run';

export interface TStep<R> {
  /**
   * The optimistic change, applied to the cached audit at once: a command of the run view's calls,
   * shown by that call's one apply (offline/auditChanges.ts), the same function that shows it queued
   * and folds it into the device's copy once accepted (decision 0077).
   */
  change?: TChange;
  /** Told what the change did (the audit before and after), for `commit` and `rollback` to recognise their own state. */
  applied?: (before: TAudit, after: TAudit) => void;
  /** The call; runs after the earlier calls of the same lane have settled. `key`: the idempotency key of its journalled intent. */
  call: (key?: string) => Promise<R>;
  /** Folds the server's answer into the cache. */
  commit?: (audit: TAudit, result: R) => TAudit;
  /** Undoes `change` when the call fails (the error toast comes from the mutation cache). */
  rollback?: (audit: TAudit) => TAudit;
}

/** A tap's request (its body, the offline layer, fetch) is sent after the tap's frame, so that frame
 * shows the answer and the score without waiting for it; 100 ms at most (decision 0116). */
const TAP_FRAME_CAP_MS = 100;

/** A call whose write went to the offline queue: neither committed nor rolled back (and no error toast). */
const QUEUED = Symbol('queued');

/**
 * Runs the run view's writes: optimistic first, then the call, one lane per question (or per
 * kind of field) so that an update never overtakes the add that gives it its answer id. Each call
 * is a mutation of the shared cache, so the global error toast and `useIsMutating` see it. A call
 * queued offline keeps its optimistic change on screen and lets the lane go on.
 */
export function createRunner(queryClient: QueryClient, auditId: string) {
  const key = auditRunQueryKey(auditId);
  const lanes = new Map<string, Promise<unknown>>();
  const read = () => queryClient.getQueryData<TAudit>(key);
  const write = (update: (audit: TAudit) => TAudit) => queryClient.setQueryData<TAudit>(key, (audit) => (audit ? update(audit) : audit));

  /**
   * `intent`: the change as data, journalled with the idempotency key its call is sent with until the
   * call settles (offline/intents.ts); `key`: the key it already has (a leftover saved again).
   */
  function run<R>(lane: string, step: TStep<R>, intent?: TRunIntent, key?: string): Promise<R | undefined> {
    const journalled = intent ? journalIntent(auditId, intent, key) : null;
    // Counted as started from the tap: a server read answered before its request leaves lacks it too.
    const written = startWrite(auditResource(auditId));
    const { change, applied } = step;
    if (change)
      write((audit) => {
        const after = applyChange(auditCommands, audit, change);
        applied?.(audit, after);
        return after;
      });
    // A tap's call (and its mutation, which the saving state follows) starts after the tap's frame is
    // painted; a leftover saved again (it has its key) is no tap: it goes at once, as it always did.
    const job = Promise.all([lanes.get(lane), key === undefined ? afterPaint(TAP_FRAME_CAP_MS) : undefined]).then(async () => {
      const mutationFn = () => step.call(journalled?.key).catch((error: unknown) => (isQueuedWrite(error) ? QUEUED : Promise.reject(error)));
      // networkMode always: offline the call must run (to be queued), not wait paused for the network.
      const observer = new MutationObserver<R | typeof QUEUED, Error, void>(queryClient, {
        mutationKey: [RUN_MUTATION_KEY, auditId],
        mutationFn,
        networkMode: 'always',
      });
      try {
        const result = await observer.mutate();
        if (result === QUEUED) return undefined;
        if (step.commit) write((audit) => step.commit!(audit, result));
        return result;
      } catch {
        if (step.rollback) write(step.rollback);
        return undefined;
      }
    });
    lanes.set(lane, job);
    void job.finally(() => {
      written();
      journalled?.settle();
      if (lanes.get(lane) === job) lanes.delete(lane);
    });
    return job;
  }

  return { auditId, read, write, run };
}

export type TRunner = ReturnType<typeof createRunner>;

/**
 * A run view's optimistic change: the command of its call (parameters and body typed from the call),
 * `creates` the pending id of what it creates. Its key names what it shows before the server does.
 */
export const changeOf = <C extends TCall>(
  call: C,
  params: TCommandOf<C>['params'],
  body: TCommandOf<C>['body'],
  extra: { creates?: string; multipart?: TMultipartData } = {},
): TChange => ({
  command: commandOf(call, params, body, extra.multipart),
  creates: extra.creates ?? null,
  key: uuid(),
  createdAt: new Date().toISOString(),
});

/** Id of something created optimistically, until the server names it; unique across reloads (queued records keep it). */
export const pendingId = () => `pending-${uuid()}`;
export const isPendingId = (id: string) => id.startsWith('pending-');

/**
 * The server's ids of this run's own pending ids, learnt when a create answers. A removal asked while
 * its picture was still uploading runs after the upload in the same lane, and is sent with the id the
 * server gave it. (Offline, the create is queued instead: the replay maps the id, see replayRules.)
 */
export function pendingNames() {
  const names = new Map<string, string>();
  return {
    name: (pending: string, server: string) => void names.set(pending, server),
    /** The server's id for a pending id it has named, else the id itself. */
    resolve: (id: string) => names.get(id) ?? id,
  };
}
