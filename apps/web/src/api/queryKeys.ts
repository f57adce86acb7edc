/**
 * Query keys more than one feature reads or invalidates. Every audit query (the lists and preview
 * of features/audits, the run view and questionnaire of features/audit-run) lives under this prefix,
 * so finishing an audit or a sync can refresh them all.
 */
export const AUDITS_QUERY_KEY = ['audits'] as const;

/**
 * The whole audit as its start (PATCH execute) answered it: features/audits puts it here, the run
 * view (features/audit-run) takes it once instead of reading the audit again (issue 23).
 */
export const startedAuditQueryKey = (id: string) => [...AUDITS_QUERY_KEY, 'started', id] as const;
