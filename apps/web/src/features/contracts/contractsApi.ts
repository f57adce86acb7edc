import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@audit/domain/zod';
import { IVA_GROUPS, type TIvaGroup } from '@audit/domain/constants';
import { serviceCalls } from '@audit/domain/calls/services';
import { structureCalls } from '@audit/domain/calls/structures';
import { serviceContractCalls } from '@audit/domain/contracts/calls';
import {
  ZServiceContract,
  type TServiceContract,
  type TServiceContractInput,
  type TServiceContractPatch,
  type TServiceContractStatus,
} from '@audit/domain/contracts/schemas';
import type { TSearchBody } from '@audit/domain/search';
import { send, sendPage, urlOf } from '../../api/send';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { notifySuccess } from '../../ui/feedback';

/** The service contracts calls (decision 0083); types are packages/domain's schemas. */
export type TContract = TServiceContract;
export const CONTRACTS_QUERY_KEY = ['service-contracts'] as const;

export interface TContractFilters {
  client?: string;
  status?: TServiceContractStatus[];
  service?: string;
}

export interface TContractListParams {
  page: number;
  size: number;
  search: string;
  sort?: string;
  filters: TContractFilters;
}

/** The list's filters as the search body (the same body its Excel export takes). */
export function contractsBody(p: Pick<TContractListParams, 'search' | 'filters' | 'sort'>): Pick<TSearchBody, 'search' | 'filters' | 'sort'> {
  const filters: TSearchBody['filters'] = [];
  if (p.filters.client) filters.push({ field: 'client', operator: 'eq', value: p.filters.client });
  if (p.filters.status?.length) filters.push({ field: 'status', operator: '$in', value: p.filters.status });
  if (p.filters.service) filters.push({ field: 'service', operator: 'eq', value: p.filters.service });
  return { search: p.search || undefined, filters, sort: p.sort ?? '-startDate' };
}

export const useContracts = (p: TContractListParams) =>
  useQuery({
    queryKey: [...CONTRACTS_QUERY_KEY, 'list', p],
    queryFn: ({ signal }) =>
      wholeRows(ZServiceContract, sendPage(serviceContractCalls.search, { page: p.page, size: p.size, ...contractsBody(p) }, { signal })),
    placeholderData: keepPreviousData,
  });

export const useContract = (id: string | undefined) =>
  useQuery({
    queryKey: [...CONTRACTS_QUERY_KEY, 'one', id],
    queryFn: () => send(serviceContractCalls.get, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });

/** The catalogue's services with the price and IVA group a new line starts from. */
const ZPriced = ZNamed.extend({ price: z.number(), groupIva: z.string() });
export type TPricedService = z.output<typeof ZPriced> & { groupIva: TIvaGroup };

export const useServiceOptions = (enabled = true) =>
  useQuery({
    queryKey: [...CONTRACTS_QUERY_KEY, 'services'],
    queryFn: async () =>
      (
        await wholeRows(ZPriced, sendPage(serviceCalls.search, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name', 'price', 'groupIva'] }))
      ).items.map((s) => ({ ...s, groupIva: (s.groupIva in IVA_GROUPS ? s.groupIva : 'typeA') as TIvaGroup })),
    enabled,
    staleTime: 60_000,
  });

export const useClientOptions = (enabled = true) =>
  useQuery({
    queryKey: [...CONTRACTS_QUERY_KEY, 'clients'],
    queryFn: async () =>
      (await wholeRows(ZNamed, sendPage(structureCalls.clientsSearch, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] }))).items,
    enabled,
    staleTime: 60_000,
  });

function useContractMutation<TArgs, TOut>(call: (args: TArgs) => Promise<TOut>, success: 'createSuccess' | 'updateSuccess' | 'deleteSuccess', silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The form puts field errors on its fields itself (silent); the rest is said by the shell.
    meta: silent ? { silent: true } : undefined,
    onSuccess: () => {
      notifySuccess(success);
      void queryClient.invalidateQueries({ queryKey: CONTRACTS_QUERY_KEY });
    },
  });
}

export const useCreateContract = () => useContractMutation((body: TServiceContractInput) => send(serviceContractCalls.create, { body }), 'createSuccess', true);
export const useUpdateContract = () =>
  useContractMutation(
    ({ id, body }: { id: string; body: TServiceContractPatch }) => send(serviceContractCalls.update, { params: { id }, body }),
    'updateSuccess',
    true,
  );
export const useMoveContract = () =>
  useContractMutation(
    ({ id, status }: { id: string; status: TServiceContractStatus }) => send(serviceContractCalls.status, { params: { id }, body: { status } }),
    'updateSuccess',
  );
export const useRemoveContract = () => useContractMutation((id: string) => send(serviceContractCalls.remove, { params: { id } }), 'deleteSuccess');

/** POST: the filtered list as an .xlsx; GET: one contract's PDF. */
export const CONTRACTS_EXPORT = urlOf(serviceContractCalls.exportExcel);
export const contractPdfUrl = (id: string) => urlOf(serviceContractCalls.pdf, { id });
