import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAuditListItem, type TAssignAuditor, type TAuditStatus, type TCreateAudit, type TRisk } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import type { TSearchFilter } from '@audit/domain/search';
import { send, sendPage } from '../../api/send';
import { wholeRows } from '../../api/wholeRows';
import { refreshInBackground } from '../../api/refreshInBackground';
import { AUDITS_QUERY_KEY, startedAuditQueryKey } from '../../api/queryKeys';
import { notifySuccess } from '../../ui/feedback';

/** Audits: the paged lists, the preview, create, start (execute) and reopen (auditCalls, packages/domain/src/calls/audits.ts). */

export interface TAuditFilters {
  client?: string;
  establishment?: string;
  service?: string;
  status?: TAuditStatus[];
  risk?: TRisk[];
  /** ISO start and end of the start-date range. */
  startDate?: [string, string];
}

export interface TAuditListParams {
  page: number;
  size: number;
  search: string;
  sort?: string;
  filters: TAuditFilters;
}

/** The whitelisted filters of POST /audits/search. */
export function toSearchFilters(filters: TAuditFilters): TSearchFilter[] {
  const out: TSearchFilter[] = [];
  for (const field of ['client', 'establishment', 'service'] as const) {
    if (filters[field]) out.push({ field, operator: 'eq', value: filters[field] });
  }
  if (filters.status?.length) out.push({ field: 'status', operator: '$in', value: filters.status });
  if (filters.risk?.length) out.push({ field: 'risk', operator: '$in', value: filters.risk });
  if (filters.startDate) out.push({ field: 'startDate', operator: 'between', value: { from: filters.startDate[0], to: filters.startDate[1] } });
  return out;
}

export const countFilters = (filters: TAuditFilters) => Object.values(filters).filter((v) => (Array.isArray(v) ? v.length > 0 : Boolean(v))).length;

/** The list asks for no projection: each row is checked whole. */
export const searchAudits = (params: TAuditListParams) =>
  wholeRows(
    ZAuditListItem,
    sendPage(auditCalls.search, {
      page: params.page,
      size: params.size,
      search: params.search,
      sort: params.sort ?? '-startDate',
      filters: toSearchFilters(params.filters),
    }),
  );

export const auditsListQueryOptions = (params: TAuditListParams) =>
  queryOptions({ queryKey: [...AUDITS_QUERY_KEY, 'list', params], queryFn: () => searchAudits(params), placeholderData: keepPreviousData });
export const useAuditsList = (params: TAuditListParams) => useQuery(auditsListQueryOptions(params));

export const fetchPreview = (id: string) => send(auditCalls.preview, { params: { id } });
export const previewQueryOptions = (id: string) => queryOptions({ queryKey: [...AUDITS_QUERY_KEY, 'preview', id], queryFn: () => fetchPreview(id) });
export const usePreview = (id: string | null) => useQuery({ ...previewQueryOptions(id ?? ''), enabled: Boolean(id), staleTime: 0 });

/** The wizard's body, as the server's schema takes it (packages/domain/src/audits.ts). */
export type TAuditInput = TCreateAudit;

export const createAudit = (body: TAuditInput) => send(auditCalls.create, { body });
export const executeAudit = (id: string, usePrevious: boolean) =>
  send(auditCalls.execute, { params: { id }, query: { use_previous: usePrevious ? 'true' : 'false' } });
/** Plan the audit for another auditor (PATCH /audits/{id}/auditor, while not started). */
export const assignAudit = ({ id, ...body }: { id: string } & TAssignAuditor) => send(auditCalls.assign, { params: { id }, body });
export const reopenAudit = (id: string) => send(auditCalls.reopen, { params: { id } });

/** Every change touches lists and previews (and the report of a reopened audit): invalidate all. */
function useAuditsMutation<V, R>(mutationFn: (v: V) => Promise<R>, options: { success?: 'createSuccess' | 'updateSuccess'; silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent: options.silent },
    // The lists refresh behind: the button stops when the server answered.
    onSuccess: () => {
      if (options.success) notifySuccess(options.success);
      void refreshInBackground(queryClient, AUDITS_QUERY_KEY);
    },
  });
}

/** The wizard shows the error in place (catalogue 692, 934, 10021), so the toast is off. */
export const useCreateAudit = () => useAuditsMutation(createAudit, { success: 'createSuccess', silent: true });

/**
 * Starting a draft (its preview's buttons). The server answers the whole audit: it is handed to the
 * run view, which opens on it instead of reading it again. While the preview is still open the run
 * view is on its way and the lists behind it are left: they are only marked stale (read again when
 * shown), not read now beside the run (issue 23: three reads competed with it). A preview closed
 * before the answer leaves the list on screen: that one is read again at once.
 */
export function useExecuteAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, usePrevious }: { id: string; usePrevious: boolean }) => executeAudit(id, usePrevious),
    onSuccess: (started, { id }) => {
      const preview = queryClient.getQueryCache().find({ queryKey: previewQueryOptions(id).queryKey, exact: true });
      const leaving = (preview?.getObserversCount() ?? 0) > 0;
      void queryClient.invalidateQueries({ queryKey: AUDITS_QUERY_KEY, refetchType: leaving ? 'none' : 'active' }).catch(() => undefined);
      queryClient.setQueryData(startedAuditQueryKey(id), started);
    },
  });
}
export const useAssignAudit = () => useAuditsMutation(assignAudit, { success: 'updateSuccess' });
export const useReopenAudit = () => useAuditsMutation(reopenAudit, { success: 'updateSuccess' });
