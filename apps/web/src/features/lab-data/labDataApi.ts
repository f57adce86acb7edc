import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THistoryOut } from '@audit/domain/incidents';
import type {
  TLabCategory,
  TLabImportBody,
  TLabImportPreview,
  TLabIncidentOut,
  TLabIncidentStatus,
  TLabPlace,
  TLabReportInput,
  TLabReportOut,
  TLabReportPatch,
  TLabResultCodeOption,
} from '@audit/domain/lab-data';
import type { TSearchBody } from '@audit/domain/search';
import { request, searchPage } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';

/** The lab-data calls (docs/decisions/0044); types are packages/domain's response schemas. */
export type TLabReport = TLabReportOut;
export type TLabIncident = TLabIncidentOut;
const REPORTS = '/ms-core/api/lab-reports';
const INCIDENTS = '/ms-core/api/lab-incidents';
export const LAB_QUERY_KEY = ['lab-data'] as const;

export interface TLabFilters {
  qualified?: boolean;
  resultCode?: string;
  establishment?: string;
  months?: [string, string];
}

export interface TLabListParams {
  category: TLabCategory;
  page: number;
  size: number;
  search: string;
  sort?: string;
  filters: TLabFilters;
}

export function reportFilters(category: TLabCategory, f: TLabFilters): TSearchBody['filters'] {
  const out: TSearchBody['filters'] = [{ field: 'category', operator: 'eq', value: category }];
  if (f.qualified !== undefined) out.push({ field: 'qualified', operator: 'eq', value: f.qualified });
  if (f.resultCode) out.push({ field: 'resultCode', operator: 'eq', value: f.resultCode });
  if (f.establishment) out.push({ field: 'establishment', operator: 'eq', value: f.establishment });
  if (f.months) out.push({ field: 'extractionDate', operator: 'between', value: f.months });
  return out;
}

export const useLabReports = (p: TLabListParams) =>
  useQuery({
    queryKey: [...LAB_QUERY_KEY, 'reports', p],
    queryFn: ({ signal }) =>
      searchPage<TLabReport>(
        `${REPORTS}/search`,
        { page: p.page, size: p.size, search: p.search, sort: p.sort ?? '-extractionDate', filters: reportFilters(p.category, p.filters) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useLabReport = (id: string | undefined) =>
  useQuery({ queryKey: [...LAB_QUERY_KEY, 'report', id], queryFn: () => request<TLabReport>(`${REPORTS}/${id}`), enabled: Boolean(id) });

export const useLabPlaces = (enabled = true) =>
  useQuery({ queryKey: [...LAB_QUERY_KEY, 'places'], queryFn: () => request<TLabPlace[]>(`${REPORTS}/places`), enabled, staleTime: 60_000 });

/** The result codes → organisms of the caller's nomenclature (decision 0053), as picker options. */
export function useLabCodeOptions(enabled = true) {
  const query = useQuery({
    queryKey: [...LAB_QUERY_KEY, 'result-codes'],
    queryFn: () => request<TLabResultCodeOption[]>(`${REPORTS}/result-codes`),
    enabled,
    staleTime: 60_000,
  });
  return { loading: query.isPending && enabled, options: (query.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.organism}` })) };
}

function useLabMutation<TArgs, TOut>(call: (args: TArgs) => Promise<TOut>, success?: 'createSuccess' | 'updateSuccess' | 'deleteSuccess', silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Forms put field errors on their fields themselves (silent); the rest is said by the shell.
    meta: silent ? { silent: true } : undefined,
    onSuccess: async () => {
      if (success) notifySuccess(success);
      await queryClient.invalidateQueries({ queryKey: LAB_QUERY_KEY });
    },
  });
}

export const useCreateLabReport = () =>
  useLabMutation((body: TLabReportInput) => request<TLabReport>(REPORTS, { method: 'POST', body }), 'createSuccess', true);
export const useUpdateLabReport = () =>
  useLabMutation(
    ({ id, body }: { id: string; body: TLabReportPatch }) => request<TLabReport>(`${REPORTS}/${id}`, { method: 'PATCH', body }),
    'updateSuccess',
    true,
  );
export const useDeleteLabReport = () => useLabMutation((id: string) => request<{ ok: true }>(`${REPORTS}/${id}`, { method: 'DELETE' }), 'deleteSuccess');

/** The laboratory's certificate: any file, sent as multipart; the server keeps only PDFs on the report. */
export const uploadPdf = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('file', file, name);
  return request<{ _id: string; url: string }>('/ms-core/api/files/upload', { method: 'POST', body: form });
};

export const previewImport = (body: TLabImportBody) => request<TLabImportPreview>(`${REPORTS}/import/preview`, { method: 'POST', body });
export const useImportLab = () =>
  useLabMutation(
    (body: TLabImportBody) => request<{ reports: number; results: number; incidents: number }>(`${REPORTS}/import`, { method: 'POST', body }),
    'createSuccess',
    true,
  );

export interface TLabIncidentParams {
  page: number;
  size: number;
  search: string;
  status?: TLabIncidentStatus[];
  category?: TLabCategory;
}

/** The lab incidents list's filters as the search body (the same body its Excel export takes). */
export function labIncidentsBody(p: Omit<TLabIncidentParams, 'page' | 'size'>): Pick<TSearchBody, 'search' | 'filters'> {
  const filters: TSearchBody['filters'] = [];
  if (p.status?.length) filters.push({ field: 'status', operator: '$in', value: p.status });
  if (p.category) filters.push({ field: 'category', operator: 'eq', value: p.category });
  return { search: p.search || undefined, filters };
}
/** POST: the filtered list as an .xlsx (streamed, in the user's language). */
export const LAB_INCIDENTS_EXPORT = `${INCIDENTS}/export-excel`;

export const useLabIncidents = (p: TLabIncidentParams) =>
  useQuery({
    queryKey: [...LAB_QUERY_KEY, 'incidents', p],
    queryFn: ({ signal }) => searchPage<TLabIncident>(`${INCIDENTS}/search`, { page: p.page, size: p.size, ...labIncidentsBody(p) }, signal),
    placeholderData: keepPreviousData,
  });

export const useMoveLabIncident = () =>
  useLabMutation(
    ({ id, status }: { id: string; status: TLabIncidentStatus }) => request<TLabIncident>(`${INCIDENTS}/${id}/status`, { method: 'PATCH', body: { status } }),
    'updateSuccess',
  );

/** One lab incident (its detail drawer) and its history, newest first (decision 0058). */
export const useLabIncident = (id: string | undefined) =>
  useQuery({ queryKey: [...LAB_QUERY_KEY, 'incident', id], queryFn: () => request<TLabIncident>(`${INCIDENTS}/${id}`), enabled: Boolean(id) });

export const useLabIncidentHistory = (id: string | undefined) =>
  useQuery({ queryKey: [...LAB_QUERY_KEY, 'incident-history', id], queryFn: () => request<THistoryOut[]>(`${INCIDENTS}/${id}/history`), enabled: Boolean(id) });
