import type { z } from 'zod';
import type { TModuleContext } from '../http.js';

/** The tenant a job acts in: the space (and its path) of the request that enqueued it. */
export interface TJobScope {
  spaceId: string;
  spacePath: string;
}

/** One run of a job, as its handler sees it. */
export interface TJob<P> {
  id: string;
  payload: P;
  /** null for jobs that belong to no tenant (the scheduled purges). */
  scope: TJobScope | null;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** No retry follows if this run fails: the handler's last chance to record the failure. */
  isLastAttempt: boolean;
}

export interface TJobOptions {
  /** Runs after the first failed one; a job runs at most retryLimit + 1 times. */
  retryLimit: number;
  /** Wait before the first retry; doubled at each further retry, with jitter (pg-boss retryBackoff). */
  retryDelaySeconds: number;
  /**
   * A run whose server stops heart-beating for this long is taken as dead and retried. A run that is
   * alive renews it (see queue.ts), so a long PDF is never started a second time while it runs.
   */
  expireInSeconds: number;
  /** Runs of this type at once on one server. */
  concurrency: number;
  /** A job still waiting to run after this many days is dropped (pg-boss retention). */
  retentionDays: number;
}

export const DEFAULT_JOB_OPTIONS: TJobOptions = { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: 60, concurrency: 2, retentionDays: 14 };

/** A job type: its name, the shape of its payload, what it does, and how it is run. Declared by its module. */
// `any` by default: the registry holds definitions of every payload type, and a handler taking one
// payload type is not assignable to one taking `unknown` (its payload is parsed by its own schema).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TJobDefinition<P = any> {
  name: string;
  payload: z.ZodType<P>;
  options: TJobOptions;
  handler: (job: TJob<P>, ctx: TModuleContext) => Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: {
  name: string;
  payload: S;
  options?: Partial<TJobOptions>;
  handler: (job: TJob<z.output<S>>, ctx: TModuleContext) => Promise<void>;
}): TJobDefinition<z.output<S>> {
  return { ...definition, payload: definition.payload as z.ZodType<z.output<S>>, options: { ...DEFAULT_JOB_OPTIONS, ...definition.options } };
}

/** A job run on a cron schedule (pg-boss's timekeeper: once per due time across all servers). */
export interface TSchedule {
  /** Its payload must accept {} (a scheduled run carries no data). */
  job: TJobDefinition;
  /** Five fields: minute hour day-of-month month day-of-week. */
  cron: string;
  /** IANA time zone the cron is read in. */
  tz: string;
}
