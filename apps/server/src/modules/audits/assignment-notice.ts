import { formatStoredRange } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { sendEmailJob } from '../notifications/email.js';
import { notifyUser } from '../notifications/service.js';
import * as users from '../users/service.js';
import { rootOf } from './create.js';

/** The audit as the notice needs it: where it lives, who runs it, what and when. */
export interface TAssignedAudit {
  id: string;
  spaceId: string;
  secureSpacePath: string;
  auditorId: string | null;
  templateName: string;
  dateFrom: Date;
  dateTo: Date;
}

/** The e-mail, in the auditor's language ({name}, {template}, {dates}, {url} filled in). */
const TEXTS = {
  es: {
    subject: 'Nueva auditoría asignada: {template}',
    text: 'Hola, {name}:\n\nSe le ha asignado la auditoría «{template}», prevista para {dates}.\n\nÁbrala aquí: {url}\n',
  },
  en: {
    subject: 'New audit assigned to you: {template}',
    text: 'Hello {name},\n\nThe audit "{template}", planned for {dates}, has been assigned to you.\n\nOpen it here: {url}\n',
  },
} as const;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * Tells the audit's auditor it is theirs (issue 13): a notification in the bell and an e-mail
 * through the job queue, both in the caller's transaction, so a refused or failed write sends
 * nothing. An auditor who plans an audit for themselves is not told what they just did.
 */
export async function noticeAssignment(tx: TDb, caller: TAuth, audit: TAssignedAudit, auditUrl: (id: string) => string) {
  if (!audit.auditorId || audit.auditorId === caller.userId) return;
  const [auditor] = await users.findAuditors(tx, caller, rootOf(audit.secureSpacePath), audit.auditorId);
  if (!auditor) return;
  await notifyUser(tx, { spaceId: audit.spaceId, spacePath: audit.secureSpacePath, userId: auditor._id }, 'AUDIT_ASSIGNED', {
    auditId: audit.id,
    name: audit.templateName,
  });
  const texts = TEXTS[auditor.language === 'en' ? 'en' : 'es'];
  const values = {
    name: auditor.fullName,
    template: audit.templateName,
    dates: formatStoredRange([audit.dateFrom, audit.dateTo], true),
    url: auditUrl(audit.id),
  };
  await enqueueJob(tx, caller, sendEmailJob, { to: [auditor.email], subject: fill(texts.subject, values), text: fill(texts.text, values) });
}
