import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TLabCategory,
  TLabImportBody,
  TLabIncidentOut,
  TLabIncidentStatus,
  TLabReportInput,
  TLabReportOut,
  TLabReportPatch,
} from '@audit/domain/lab-data';
import { ZLabIncidentOut, ZLabReportOut } from '@audit/domain/lab-data';
import type { TSearchBody } from '@audit/domain/search';
import { fileCalls } from '@audit/domain/calls/files';
import { labIncidentCalls, labReportCalls } from '@audit/domain/calls/lab-data';
import { send, sendPage, urlOf } from '../../api/send';
import { wholeRows } from '../../api/wholeRows';
import { notifySuccess } from '../../ui/feedback';

/** The lab-data calls (docs/decisions/0044); types are packages/domain's response schemas. */
export type TLabReport = TLabReportOut;
export type TLabIncident = TLabIncidentOut;
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
    queryFn: async ({ signal }) =>
      wholeRows(
        ZLabReportOut,
        sendPage(
          labReportCalls.search,
          { page: p.page, size: p.size, search: p.search, sort: p.sort ?? '-extractionDate', filters: reportFilters(p.category, p.filters) },
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const useLabReport = (id: string | undefined) =>
  useQuery({ queryKey: [...LAB_QUERY_KEY, 'report', id], queryFn: () => send(labReportCalls.get, { params: { id: id ?? '' } }), enabled: Boolean(id) });

export const useLabPlaces = (enabled = true) =>
  useQuery({ queryKey: [...LAB_QUERY_KEY, 'places'], queryFn: () => send(labReportCalls.places), enabled, staleTime: 60_000 });

/** The result codes → organisms of the caller's nomenclature (decision 0053), as picker options. */
export function useLabCodeOptions(enabled = true) {
  const query = useQuery({
    queryKey: [...LAB_QUERY_KEY, 'result-codes'],
    queryFn: () => send(labReportCalls.resultCodes),
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
    onSuccess: () => {
      if (success) notifySuccess(success);
      // The save is done: the lists reload behind it (the dialog does not wait for them).
      void queryClient.invalidateQueries({ queryKey: LAB_QUERY_KEY });
    },
  });
}

export const useCreateLabReport = () => useLabMutation((body: TLabReportInput) => send(labReportCalls.create, { body }), 'createSuccess', true);
export const useUpdateLabReport = () =>
  useLabMutation(({ id, body }: { id: string; body: TLabReportPatch }) => send(labReportCalls.update, { params: { id }, body }), 'updateSuccess', true);
export const useDeleteLabReport = () => useLabMutation((id: string) => send(labReportCalls.remove, { params: { id } }), 'deleteSuccess');

/** The laboratory's certificate: any file, sent as multipart; the server keeps only PDFs on the report. */
export const uploadPdf = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('file', file, name);
  return send(fileCalls.upload, { body: form });
};

export const previewImport = (body: TLabImportBody) => send(labReportCalls.importPreview, { body });
export const useImportLab = () => useLabMutation((body: TLabImportBody) => send(labReportCalls.import, { body }), 'createSuccess', true);

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
export const LAB_INCIDENTS_EXPORT = urlOf(labIncidentCalls.exportExcel);

export const useLabIncidents = (p: TLabIncidentParams) =>
  useQuery({
    queryKey: [...LAB_QUERY_KEY, 'incidents', p],
    queryFn: async ({ signal }) =>
      wholeRows(ZLabIncidentOut, sendPage(labIncidentCalls.search, { page: p.page, size: p.size, ...labIncidentsBody(p) }, { signal })),
    placeholderData: keepPreviousData,
  });

export const useMoveLabIncident = () =>
  useLabMutation(
    ({ id, status }: { id: string; status: TLabIncidentStatus }) => send(labIncidentCalls.status, { params: { id }, body: { status } }),
    'updateSuccess',
  );

/** One lab incident (its detail drawer) and its history, newest first (decision 0058). */
export const useLabIncident = (id: string | undefined) =>
  useQuery({ queryKey: [...LAB_QUERY_KEY, 'incident', id], queryFn: () => send(labIncidentCalls.get, { params: { id: id ?? '' } }), enabled: Boolean(id) });

export const useLabIncidentHistory = (id: string | undefined) =>
  useQuery({
    queryKey: [...LAB_QUERY_KEY, 'incident-history', id],
    queryFn: () => send(labIncidentCalls.history, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
