import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { EMAIL_PATTERN } from '../validators.js';
import { CORE, defineCall } from './define.js';

const BASE = `${CORE}/notifications`;
const ZId = z.string().uuid();

export const ZNotification = z.object({
  _id: z.string(),
  type: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  payload: z.object({
    body: z
      .object({
        /** What happened (an incident's notice, decision 0064): status, assigned, taskStatus, verified, reminder, evidenceReview. */
        event: z.string().optional(),
        status: z.string().optional(),
        name: z.string().optional(),
        auditId: z.string().optional(),
        incidentId: z.string().optional(),
        /** A lab incident's change (decision 0053): the drawer opens the lab incidents list. */
        labIncidentId: z.string().optional(),
        registerId: z.string().optional(),
        /** A document shared with the user or expiring (decision 0088): the drawer opens it. */
        documentId: z.string().optional(),
        missed: z.number().optional(),
        day: z.string().optional(),
      })
      .optional(),
  }),
});
export type TNotification = z.infer<typeof ZNotification>;
const ZCount = z.object({ count: z.number() });

/** Recipients: an entry with an e-mail is sent as {email}; otherwise {_id}, a user of the space. */
const ZRecipient = z.union([z.object({ email: z.string().trim().regex(EMAIL_PATTERN) }), z.object({ _id: ZId })]);
export const ZEmail = z.object({
  to: z.array(ZRecipient).min(1).max(100),
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(20000),
});

/** The caller's own notifications in the current space, and the e-mail a screen sends. */
export const notificationCalls = {
  search: defineCall({ name: 'notifications.search', method: 'POST', path: `${BASE}/search`, body: ZSearchBody, response: z.array(ZNotification), page: true }),
  read: defineCall({
    name: 'notifications.read',
    method: 'PATCH',
    path: `${BASE}/:id/read`,
    params: z.object({ id: ZId }),
    response: ZCount,
    errors: ['notFound'],
  }),
  readAll: defineCall({ name: 'notifications.readAll', method: 'POST', path: `${BASE}/read-all`, response: ZCount }),
  clear: defineCall({ name: 'notifications.clear', method: 'POST', path: `${BASE}/clear`, response: ZCount }),
  email: defineCall({
    name: 'notifications.email',
    method: 'POST',
    path: `${BASE}/email`,
    body: ZEmail,
    response: z.object({ ok: z.literal(true), recipients: z.number() }),
    errors: ['notFound'],
  }),
};
