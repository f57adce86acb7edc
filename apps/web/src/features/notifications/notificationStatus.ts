import { INCIDENT_STATUSES, TASK_STATUSES } from '@audit/domain/incident-statuses';

/**
 * The statuses the server puts in a notification's body: a PDF job ends 'ready' or 'failed'
 * (apps/server/src/modules/reports/pdf-job.ts); TASK_UPDATE_STATE carries an incident's or a
 * corrective action's status, or 'overdue' (decision 0039), or a lab incident's, lowercased (decision 0053). Another status shows as it comes.
 */
export const NOTIFICATION_STATUSES = ['ready', 'failed', ...INCIDENT_STATUSES, ...TASK_STATUSES.filter((s) => s !== 'running'), 'overdue', 'solved'] as const;

type TTranslate = (key: string, options: { defaultValue: string }) => string;

export const statusText = (t: TTranslate, status: string) => t(`notifications.status.${status}`, { defaultValue: status });
