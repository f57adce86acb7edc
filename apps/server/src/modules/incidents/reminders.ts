import { z } from 'zod';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob, type TSchedule } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { notifyUser } from '../notifications/service.js';
import { incidentMailJob } from './notify.js';
import * as repo from './repo.js';

/**
 * Overdue corrective actions (decision 0039): on the due day the responsible is reminded; 3 and 7
 * days after it, the responsible's manager (who assigned the action, and the incident's
 * responsible). Each stage once (`reminders_sent`), whatever the number of servers or runs. The
 * job runs hourly and a space's reminders go from 08:00 in its own time zone (decision 0094).
 */
export const REMINDER_STAGES = [
  { stage: 1, daysAfterDue: 0, to: 'responsible' },
  { stage: 2, daysAfterDue: 3, to: 'manager' },
  { stage: 3, daysAfterDue: 7, to: 'manager' },
] as const;

/** Sends the reminders due at `now` (the job passes the clock; tests pass theirs). Returns how many were sent. */
export async function sendOverdueReminders(ctx: TModuleContext, now: Date = new Date()) {
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  let sent = 0;
  for (const { stage, daysAfterDue, to } of REMINDER_STAGES) {
    await unsafeUnscoped(ctx.db, async (tx) => {
      const due = await repo.unsafeTasksToRemind(tx, stage - 1, daysAfterDue, now);
      for (const { task, incident } of due) {
        const recipients = (to === 'responsible' ? [task.responsibleId ?? task.createdBy] : [task.createdBy, incident.responsibleId]).filter(
          (id): id is string => !!id && (to === 'responsible' || id !== task.responsibleId),
        );
        const people = [...new Set(recipients)];
        for (const userId of people) {
          await notifyUser(tx, { spaceId: incident.spaceId, spacePath: incident.secureSpacePath, userId }, 'TASK_UPDATE_STATE', {
            status: 'overdue',
            name: task.name,
            incidentId: incident.id,
          });
        }
        if (people.length) {
          await enqueueJob(tx, { spaceId: incident.spaceId, spacePath: incident.secureSpacePath }, incidentMailJob, {
            to: people,
            event: 'reminder' as const,
            status: task.status,
            name: task.name,
            incidentId: incident.id,
            link: `${base}/incidents/${incident.id}`,
          });
          sent++;
        }
        await repo.unsafeMarkReminded(tx, task.id, stage);
      }
    });
  }
  return sent;
}

export const overdueRemindersJob = defineJob({
  name: 'incidents.overdue-reminders',
  payload: z.object({ now: z.string().datetime().optional() }),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  handler: async (job, ctx) => {
    await sendOverdueReminders(ctx, job.payload.now ? new Date(job.payload.now) : new Date());
  },
});

export const overdueRemindersSchedule: TSchedule = { job: overdueRemindersJob, cron: '0 * * * *', tz: 'UTC' };
