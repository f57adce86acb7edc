import { eq, sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../platform/db.js';
import { unsafeUnscoped, type TScope } from '../../platform/tenancy.js';
import { jobs } from './tables.js';

export interface TJob {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  spaceId: string;
  secureSpacePath: string;
}
export type TJobHandler = (job: TJob) => Promise<void>;

export const MAX_ATTEMPTS = 5;
/** A job still "running" this long after it was claimed belonged to a worker that died. */
const STALE_AFTER_SECONDS = 300;

/** Enqueues in the caller's transaction, in the caller's tenant. */
export async function enqueueJob(tx: TDb, scope: Pick<TScope, 'spaceId' | 'spacePath'>, type: string, payload: unknown): Promise<string> {
  const [row] = await tx.insert(jobs).values({ spaceId: scope.spaceId, secureSpacePath: scope.spacePath, type, payload }).returning({ id: jobs.id });
  return row!.id;
}

/** Claims the next due job; SKIP LOCKED lets several workers share the queue. */
async function claimNext(db: TDatabase): Promise<TJob | undefined> {
  return unsafeUnscoped(db, async (tx) => {
    const result = await tx.execute<{ id: string; type: string; payload: unknown; attempts: number; space_id: string; secure_space_path: string }>(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_at = now()
      where id = (
        select id from jobs
        where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS}))
        order by run_at limit 1 for update skip locked)
      returning id, type, payload, attempts, space_id, secure_space_path`);
    const row = result.rows[0];
    return row && { id: row.id, type: row.type, payload: row.payload, attempts: row.attempts, spaceId: row.space_id, secureSpacePath: row.secure_space_path };
  });
}

async function finish(db: TDatabase, job: TJob, error?: unknown) {
  await unsafeUnscoped(db, async (tx) => {
    if (!error) {
      await tx.update(jobs).set({ status: 'done', finishedAt: new Date(), lockedAt: null, lastError: null }).where(eq(jobs.id, job.id));
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const failed = job.attempts >= MAX_ATTEMPTS;
    // Exponential back-off: 2, 4, 8, 16 seconds between attempts.
    await tx
      .update(jobs)
      .set({ status: failed ? 'failed' : 'queued', lockedAt: null, lastError: message.slice(0, 1000), runAt: sql`now() + make_interval(secs => ${2 ** job.attempts})`, finishedAt: failed ? new Date() : null })
      .where(eq(jobs.id, job.id));
  });
}

export function createJobQueue(db: TDatabase, handlers: Record<string, TJobHandler>, options: { pollMs?: number; log?: (msg: string, err?: unknown) => void } = {}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runJob(job: TJob) {
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job);
      await finish(db, job);
    } catch (error) {
      options.log?.(`job ${job.type} ${job.id} attempt ${job.attempts} failed`, error);
      await finish(db, job, error);
    }
  }

  /** Runs every job due now, one at a time; returns how many ran. */
  async function runDue(): Promise<number> {
    let count = 0;
    for (let job = await claimNext(db); job; job = await claimNext(db)) {
      await runJob(job);
      count++;
    }
    return count;
  }

  const tick = () => {
    running ??= runDue().finally(() => (running = undefined));
  };

  return {
    runDue,
    start() {
      timer ??= setInterval(tick, options.pollMs ?? 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type TJobQueue = ReturnType<typeof createJobQueue>;
