/**
 * The statuses the server puts in a notification's body: a PDF job ends 'ready' or 'failed'
 * (apps/server/src/modules/reports/pdf-job.ts). Another status shows as it comes rather than a key.
 */
export const NOTIFICATION_STATUSES = ['ready', 'failed'] as const;

type TTranslate = (key: string, options: { defaultValue: string }) => string;

export const statusText = (t: TTranslate, status: string) => t(`notifications.status.${status}`, { defaultValue: status });
