import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import type { TPdfAnswer as TApiPdfAnswer } from '@audit/domain/reports';
import { reportCalls } from '@audit/domain/calls/reports';
import { send, urlOf } from '../../api/send';
import { AUDITS_QUERY_KEY } from '../../api/queryKeys';

/**
 * An audit's PDF (queued, or ready to download) and its public link: the calls behind the buttons
 * the report and the run's header share (product document section 2, audit header).
 */
/** The server's answer (packages/domain/src/reports.ts); `pdfUrl` readable on both kinds (absent when queued). */
export type TPdfAnswer = TApiPdfAnswer & { pdfUrl?: string };
export const requestPdf = async (id: string): Promise<TPdfAnswer> => send(reportCalls.requestPdf, { params: { id } });
export const pdfAddress = (id: string) => urlOf(reportCalls.pdf, { id });

/** auditCalls.share answers the audit's `share` (packages/domain/src/audits.ts). */
export type TShare = TAudit['share'];
export const setShare = (id: string, enabled: boolean) => send(auditCalls.share, { params: { id }, body: { enabled } });

const isThisAudit = (value: unknown, id: string): value is TAudit =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { _id?: unknown })._id === id && 'share' in value;

/** Every cached copy of the audit (the report's, the run's) follows the answer at once, without a refetch of the whole audit. */
export function useShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setShare(id, enabled),
    onSuccess: (share) =>
      queryClient.setQueriesData<unknown>({ queryKey: AUDITS_QUERY_KEY }, (old: unknown) => (isThisAudit(old, id) ? { ...old, share } : old)),
  });
}

/**
 * The public address of a shared report: {host}/share-audit-report/{auditId}?lang={language}. The
 * link carries the report's language for its "not available" page (decision 0069), as the server's does.
 */
export const publicReportUrl = (id: string, language: string) => `${window.location.origin}/share-audit-report/${id}?lang=${encodeURIComponent(language)}`;
