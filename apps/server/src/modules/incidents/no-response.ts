import { z } from 'zod';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob, type TSchedule } from '../../platform/jobs/define.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import * as repo from './repo.js';
import { moveIncident } from './service.js';

/**
 * The no-response timer (decision 0045): an audit incident escalated to the client on which nothing
 * has been recorded for NO_RESPONSE_DAYS (no comment, corrective action, photo or move: the history
 * is quiet since the escalation) moves by itself to no_response. The move is the system's (history
 * without an author) and tells everyone concerned; staff send it back to escalated_to_client.
 */
export const NO_RESPONSE_DAYS = 14;

/** Moves the silent escalations at `now` (the job passes the clock; tests pass theirs). Returns how many moved. */
export async function markNoResponse(ctx: TModuleContext, now: Date = new Date()) {
  const quietSince = new Date(now.getTime() - NO_RESPONSE_DAYS * 86_400_000);
  let moved = 0;
  for (;;) {
    // Batches of 500, each its own transaction: a backlog never holds one long lock.
    const count = await unsafeUnscoped(ctx.db, async (tx) => {
      const rows = await repo.unsafeSilentEscalated(tx, quietSince);
      for (const row of rows) await moveIncident(ctx, tx, null, row, 'no_response');
      return rows.length;
    });
    moved += count;
    if (count < 500) return moved;
  }
}

export const noResponseJob = defineJob({
  name: 'incidents.no-response',
  payload: z.object({ now: z.string().datetime().optional() }),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  handler: async (job, ctx) => {
    await markNoResponse(ctx, job.payload.now ? new Date(job.payload.now) : new Date());
  },
});

/** Every day at 07:30 Madrid time, before the overdue reminders. */
export const noResponseSchedule: TSchedule = { job: noResponseJob, cron: '30 7 * * *', tz: 'Europe/Madrid' };
