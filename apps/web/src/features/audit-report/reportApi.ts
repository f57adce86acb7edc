import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import type { TPdfAnswer as TApiPdfAnswer } from '@audit/domain/reports';
import { request } from '../../api/client';
import { isSignedIn } from '../../session/storage';

/**
 * The read-only report (docs/api/audits.md, Reports): signed in, or public for a shared audit;
 * the PDF (queued, or ready to download) and the public link. Keys live under ['audits'] so the
 * audits feature's invalidations (reopen, finish) reach the report as well.
 */
const REPORTS = '/ms-core/api/reports/audit';
const reportKey = (id: string, mode: 'private' | 'public') => ['audits', 'report', mode, id] as const;

export const fetchReport = (id: string) => request<TAudit>(`${REPORTS}/${id}`);
/** Anonymous, except a signed-in preview (the server then lets a reader see it before sharing). */
export const fetchPublicReport = (id: string, isPreview: boolean) =>
  request<TAudit>(`${REPORTS}/${id}/public`, { anonymous: !(isPreview && isSignedIn()), query: { isPreview } });

export const useReport = (id: string) => useQuery({ queryKey: reportKey(id, 'private'), queryFn: () => fetchReport(id) });
export const usePublicReport = (id: string, isPreview: boolean) =>
  useQuery({ queryKey: [...reportKey(id, 'public'), isPreview], queryFn: () => fetchPublicReport(id, isPreview) });

/** The server's answer (packages/domain/src/reports.ts); `pdfUrl` readable on both kinds (absent when queued). */
export type TPdfAnswer = TApiPdfAnswer & { pdfUrl?: string };
export const requestPdf = (id: string) => request<TPdfAnswer>(`${REPORTS}/${id}/pdf`, { method: 'POST' });
export { downloadFile } from '../../api/download';

/** PATCH audits/{id}/share answers the audit's `share` (packages/domain/src/audits.ts). */
export type TShare = TAudit['share'];
export const setShare = (id: string, enabled: boolean) => request<TShare>(`/ms-core/api/audits/${id}/share`, { method: 'PATCH', body: { enabled } });

/** The report's `share` follows the answer at once (no refetch of the whole audit). */
export function useShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setShare(id, enabled),
    onSuccess: (share) => queryClient.setQueryData<TAudit>(reportKey(id, 'private'), (old) => (old ? { ...old, share } : old)),
  });
}

/** The public address of a shared report: {host}/share-audit-report/{auditId}. */
export const publicReportUrl = (id: string) => `${window.location.origin}/share-audit-report/${id}`;
