import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { employeeCalls } from '@audit/domain/employees/calls';
import { ZEmployeeOut, type TEmployeeInput, type TEmployeeOut, type TEmployeePatch, type TEmployeeStatus } from '@audit/domain/employees/schemas';
import { nomenclatureCalls } from '@audit/domain/calls/nomenclatures';
import { userCalls } from '@audit/domain/calls/users';
import type { TSearchFilter } from '@audit/domain/search';
import { send, sendPage } from '../../api/send';
import { refreshInBackground } from '../../api/refreshInBackground';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { notifySuccess } from '../../ui/feedback';

export type TEmployee = TEmployeeOut;
export const EMPLOYEES_QUERY_KEY = ['employees'] as const;

export interface TEmployeeFilters {
  status?: TEmployeeStatus[];
  workerProfile?: string[];
  occupation?: string[];
}

export interface TEmployeeListParams {
  page: number;
  size: number;
  search: string;
  sort?: string;
  filters: TEmployeeFilters;
}

/** The whitelisted filters of POST /employees/search. */
export function toSearchFilters(filters: TEmployeeFilters): TSearchFilter[] {
  const out: TSearchFilter[] = [];
  if (filters.status?.length) out.push({ field: 'status', operator: '$in', value: filters.status });
  if (filters.workerProfile?.length) out.push({ field: 'workerProfile', operator: '$in', value: filters.workerProfile });
  if (filters.occupation?.length) out.push({ field: 'occupation', operator: '$in', value: filters.occupation });
  return out;
}

export const useEmployeesList = (params: TEmployeeListParams) =>
  useQuery({
    queryKey: [...EMPLOYEES_QUERY_KEY, 'list', params],
    queryFn: () =>
      wholeRows(
        ZEmployeeOut,
        sendPage(employeeCalls.search, {
          page: params.page,
          size: params.size,
          search: params.search,
          sort: params.sort ?? '-createdAt',
          filters: toSearchFilters(params.filters),
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useEmployee = (id: string) =>
  useQuery({ queryKey: [...EMPLOYEES_QUERY_KEY, 'detail', id], queryFn: () => send(employeeCalls.get, { params: { id } }) });

function useEmployeesMutation<V, R>(mutationFn: (v: V) => Promise<R>, success: 'createSuccess' | 'updateSuccess' | 'deleteSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notifySuccess(success);
      void refreshInBackground(queryClient, EMPLOYEES_QUERY_KEY);
    },
    // The form shows a refused field under the field itself (applyFieldErrors); other errors toast.
    meta: { silent: true },
  });
}

export const useCreateEmployee = () => useEmployeesMutation((body: TEmployeeInput) => send(employeeCalls.create, { body }), 'createSuccess');
export const useUpdateEmployee = (id: string) =>
  useEmployeesMutation((body: TEmployeePatch) => send(employeeCalls.update, { params: { id }, body }), 'updateSuccess');
export const useRemoveEmployee = () => useEmployeesMutation((id: string) => send(employeeCalls.remove, { params: { id } }), 'deleteSuccess');

/** The employee-profile and employee-type nomenclatures (names only, size 1000: the selectors' size). */
export const useEmployeeNomenclature = (kind: 'employeeProfiles' | 'employeeTypes') =>
  useQuery({
    queryKey: ['nomenclatures', kind, 'options'],
    queryFn: () => wholeRows(ZNamed, sendPage(nomenclatureCalls[kind].search, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] })),
    staleTime: 60_000,
  });

/** Users of the space matching `search`, for the account picker (the worker lookup size, 250). */
export const useUserOptions = (search: string) =>
  useQuery({
    queryKey: [...EMPLOYEES_QUERY_KEY, 'user-options', search],
    queryFn: () => sendPage(userCalls.search, { page: 0, size: 250, search, sort: 'name', projections: ['_id', 'fullName', 'email'] }),
    placeholderData: keepPreviousData,
  });
