import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSearchFilter } from '@audit/domain/search';
import { request, searchPage } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';
import type { TStructure, TStructureInput, TStructureType } from '@audit/domain/structures';

const STRUCTURES = '/ms-core/api/structures';

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
  searchPage<TStructure>(`${STRUCTURES}/clients/search`, {
    page: params.page,
    size: params.size,
    search: params.search,
    sort: params.sort ?? 'name',
    filters: toSearchFilters(params.filters),
  });

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
  searchPage<TStructure>(`${STRUCTURES}/parent/search`, { page: 0, size: 1000, search, sort: 'name', filters: toSearchFilters({ active: filters.active }) });
export const useTopClients = (search: string, filters: TClientFilters, enabled: boolean) =>
  useQuery({
    queryKey: [...CLIENTS_QUERY_KEY, 'top', search, filters],
    queryFn: () => searchTopClients(search, filters),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Direct children of a structure (lazy tree nodes). */
export const fetchChildren = (parentId: string) => searchPage<TStructure>(`${STRUCTURES}/${parentId}/children`, { page: 0, size: 1000, sort: 'name' });
export const childrenQueryOptions = (parentId: string) =>
  queryOptions({ queryKey: [...CLIENTS_QUERY_KEY, 'children', parentId], queryFn: () => fetchChildren(parentId) });

export const fetchStructure = (id: string) => request<TStructure>(`${STRUCTURES}/${id}`);
export const structureQueryOptions = (id: string) => queryOptions({ queryKey: [...CLIENTS_QUERY_KEY, 'detail', id], queryFn: () => fetchStructure(id) });
export const useStructure = (id: string | undefined) => useQuery({ ...structureQueryOptions(id ?? ''), enabled: Boolean(id) });

/** The base path of each kind: clients (and sub-structures), establishments, areas. */
const BASE_OF: Record<TStructureType, string> = { STRUCTURE: STRUCTURES, ESTABLISHMENT: '/ms-core/api/establishments', AREA: '/ms-core/api/areas' };

export const createStructure = (type: TStructureType, body: TStructureInput) => request<TStructure>(BASE_OF[type], { method: 'POST', body });
export const updateStructure = (type: TStructureType, id: string, body: TStructureInput) =>
  request<TStructure>(`${BASE_OF[type]}/${id}`, { method: 'PATCH', body });
export const removeStructure = (type: TStructureType, id: string, cascade: boolean) =>
  request<{ ok: true }>(`${BASE_OF[type]}/${id}`, { method: 'DELETE', query: { cascadeDelete: cascade ? 'true' : undefined } });

function useClientsMutation<V, R>(mutationFn: (v: V) => Promise<R>, success: 'createSuccess' | 'updateSuccess' | 'deleteSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      notifySuccess(success);
      await queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY });
    },
  });
}

export const useCreateStructure = (type: TStructureType) => useClientsMutation((body: TStructureInput) => createStructure(type, body), 'createSuccess');
export const useUpdateStructure = (type: TStructureType, id: string) =>
  useClientsMutation((body: TStructureInput) => updateStructure(type, id, body), 'updateSuccess');
export const useRemoveStructure = () =>
  useClientsMutation(({ type, id, cascade }: { type: TStructureType; id: string; cascade: boolean }) => removeStructure(type, id, cascade), 'deleteSuccess');
