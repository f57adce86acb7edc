import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REGISTER_SEARCH_SIZE, ZRegisterOut, type TRegisterOut } from '@audit/domain/registers';
import { registerCalls } from '@audit/domain/calls/registers';
import { send, sendPage } from '../../api/send';
import { notifySuccess } from '../../ui/feedback';

/** The registers calls the web uses; types inferred from packages/domain's response schemas. */
export type TRegister = TRegisterOut;
export const REGISTERS_QUERY_KEY = ['registers'] as const;
export const REGISTERS_PAGE_SIZE = REGISTER_SEARCH_SIZE;

export interface TRegisterListParams {
  page: number;
  search: string;
}

/** Rows asked for without projections come whole: the page's rows are read as whole registers (a row missing a key is an error). */
export const wholeRegisters = <P extends { items: unknown[] }>(page: P) => ({ ...page, items: ZRegisterOut.array().parse(page.items) });

export const searchRegisters = async (params: TRegisterListParams) =>
  wholeRegisters(await sendPage(registerCalls.search, { page: params.page, size: REGISTERS_PAGE_SIZE, search: params.search, sort: 'name' }));

export const registersListQueryOptions = (params: TRegisterListParams) =>
  queryOptions({ queryKey: [...REGISTERS_QUERY_KEY, 'list', params], queryFn: () => searchRegisters(params), placeholderData: keepPreviousData });
export const useRegistersList = (params: TRegisterListParams) => useQuery(registersListQueryOptions(params));

/** Deleting a register with logs needs `force` (the reference warning names how many values go). */
export const removeRegister = (id: string, force: boolean) => send(registerCalls.remove, { params: { id }, query: force ? { force: 'true' } : {} });

export function useRemoveRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: string; force: boolean }) => removeRegister(id, force),
    // The dialog answers a 420 (logs) with the reference warning itself.
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess('deleteSuccess');
      // The save is done: the lists reload behind it (the dialog does not wait for them).
      void queryClient.invalidateQueries({ queryKey: REGISTERS_QUERY_KEY });
    },
  });
}
