import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, searchPage } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';
import type { TNomenclatureDef } from './definitions';
import type { TCatalogueItem } from '@audit/domain/nomenclatures';

/**
 * A row of any catalogue as the server answers it (packages/domain/src/nomenclatures.ts): the common
 * fields, the extras of its definition (a category's parent, a service's price...) and, in the
 * category tree, its children.
 */
export type TNomenclatureItem = TCatalogueItem & { parent?: string | null; children?: TNomenclatureItem[]; [extra: string]: unknown };

export type TNomenclatureInput = Record<string, unknown>;

/** One key for every catalogue: the client form's option lists share the `nomenclatures` prefix. */
export const NOMENCLATURES_QUERY_KEY = ['nomenclatures'] as const;

export interface TNomenclatureListParams {
  page: number;
  size: number;
  search: string;
  sort?: string;
}

/** Leaves without an empty `children` (the table would show an expand icon). */
const pruneChildren = (item: TNomenclatureItem): TNomenclatureItem => {
  const { children, ...rest } = item;
  return children?.length ? { ...rest, children: children.map(pruneChildren) } : (rest as TNomenclatureItem);
};

export async function searchNomenclature(def: TNomenclatureDef, params: TNomenclatureListParams) {
  const body = { page: params.page, size: params.size, search: params.search, sort: params.sort ?? 'name' };
  if (!def.categoryType) return searchPage<TNomenclatureItem>(`${def.api}/search`, body);
  const page = await searchPage<TNomenclatureItem>(`${def.api}/search-categories-subcategories`, { ...body, type: def.categoryType } as Parameters<
    typeof searchPage
  >[1]);
  return { ...page, items: page.items.map(pruneChildren) };
}

export const useNomenclatureList = (def: TNomenclatureDef, params: TNomenclatureListParams) =>
  useQuery({
    queryKey: [...NOMENCLATURES_QUERY_KEY, def.key, 'list', params],
    queryFn: () => searchNomenclature(def, params),
    placeholderData: keepPreviousData,
  });

/** Options of a referenced catalogue (a service's category): names, size 1000. */
export const useCatalogueOptions = (api: string) =>
  useQuery({
    queryKey: [...NOMENCLATURES_QUERY_KEY, api, 'options'],
    queryFn: () => searchPage<{ _id: string; name: string }>(`${api}/search`, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] }),
  });

type TSuccess = 'createSuccess' | 'updateSuccess' | 'deleteSuccess';

function useNomenclatureMutation<V>(mutationFn: (v: V) => Promise<unknown>, success: (v: V) => TSuccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_data, variables) => {
      notifySuccess(success(variables));
      await queryClient.invalidateQueries({ queryKey: NOMENCLATURES_QUERY_KEY });
    },
  });
}

export const useSaveNomenclature = (def: TNomenclatureDef) =>
  useNomenclatureMutation(
    ({ id, body }: { id?: string; body: TNomenclatureInput }) =>
      id ? request<TNomenclatureItem>(`${def.api}/${id}`, { method: 'PATCH', body }) : request<TNomenclatureItem>(def.api, { method: 'POST', body }),
    ({ id }) => (id ? 'updateSuccess' : 'createSuccess'),
  );

export const useRemoveNomenclature = (def: TNomenclatureDef) =>
  useNomenclatureMutation(
    (id: string) => request<{ ok: true }>(`${def.api}/${id}`, { method: 'DELETE' }),
    () => 'deleteSuccess',
  );
