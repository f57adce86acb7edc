import { z } from 'zod';
import { addDays, todayInZone } from '@audit/domain/dates';
import { EXPIRY_REMINDER_DAYS } from '@audit/domain/documents/schemas';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob, type TSchedule } from '../../platform/jobs/define.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { notifyDocument } from './notify.js';
import { DOCUMENTS_TIME_ZONE } from './present.js';
import * as repo from './repo.js';

/**
 * Expiry reminders (decision 0088): 30, 7 and 1 days before a document's current version expires,
 * its owner and the users it is shared with are told (bell and e-mail). A reminder is claimed by a
 * row (version, days) before it is sent, in the same transaction: each is sent once, whatever the
 * number of servers or reruns. A day missed (the server was down) is not sent late.
 */
export async function sendExpiryReminders(ctx: TModuleContext, now: Date = new Date()) {
  const today = todayInZone(DOCUMENTS_TIME_ZONE, now);
  let sent = 0;
  for (const days of EXPIRY_REMINDER_DAYS) {
    await unsafeUnscoped(ctx.db, async (tx) => {
      for (const { document: doc, versionId } of await repo.unsafeExpiringOn(tx, addDays(today, days), days)) {
        if (!(await repo.claimReminder(tx, { versionId, days, spaceId: doc.spaceId, secureSpacePath: doc.secureSpacePath }))) continue;
        const shares = await repo.sharesOf(tx, [doc.id]);
        const to = [...new Set([doc.ownerId, ...shares.map((s) => s.userId)].filter((id): id is string => !!id))];
        await notifyDocument(ctx, tx, doc, to, 'expiring', days);
        sent++;
      }
    });
  }
  return sent;
}

export const expiryRemindersJob = defineJob({
  name: 'documents.expiry-reminders',
  payload: z.object({ now: z.string().datetime().optional() }),
  options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300, concurrency: 1 },
  handler: async (job, ctx) => {
    await sendExpiryReminders(ctx, job.payload.now ? new Date(job.payload.now) : new Date());
  },
});

export const expiryRemindersSchedule: TSchedule = { job: expiryRemindersJob, cron: '0 8 * * *', tz: DOCUMENTS_TIME_ZONE };
