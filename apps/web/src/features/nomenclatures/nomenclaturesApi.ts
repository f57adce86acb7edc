import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../ui/feedback';
import type { TNomenclatureDef } from './definitions';
import { ZCatalogueItem, type TCatalogueItem } from '@audit/domain/nomenclatures';
import { categoryCalls } from '@audit/domain/calls/categories';
import type { TCatalogueCalls } from '@audit/domain/calls/nomenclatures';
import { TOTAL_COUNT_HEADER } from '@audit/domain/constants';
import { send, sendPage, sendWithHeaders } from '../../api/send';

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

// The list asks for whole rows (no projections): the search call's rows are typed partial, so they
// are checked whole here (the row's extras pass through).
const ZRow = ZCatalogueItem.loose();
const whole = (items: unknown[]): TNomenclatureItem[] => items.map((item) => ZRow.parse(item));

export async function searchNomenclature(def: TNomenclatureDef, params: TNomenclatureListParams) {
  const body = { page: params.page, size: params.size, search: params.search, sort: params.sort ?? 'name' };
  if (def.categoryType) {
    const { data, headers } = await sendWithHeaders(categoryCalls.tree, { body: { ...body, search: body.search.trim() || undefined, type: def.categoryType } });
    const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length);
    return { items: data.map(pruneChildren), total: Number.isFinite(total) ? total : data.length };
  }
  const page = await sendPage(def.calls.search, body);
  return { ...page, items: whole(page.items) };
}

export const useNomenclatureList = (def: TNomenclatureDef, params: TNomenclatureListParams) =>
  useQuery({
    queryKey: [...NOMENCLATURES_QUERY_KEY, def.key, 'list', params],
    queryFn: () => searchNomenclature(def, params),
    placeholderData: keepPreviousData,
  });

/** Options of a referenced catalogue (a service's category): names, size 1000. */
export const useCatalogueOptions = (calls: TCatalogueCalls) =>
  useQuery({
    queryKey: [...NOMENCLATURES_QUERY_KEY, calls.search.name, 'options'],
    queryFn: () => sendPage(calls.search, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] }),
  });

type TSuccess = 'createSuccess' | 'updateSuccess' | 'deleteSuccess';

function useNomenclatureMutation<V>(mutationFn: (v: V) => Promise<unknown>, success: (v: V) => TSuccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => {
      notifySuccess(success(variables));
      // The save is done: the lists reload behind it (the dialog does not wait for them).
      void queryClient.invalidateQueries({ queryKey: NOMENCLATURES_QUERY_KEY });
    },
  });
}

export const useSaveNomenclature = (def: TNomenclatureDef) =>
  useNomenclatureMutation(
    ({ id, body }: { id?: string; body: TNomenclatureInput }) => {
      return id ? send(def.calls.update, { params: { id }, body }) : send(def.calls.create, { body });
    },
    ({ id }) => (id ? 'updateSuccess' : 'createSuccess'),
  );

export const useRemoveNomenclature = (def: TNomenclatureDef) =>
  useNomenclatureMutation(
    (id: string) => send(def.calls.remove, { params: { id } }),
    () => 'deleteSuccess',
  );
