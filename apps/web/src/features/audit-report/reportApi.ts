import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { reportCalls } from '@audit/domain/calls/reports';
import { send } from '../../api/send';
import { isSignedIn } from '../../session/storage';

/**
 * The read-only report (docs/api/audits.md, Reports): signed in, or public for a shared audit (the
 * PDF and the share link, shared with the run's header, are ui/audit-actions). Keys live under ['audits'] so the
 * audits feature's invalidations (reopen, finish) reach the report as well.
 */
const reportKey = (id: string, mode: 'private' | 'public') => ['audits', 'report', mode, id] as const;

export const fetchReport = (id: string) => send(reportCalls.get, { params: { id } });
/** Anonymous, except a signed-in preview (the server then lets a reader see it before sharing). */
export const fetchPublicReport = (id: string, isPreview: boolean) =>
  send(reportCalls.public, { params: { id }, anonymous: !(isPreview && isSignedIn()), query: { isPreview: isPreview ? 'true' : 'false' } });

export const useReport = (id: string) => useQuery({ queryKey: reportKey(id, 'private'), queryFn: () => fetchReport(id) });
export const usePublicReport = (id: string, isPreview: boolean) =>
  useQuery({ queryKey: [...reportKey(id, 'public'), isPreview], queryFn: () => fetchPublicReport(id, isPreview) });

/**
 * The report to draw, from React's deferred pass: its first render is a large one, and the answer's
 * own render (useSyncExternalStore: always at once) would draw it in one long task; deferred, React
 * draws it in slices between the browser's frames (decision 0121). Undefined until then, and for a
 * moment after the address moved to another report (the previous one is not shown).
 */
export function useDeferredReport<T extends { _id: string }>(report: T | undefined, id: string): T | undefined {
  const deferred = useDeferredValue(report);
  return deferred?._id === id ? deferred : undefined;
}
