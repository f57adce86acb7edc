import { INCIDENT_STATUSES, TASK_STATUSES } from '@audit/domain/incident-statuses';

/**
 * The statuses the server puts in a notification's body: a PDF job ends 'ready' or 'failed'
 * (apps/server/src/modules/reports/pdf-job.ts); TASK_UPDATE_STATE carries an incident's or a
 * corrective action's status, or 'overdue' (decision 0039), or a lab incident's, lowercased (decision 0053). Another status shows as it comes.
 */
export const NOTIFICATION_STATUSES = [
  'ready',
  'failed',
  ...INCIDENT_STATUSES,
  ...TASK_STATUSES.filter((s) => s !== 'running'),
  'overdue',
  'solved',
  'verified',
  'shared',
  // A document's reminder, `expiring:<days>`, translated with a count (expiring_one, expiring_other).
  'expiring',
] as const;

type TTranslate = (key: string, options: { defaultValue: string; count?: number }) => string;

/** A status line; a document's reminder says `expiring:<days>` (decision 0088), read as "expires in N days". */
export const statusText = (t: TTranslate, status: string) => {
  const expiring = /^expiring:(\d+)$/.exec(status);
  if (expiring) return t('notifications.status.expiring', { defaultValue: status, count: Number(expiring[1]) });
  return t(`notifications.status.${status}`, { defaultValue: status });
};

/** The incident events the server names in TASK_UPDATE_STATE (decision 0064); `resolved` is a status event ending the incident. */
export const NOTIFICATION_EVENTS = ['status', 'resolved', 'assigned', 'taskStatus', 'verified', 'reminder', 'evidenceReview'] as const;

/**
 * A notification's title and its status line: an incident's change is named by its event (an
 * action verified is not a second "complete", a resolution is not an action's change); an older
 * entry without an event, or another type, by its type.
 */
export function noticeTexts(t: TTranslate, type: string, body: { event?: string; status?: string }) {
  const byType = t(`notifications.type.${type}`, { defaultValue: type });
  const event = body.event === 'status' && (body.status === 'resolved' || body.status === 'solvedInPlace') ? 'resolved' : body.event;
  const known = type === 'TASK_UPDATE_STATE' && (NOTIFICATION_EVENTS as readonly string[]).includes(event ?? '');
  const status = body.event === 'verified' ? 'verified' : body.status;
  return {
    title: known ? t(`notifications.event.${event}`, { defaultValue: byType }) : byType,
    status: status ? statusText(t, status) : undefined,
  };
}
