import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSearchFilter } from '@audit/domain/search';
import type { TCall, TCallBody } from '@audit/domain/calls/define';
import { areaCalls, establishmentCalls, structureCalls } from '@audit/domain/calls/structures';
import { send, sendPage } from '../../api/send';
import { notifySuccess } from '../../ui/feedback';
import { ZStructure, type TStructureInput, type TStructureType } from '@audit/domain/structures';
import { wholeRows } from '../../api/wholeRows';

/** The API's shapes, inferred from the schemas the server validates with (packages/domain/src/structures.ts). */
export type { TPhone, TStructure, TStructureInput, TStructureType } from '@audit/domain/structures';

export interface TClientFilters {
  active?: boolean;
}

export interface TClientListParams {
  page: number;
  size: number;
  search: string;
  sort?: string;
  filters: TClientFilters;
}

export const CLIENTS_QUERY_KEY = ['clients'] as const;

export function toSearchFilters(filters: TClientFilters): TSearchFilter[] {
  const out: TSearchFilter[] = [];
  if (filters.active !== undefined) out.push({ field: 'active', operator: 'eq', value: filters.active });
  return out;
}

/**
 * The flat list and the directory: the clients of the scope (their establishments and areas are in
 * each client's Structure tab; listed together, page 1 was mostly areas, several named "Cocina").
 */
export const searchClients = (params: TClientListParams) =>
  wholeRows(
    ZStructure,
    sendPage(structureCalls.clientsSearch, {
      page: params.page,
      size: params.size,
      search: params.search,
      sort: params.sort ?? 'name',
      filters: toSearchFilters(params.filters),
    }),
  );

export const useClientsList = (params: TClientListParams, enabled = true) =>
  useQuery({ queryKey: [...CLIENTS_QUERY_KEY, 'list', params], queryFn: () => searchClients(params), placeholderData: keepPreviousData, enabled });

/** Directory view: 25 per page, the next page when scrolled to the end. */
export const useClientsDirectory = (params: Omit<TClientListParams, 'page' | 'size'>, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...CLIENTS_QUERY_KEY, 'directory', params],
    queryFn: ({ pageParam }) => searchClients({ ...params, page: pageParam, size: 25 }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? pages.length : undefined),
    enabled,
  });

/** Tree roots: the company's top clients (searchable). */
export const searchTopClients = (search: string, filters: TClientFilters) =>
  wholeRows(
    ZStructure,
    sendPage(structureCalls.parentSearch, { page: 0, size: 1000, search, sort: 'name', filters: toSearchFilters({ active: filters.active }) }),
  );
export const useTopClients = (search: string, filters: TClientFilters, enabled: boolean) =>
  useQuery({
    queryKey: [...CLIENTS_QUERY_KEY, 'top', search, filters],
    queryFn: () => searchTopClients(search, filters),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Direct children of a structure (lazy tree nodes). */
export const fetchChildren = (parentId: string) =>
  wholeRows(ZStructure, sendPage(structureCalls.children, { page: 0, size: 1000, sort: 'name' }, { params: { parentId } }));
export const childrenQueryOptions = (parentId: string) =>
  queryOptions({ queryKey: [...CLIENTS_QUERY_KEY, 'children', parentId], queryFn: () => fetchChildren(parentId) });

export const fetchStructure = (id: string) => send(structureCalls.get, { params: { id } });
export const structureQueryOptions = (id: string) => queryOptions({ queryKey: [...CLIENTS_QUERY_KEY, 'detail', id], queryFn: () => fetchStructure(id) });
export const useStructure = (id: string | undefined) => useQuery({ ...structureQueryOptions(id ?? ''), enabled: Boolean(id) });

/**
 * The calls of each kind: clients (and sub-structures), establishments, areas. The form's body is one
 * shape for every kind (TStructureInput); the form requires what each kind's body requires and the
 * server checks it against the kind's schema, as before.
 */
const bodyFor = <C extends TCall>(_call: C, body: TStructureInput) => body as TCallBody<C>;

export const createStructure = (type: TStructureType, body: TStructureInput) => {
  if (type === 'ESTABLISHMENT') return send(establishmentCalls.create, { body: bodyFor(establishmentCalls.create, body) });
  if (type === 'AREA') return send(areaCalls.create, { body: bodyFor(areaCalls.create, body) });
  return send(structureCalls.create, { body: bodyFor(structureCalls.create, body) });
};
export const updateStructure = (type: TStructureType, id: string, body: TStructureInput) => {
  if (type === 'ESTABLISHMENT') return send(establishmentCalls.update, { params: { id }, body: bodyFor(establishmentCalls.update, body) });
  if (type === 'AREA') return send(areaCalls.update, { params: { id }, body: bodyFor(areaCalls.update, body) });
  return send(structureCalls.update, { params: { id }, body: bodyFor(structureCalls.update, body) });
};
const REMOVE_OF = { STRUCTURE: structureCalls.remove, ESTABLISHMENT: establishmentCalls.remove, AREA: areaCalls.remove } as const;
export const removeStructure = (type: TStructureType, id: string, cascade: boolean) =>
  send(REMOVE_OF[type], { params: { id }, query: { cascadeDelete: cascade ? 'true' : undefined } });

function useClientsMutation<V, R>(mutationFn: (v: V) => Promise<R>, success: 'createSuccess' | 'updateSuccess' | 'deleteSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notifySuccess(success);
      // The save is done: the lists reload behind it (the dialog does not wait for them).
      void queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY });
    },
  });
}

export const useCreateStructure = (type: TStructureType) => useClientsMutation((body: TStructureInput) => createStructure(type, body), 'createSuccess');
export const useUpdateStructure = (type: TStructureType, id: string) =>
  useClientsMutation((body: TStructureInput) => updateStructure(type, id, body), 'updateSuccess');
export const useRemoveStructure = () =>
  useClientsMutation(({ type, id, cascade }: { type: TStructureType; id: string; cascade: boolean }) => removeStructure(type, id, cascade), 'deleteSuccess');
