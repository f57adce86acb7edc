import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REGISTER_SEARCH_SIZE, type TRegisterOut } from '@audit/domain/registers';
import { request, searchPage } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';

/** The registers calls the web uses; types inferred from packages/domain's response schemas. */
export type TRegister = TRegisterOut;
const BASE = '/ms-registry/api/registers';
export const REGISTERS_QUERY_KEY = ['registers'] as const;
export const REGISTERS_PAGE_SIZE = REGISTER_SEARCH_SIZE;

export interface TRegisterListParams {
  page: number;
  search: string;
}

export const searchRegisters = (params: TRegisterListParams) =>
  searchPage<TRegister>(`${BASE}/search`, { page: params.page, size: REGISTERS_PAGE_SIZE, search: params.search, sort: 'name' });

export const registersListQueryOptions = (params: TRegisterListParams) =>
  queryOptions({ queryKey: [...REGISTERS_QUERY_KEY, 'list', params], queryFn: () => searchRegisters(params), placeholderData: keepPreviousData });
export const useRegistersList = (params: TRegisterListParams) => useQuery(registersListQueryOptions(params));

/** Deleting a register with logs needs `force` (the reference warning names how many values go). */
export const removeRegister = (id: string, force: boolean) =>
  request<{ ok: true; logs: number }>(`${BASE}/${id}${force ? '?force=true' : ''}`, { method: 'DELETE' });

export function useRemoveRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: string; force: boolean }) => removeRegister(id, force),
    // The dialog answers a 420 (logs) with the reference warning itself.
    meta: { silent: true },
    onSuccess: async () => {
      notifySuccess('deleteSuccess');
      await queryClient.invalidateQueries({ queryKey: REGISTERS_QUERY_KEY });
    },
  });
}
