import { z } from 'zod';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { notifyUser } from '../notifications/service.js';
import { unsafeCompanyAdmins, unsafeMailProfiles } from '../users/service.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { mailText } from './mail-text.js';
import type { TIncidentRow } from './tables.js';

/**
 * TASK_UPDATE_STATE to the people concerned by a change (decision 0039): in the bell drawer at
 * once (same transaction) and by e-mail through the job queue, in each recipient's language,
 * unless they turned incident e-mails off. The person who acted is never told of their own change.
 */
export const incidentMailJob = defineJob({
  name: 'incidents.mail',
  payload: z.object({
    to: z.array(z.string().uuid()).min(1),
    event: z.enum(['status', 'assigned', 'taskStatus', 'verified', 'reminder', 'evidenceReview']),
    status: z.string(),
    name: z.string(),
    incidentId: z.string().uuid(),
    link: z.string(),
  }),
  options: { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: 60, concurrency: 2 },
  handler: async (job, ctx) => {
    const profiles = await unsafeMailProfiles(ctx, job.payload.to);
    for (const p of profiles) {
      if (!p.active || !p.incidentEmails) continue;
      const { subject, text } = mailText(p.language, job.payload);
      await ctx.mail.send({ to: [p.email], subject, text });
    }
  },
});

export interface TNotice {
  event: z.infer<typeof incidentMailJob.payload>['event'];
  status: string;
  name: string;
}

/** Who is concerned by a change of the incident (and of one of its actions): responsibles, auditor, creators. */
export const concerned = (incident: TIncidentRow, ...more: (string | null | undefined)[]) => [
  incident.responsibleId,
  incident.auditorId,
  incident.createdBy,
  ...more,
];

/** `caller` null: a change the system made (a scheduled move): everyone concerned is told. */
export async function notifyChange(
  ctx: TModuleContext,
  tx: TDb,
  caller: TAuth | null,
  incident: TIncidentRow,
  recipients: (string | null | undefined)[],
  notice: TNotice,
) {
  const to = [...new Set(recipients.filter((id): id is string => !!id && id !== caller?.userId))];
  if (!to.length) return;
  // The event names the change in the bell (verified, resolved...), not only the status it left.
  const body = { event: notice.event, status: notice.status, name: notice.name, incidentId: incident.id };
  // The incident's own space: every recipient (the company's people above it, the client's below) finds it there.
  for (const userId of to) await notifyUser(tx, { spaceId: incident.spaceId, spacePath: incident.secureSpacePath, userId }, 'TASK_UPDATE_STATE', body);
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  const scope = caller ?? { spaceId: incident.spaceId, spacePath: incident.secureSpacePath };
  await enqueueJob(tx, scope, incidentMailJob, { to, ...notice, incidentId: incident.id, link: `${base}/incidents/${incident.id}` });
}

/**
 * Evidence awaits review (decision 0064): a corrective action was completed and waits for its
 * verification. The company's administrators are told in the bell and by e-mail (per their
 * settings), except those already told of the change (`told`) and the person who completed it.
 * A job: the client who completed it cannot read the company's users.
 */
export const evidenceReviewJob = defineJob({
  name: 'incidents.evidence-review',
  payload: z.object({
    incidentId: z.string().uuid(),
    spaceId: z.string().uuid(),
    spacePath: z.string(),
    name: z.string(),
    told: z.array(z.string().uuid()),
  }),
  options: { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: 60, concurrency: 2 },
  handler: async (job, ctx) => {
    const { incidentId, spaceId, spacePath, name, told } = job.payload;
    const admins = (await unsafeCompanyAdmins(ctx, spacePath)).filter((id) => !told.includes(id));
    if (!admins.length) return;
    const notice = { event: 'evidenceReview' as const, status: 'complete', name };
    const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
    await unsafeUnscoped(ctx.db, async (tx) => {
      for (const userId of admins) await notifyUser(tx, { spaceId, spacePath, userId }, 'TASK_UPDATE_STATE', { ...notice, incidentId });
      await enqueueJob(tx, { spaceId, spacePath }, incidentMailJob, { to: admins, ...notice, incidentId, link: `${base}/incidents/${incidentId}` });
    });
  },
});
