import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notificationCalls, type ZEmail } from '@audit/domain/calls/notifications';
import { requireAuth, type TAuth } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { recordTrace } from '../../platform/trace.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { findEmailsInScope } from '../users/service.js';

/** The job that delivers an e-mail, outside the request: 5 attempts, 2 s then doubling between them. */
export const sendEmailJob = defineJob({
  name: 'mail.send',
  payload: z.object({ to: z.array(z.string()).min(1), subject: z.string(), text: z.string() }),
  options: { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: 60, concurrency: 4 },
  handler: (job, ctx) => ctx.mail.send(job.payload),
});

async function sendEmail(ctx: TModuleContext, caller: TAuth, input: z.infer<typeof ZEmail>) {
  const ids = input.to.flatMap((r) => ('_id' in r ? [r._id] : []));
  return scoped(ctx, caller, async (tx) => {
    // A user id must belong to the caller's space, else 404 (which reveals nothing).
    const found = ids.length ? await findEmailsInScope(tx, caller, ids) : [];
    if (found.length !== new Set(ids).size) throw notFound();
    const to = [...new Set([...input.to.flatMap((r) => ('email' in r ? [r.email.toLowerCase()] : [])), ...found.map((u) => u.email.toLowerCase())])];
    const jobId = await enqueueJob(tx, caller, sendEmailJob, { to, subject: input.subject, text: input.body });
    await recordTrace(tx, caller, { type: 'CREATE', module: 'NOTIFICATION', section: 'email', entityId: jobId, payload: { to, subject: input.subject } });
    return { ok: true as const, recipients: to.length };
  });
}

/** POST /ms-core/api/notifications/email */
export async function emailRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, notificationCalls.email, {
    config: { access: { permissions: ['NOTIFICATION:NOTIFY'] } },
    tags: ['notifications'],
    summary: 'Send an e-mail (queued; delivered by the job worker)',
    handler: (req) => sendEmail(ctx, requireAuth(req), req.body),
  });
}
