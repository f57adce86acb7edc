import PgBoss from 'pg-boss';
import type { TDatabase, TDb } from '../db.js';
import type { TModuleContext } from '../http.js';
import { APP_ROLE } from '../tenancy.js';
import { databaseAdapter, transactionAdapter } from './adapters.js';
import type { TJob, TJobDefinition, TJobScope, TSchedule } from './define.js';

/**
 * The job queue on pg-boss (docs/decisions/0016). pg-boss keeps the jobs (schema `pgboss`), picks
 * them with SKIP LOCKED (each job goes to one server), retries with back-off, expires runs whose
 * server died, fires the cron schedules once across all servers, and archives and deletes
 * finished jobs. This file adds what the app needs around it:
 *  - typed job definitions declared by the modules (define.ts), payloads checked both ways;
 *  - enqueue in the caller's transaction and tenant;
 *  - its own worker loop: a concurrency limit per job type, and a heartbeat that keeps a live
 *    run from expiring (pg-boss 10's own `work()` fails a run at its expiry while the handler
 *    still runs, and another server would start it again);
 *  - `runDue()` for tests: every due job, one at a time, no timers.
 */
export const QUEUE_SCHEMA = 'pgboss';

/** Finished jobs: completed ones leave the queue after a day, failed ones after a week; both are deleted from the archive a week later. */
export const RETENTION = { archiveCompletedAfterSeconds: 24 * 3600, archiveFailedAfterSeconds: 7 * 24 * 3600, deleteAfterDays: 7 } as const;

/** What a job stores: its tenant beside its payload. */
interface TEnvelope {
  scope: TJobScope | null;
  payload: unknown;
}

// Enqueue needs no running queue: pg-boss's send() with the caller's transaction as its `db`.
const sender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('enqueueJob runs in the caller transaction')) },
  schema: QUEUE_SCHEMA,
  ...RETENTION,
});

/**
 * Enqueues a job in the caller's transaction (it exists exactly when the write does: a rolled-back
 * write leaves no e-mail or PDF behind), in the caller's tenant (`scope`; null for tenant-less work).
 */
export async function enqueueJob<P>(
  tx: TDb,
  scope: TJobScope | null,
  job: TJobDefinition<P>,
  payload: P,
  options: { priority?: number; startAfterSeconds?: number } = {},
): Promise<string> {
  const envelope: TEnvelope = { scope: scope && { spaceId: scope.spaceId, spacePath: scope.spacePath }, payload: job.payload.parse(payload) };
  // priority: due jobs of a type are taken highest first (0 by default), then oldest first;
  // startAfterSeconds: not due before then (runDue({ delayed: true }) runs it at once in tests).
  const id = await sender.send(job.name, envelope, {
    db: transactionAdapter(tx),
    priority: options.priority ?? 0,
    // A time, not seconds: pg-boss casts a number of seconds to a timestamp in its one-job insert.
    ...(options.startAfterSeconds ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) } : {}),
  });
  if (!id) throw new Error(`job ${job.name} was not enqueued`);
  return id;
}

/** The started queues of this process (one per app): wakeJobs asks each to look for due jobs now. */
const started = new Set<(name: string) => void>();

/**
 * Looks for due jobs of this type now instead of at the next poll (up to JOB_POLL_MS away), in
 * every started queue of this process. Call it after the transaction that enqueued the job has
 * committed (before, the job is not visible). Another server still finds it at its own poll.
 */
export function wakeJobs(job: Pick<TJobDefinition, 'name'>) {
  for (const wake of started) wake(job.name);
}

export interface TJobQueueOptions {
  /** How often each job type looks for due jobs once started. */
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export function createJobQueue(db: TDatabase, options: TJobQueueOptions = {}) {
  const adapter = databaseAdapter(db);
  const log = options.log ?? (() => undefined);
  const config = { db: adapter, schema: QUEUE_SCHEMA, ...RETENTION, maintenanceIntervalSeconds: 60 };
  // The instance the app talks to: no timers of its own, so tests stay deterministic.
  const boss = new PgBoss({ ...config, migrate: true, supervise: false, schedule: false });
  boss.on('error', (error) => log('job queue error', error));
  // Started with the workers (main.ts): maintenance (expiry, archive, deletion) and the cron schedules.
  let supervisor: PgBoss | undefined;
  const definitions = new Map<string, TJobDefinition>();
  let context: TModuleContext | undefined;

  const inFlight = new Map<string, number>();
  const fetching = new Set<string>();
  const running = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  const wake = (name: string) => {
    const definition = definitions.get(name);
    if (definition) void fill(definition);
  };

  const track = <T>(work: Promise<T>) => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };

  /** Pushes the run's expiry forward while its handler is alive; false if the run was lost. */
  async function heartbeat(definition: TJobDefinition, id: string): Promise<boolean> {
    const { rows } = await adapter.executeSql(
      `UPDATE ${QUEUE_SCHEMA}.job SET expire_in = (now() - started_on) + $3 * interval '1 second' WHERE name = $1 AND id = $2 AND state = 'active' RETURNING id`,
      [definition.name, id, definition.options.expireInSeconds],
    );
    return rows.length === 1;
  }

  async function run(definition: TJobDefinition, raw: PgBoss.JobWithMetadata<TEnvelope>): Promise<void> {
    const beat = setInterval(
      () =>
        heartbeat(definition, raw.id).then(
          (alive) => alive || log(`job ${definition.name} ${raw.id} is no longer active while it runs`),
          (error) => log(`job ${definition.name} ${raw.id} heartbeat failed`, error),
        ),
      (definition.options.expireInSeconds * 1000) / 4,
    );
    beat.unref();
    try {
      const job: TJob<unknown> = {
        id: raw.id,
        payload: definition.payload.parse(raw.data.payload),
        scope: raw.data.scope,
        attempt: raw.retryCount + 1,
        isLastAttempt: raw.retryCount >= raw.retryLimit,
      };
      await definition.handler(job, context!);
      clearInterval(beat);
      await boss.complete(definition.name, raw.id);
    } catch (error) {
      clearInterval(beat);
      log(`job ${definition.name} ${raw.id} attempt ${raw.retryCount + 1} failed`, error);
      await boss.fail(definition.name, raw.id, error instanceof Error ? error : new Error(String(error)));
    }
  }

  const fetchDue = (definition: TJobDefinition, batchSize: number, delayed = false) =>
    boss.fetch<TEnvelope>(definition.name, { batchSize, includeMetadata: true, ignoreStartAfter: delayed });

  /** Started loop: takes as many due jobs of a type as its concurrency leaves room for. */
  async function fill(definition: TJobDefinition): Promise<void> {
    const free = definition.options.concurrency - (inFlight.get(definition.name) ?? 0);
    if (!timer || free <= 0 || fetching.has(definition.name)) return;
    fetching.add(definition.name);
    let jobs: PgBoss.JobWithMetadata<TEnvelope>[] = [];
    try {
      jobs = await fetchDue(definition, free);
    } catch (error) {
      log(`job queue: fetching ${definition.name} failed`, error);
    } finally {
      fetching.delete(definition.name);
    }
    for (const raw of jobs) {
      inFlight.set(definition.name, (inFlight.get(definition.name) ?? 0) + 1);
      void track(
        run(definition, raw)
          .catch((error) => log(`job ${definition.name} ${raw.id} could not be recorded`, error))
          .finally(() => {
            inFlight.set(definition.name, inFlight.get(definition.name)! - 1);
            void fill(definition); // a slot is free: the next job need not wait for the poll
          }),
      );
    }
  }

  /** Stops taking jobs, the maintenance and the schedules, and waits for the running jobs to finish. */
  async function stop(): Promise<void> {
    clearInterval(timer);
    timer = undefined;
    started.delete(wake);
    await Promise.allSettled([...running]);
    await supervisor?.stop({ close: false, graceful: false });
    supervisor = undefined;
  }

  return {
    /**
     * Installs or migrates pg-boss's schema, creates each job type's queue with its options,
     * registers the schedules (and removes schedules no module declares any more), and lets the
     * tenant role enqueue. Called by buildApp; jobs run only after start() or runDue().
     */
    async prepare(jobs: TJobDefinition[], schedules: TSchedule[], ctx: TModuleContext): Promise<void> {
      context = ctx;
      await boss.start();
      for (const definition of jobs) {
        if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is declared twice`);
        definitions.set(definition.name, definition);
        const { retryLimit, retryDelaySeconds, expireInSeconds, retentionDays } = definition.options;
        const queue = {
          name: definition.name,
          policy: 'standard' as const,
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds,
          retentionMinutes: retentionDays * 24 * 60,
        };
        await boss.createQueue(definition.name, queue);
        await boss.updateQueue(definition.name, queue); // options changed since the queue was created
      }
      for (const { job, cron, tz } of schedules) {
        if (definitions.get(job.name) !== job) throw new Error(`schedule of ${job.name}: the job is not declared by a module`);
        const envelope: TEnvelope = { scope: null, payload: job.payload.parse({}) };
        await boss.schedule(job.name, cron, envelope, { tz });
      }
      const declared = new Set(schedules.map((s) => s.job.name));
      for (const { name } of await boss.getSchedules()) if (!declared.has(name)) await boss.unschedule(name);
      // The tenant role inserts jobs (enqueue in a scoped transaction) and reads nothing else of them.
      // Granted only when missing: a GRANT rewrites the catalog rows it names even when nothing
      // changes, at every start of every server (and the tests' database pool takes a changed
      // catalog for a test's own DDL: test/pglite-pool.ts).
      await adapter.executeSql(`BEGIN;
        SELECT pg_advisory_xact_lock(hashtext('audit.pgboss.grants'));
        DO $grants$ BEGIN
          IF NOT (has_schema_privilege('${APP_ROLE}', '${QUEUE_SCHEMA}', 'USAGE')
            AND has_table_privilege('${APP_ROLE}', '${QUEUE_SCHEMA}.queue', 'SELECT')
            AND has_table_privilege('${APP_ROLE}', '${QUEUE_SCHEMA}.job', 'INSERT')
            AND has_column_privilege('${APP_ROLE}', '${QUEUE_SCHEMA}.job', 'id', 'SELECT')) THEN
            GRANT USAGE ON SCHEMA ${QUEUE_SCHEMA} TO ${APP_ROLE};
            GRANT SELECT ON ${QUEUE_SCHEMA}.queue TO ${APP_ROLE};
            GRANT INSERT, SELECT (id) ON ${QUEUE_SCHEMA}.job TO ${APP_ROLE};
          END IF;
        END $grants$;
        COMMIT;`);
    },

    /**
     * Runs every job due now, one at a time, until none is left; returns how many ran. `delayed`:
     * also those queued to start later (a PDF made ahead), as if their time had come.
     */
    async runDue(options: { delayed?: boolean } = {}): Promise<number> {
      let count = 0;
      const pass = async () => {
        for (let found = true; found;) {
          found = false;
          for (const definition of definitions.values()) {
            const [raw] = await fetchDue(definition, 1, options.delayed);
            if (!raw) continue;
            await run(definition, raw);
            count++;
            found = true;
          }
        }
      };
      await track(pass());
      return count;
    },

    /** pg-boss maintenance now: expire dead runs, archive and delete finished jobs (the supervisor does it every minute). */
    maintain: () => boss.maintain(),

    /** Starts the workers, the maintenance and the schedules (main.ts). */
    async start(): Promise<void> {
      if (timer) return;
      timer = setInterval(() => definitions.forEach((d) => void fill(d)), options.pollMs ?? 1000);
      timer.unref();
      started.add(wake);
      definitions.forEach((d) => void fill(d));
      // Its cron worker moves fired schedules into their queues as often as ours look for jobs (1 to 45 s).
      const cronWorkerIntervalSeconds = Math.min(45, Math.max(1, Math.round((options.pollMs ?? 1000) / 1000)));
      supervisor = new PgBoss({ ...config, migrate: false, supervise: true, schedule: true, cronWorkerIntervalSeconds });
      supervisor.on('error', (error) => log('job queue supervisor error', error));
      await supervisor.start();
    },

    stop,

    /** Whether this process's workers are taking jobs (start() was called and stop() was not). */
    isRunning: () => timer !== undefined,

    /** stop(), then pg-boss itself (app close). */
    async close(): Promise<void> {
      await stop();
      await boss.stop({ close: false, graceful: false });
    },
  };
}
export type TJobQueue = ReturnType<typeof createJobQueue>;
