import { z } from 'zod';
import type { TDb } from '../../platform/db.js';
import type { TModuleContext } from '../../platform/http.js';
import { defineJob } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { notifyUser } from '../notifications/service.js';
import { unsafeMailProfiles } from '../users/service.js';
import type { TDocumentRow } from './tables.js';

/**
 * What documents tell people (decision 0088): SHARE_FILE in the bell (body {event, name,
 * documentId}: `shared`, or `expiring` with the days left) at once, in the same transaction, and an
 * e-mail through the job queue in each recipient's language.
 */
export const documentMailJob = defineJob({
  name: 'documents.mail',
  payload: z.object({
    to: z.array(z.string().uuid()).min(1),
    event: z.enum(['shared', 'expiring']),
    name: z.string(),
    days: z.number().int().optional(),
    expiryDate: z.string().nullable().optional(),
    link: z.string(),
  }),
  options: { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: 60, concurrency: 2 },
  handler: async (job, ctx) => {
    for (const p of await unsafeMailProfiles(ctx, job.payload.to)) {
      if (!p.active) continue;
      await ctx.mail.send({ to: [p.email], ...mailText(p.language === 'en' ? 'en' : 'es', job.payload) });
    }
  },
});

type TMail = z.infer<typeof documentMailJob.payload>;

export function mailText(language: 'es' | 'en', m: TMail) {
  if (m.event === 'shared') {
    return language === 'en'
      ? { subject: `A document was shared with you: ${m.name}`, text: `The document "${m.name}" was shared with you.\n\nOpen it: ${m.link}` }
      : { subject: `Se ha compartido un documento contigo: ${m.name}`, text: `Se ha compartido contigo el documento «${m.name}».\n\nÁbrelo: ${m.link}` };
  }
  const when = m.days === 1 ? (language === 'en' ? 'tomorrow' : 'mañana') : language === 'en' ? `in ${m.days} days` : `dentro de ${m.days} días`;
  return language === 'en'
    ? { subject: `Document expiring ${when}: ${m.name}`, text: `The document "${m.name}" expires ${when} (${m.expiryDate}).\n\nRenew it: ${m.link}` }
    : { subject: `Documento que caduca ${when}: ${m.name}`, text: `El documento «${m.name}» caduca ${when} (${m.expiryDate}).\n\nRenuévalo: ${m.link}` };
}

export const documentLink = (ctx: TModuleContext, id: string) =>
  `${(ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '')}/documentation?document=${id}`;

/** Tells `to` about the document: the bell now, the e-mail by the queue (same transaction: both or neither). */
export async function notifyDocument(
  ctx: TModuleContext,
  tx: TDb,
  doc: Pick<TDocumentRow, 'id' | 'name' | 'spaceId' | 'secureSpacePath' | 'expiryDate'>,
  to: string[],
  event: 'shared' | 'expiring',
  days?: number,
) {
  if (!to.length) return;
  const status = event === 'shared' ? 'shared' : `expiring:${days}`;
  for (const userId of to) {
    await notifyUser(tx, { spaceId: doc.spaceId, spacePath: doc.secureSpacePath, userId }, 'SHARE_FILE', {
      event,
      status,
      name: doc.name,
      documentId: doc.id,
      day: doc.expiryDate ?? undefined,
    });
  }
  await enqueueJob(tx, { spaceId: doc.spaceId, spacePath: doc.secureSpacePath }, documentMailJob, {
    to,
    event,
    name: doc.name,
    days,
    expiryDate: doc.expiryDate,
    link: documentLink(ctx, doc.id),
  });
}
