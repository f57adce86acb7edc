import { areaTypeCalls } from '@audit/domain/calls/nomenclatures';
import { categoryCalls } from '@audit/domain/calls/categories';
import { send, sendPage } from '../../api/send';
import type { TCategoryTree } from '@audit/domain/categories';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZTemplateSummary,
  type TIeQuestionOut,
  type TIeSectionOut,
  type TIncidentOut,
  type TPlaceMeasure,
  type TReadingOption,
  type TSelectOption,
  type TTemplateFieldOut,
  type TTemplateOut,
  type TTemplateQuestionOut,
  type TTemplateRef,
  type TTemplateSectionOut,
  type TTemplateSummary,
} from '@audit/domain/templates';
import { templateCalls } from '@audit/domain/calls/templates';
import type { TCallBody } from '@audit/domain/calls/define';
import type { TSearchFilter } from '@audit/domain/search';
import { TEMPLATE_PAGE_SIZE } from '@audit/domain/constants';
import { auditCalls } from '@audit/domain/calls/audits';
import { serviceCalls } from '@audit/domain/calls/services';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { notifySuccess } from '../../ui/feedback';

/** Audit templates: list, whole tree, header changes, duplicate, enable, delete; and the pickers they need. */
export const TEMPLATES_QUERY_KEY = ['templates'] as const;
export const TEMPLATES_PAGE_SIZE = TEMPLATE_PAGE_SIZE;

/** The API's shapes, inferred from the schemas the server answers with (packages/domain/src/templates.ts). */
export type TRef = TTemplateRef;
export type TSelectOptionOut = TSelectOption;
export type TReadingOptionOut = TReadingOption;
export type TPlaceOut = TPlaceMeasure;
export type TIncident = TIncidentOut;
export type TQuestion = TTemplateQuestionOut;
export type TField = TTemplateFieldOut;
export type TSection = TTemplateSectionOut;
export type TIeQuestion = TIeQuestionOut;
export type TIeSection = TIeSectionOut;
export type { TTemplateSummary };
export type TTemplate = TTemplateOut;

export interface TTemplateFilters {
  enabled?: boolean;
  language?: string;
  service?: string;
}
export interface TTemplateListParams {
  page: number;
  search: string;
  categoryTree?: string;
  filters: TTemplateFilters;
}

export function toSearchFilters(params: Pick<TTemplateListParams, 'categoryTree' | 'filters'>): TSearchFilter[] {
  const out: TSearchFilter[] = [];
  if (params.categoryTree) out.push({ field: 'categoryTree', operator: 'eq', value: params.categoryTree });
  if (params.filters.enabled !== undefined) out.push({ field: 'enabled', operator: 'eq', value: params.filters.enabled });
  if (params.filters.language) out.push({ field: 'language', operator: 'eq', value: params.filters.language });
  if (params.filters.service) out.push({ field: 'service', operator: 'eq', value: params.filters.service });
  return out;
}

/** The list asks for no projections, so each item is a whole summary (the page's schema allows narrowed ones). */
export async function searchTemplates(params: TTemplateListParams) {
  const page = await sendPage(templateCalls.search, {
    page: params.page,
    size: TEMPLATES_PAGE_SIZE,
    search: params.search,
    sort: 'name',
    filters: toSearchFilters(params),
  });
  return { ...page, items: page.items.map((item) => ZTemplateSummary.parse(item)) };
}
export const templatesListQueryOptions = (params: TTemplateListParams) =>
  queryOptions({ queryKey: [...TEMPLATES_QUERY_KEY, 'list', params], queryFn: () => searchTemplates(params), placeholderData: keepPreviousData });
export const useTemplatesList = (params: TTemplateListParams) => useQuery(templatesListQueryOptions(params));

export const fetchTemplate = (id: string) => send(templateCalls.get, { params: { id } });
export const templateQueryKey = (id: string) => [...TEMPLATES_QUERY_KEY, 'detail', id] as const;
export const templateQueryOptions = (id: string) => queryOptions({ queryKey: templateQueryKey(id), queryFn: () => fetchTemplate(id) });
export const useTemplate = (id: string) => useQuery(templateQueryOptions(id));

/** What the header form sends (the create call's body). */
export type TTemplateInput = TCallBody<typeof templateCalls.create>;
type TTemplatePatch = TCallBody<typeof templateCalls.update>;
export const createTemplate = (body: TTemplateInput) => send(templateCalls.create, { body });
export const updateTemplate = (id: string, body: TTemplatePatch) => send(templateCalls.update, { params: { id }, body });
export const removeTemplate = (id: string) => send(templateCalls.remove, { params: { id } });
export const duplicateTemplate = (id: string) => send(templateCalls.duplicate, { params: { id } });
export const setTemplateEnabled = (id: string, enabled: boolean) => send(templateCalls.setEnabled, { params: { id }, body: { enabled } });

function useTemplatesMutation<V, R>(mutationFn: (v: V) => Promise<R>, success: 'createSuccess' | 'updateSuccess' | 'deleteSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notifySuccess(success);
      // The save is done: the lists reload behind it (the dialog does not wait for them).
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY });
    },
  });
}

export const useCreateTemplate = () => useTemplatesMutation(createTemplate, 'createSuccess');
export const useUpdateTemplate = () => useTemplatesMutation(({ id, body }: { id: string; body: TTemplatePatch }) => updateTemplate(id, body), 'updateSuccess');
export const useRemoveTemplate = () => useTemplatesMutation(removeTemplate, 'deleteSuccess');
/** How many audits were made from a template, for the delete confirmation (fresh each time it opens). */
export const useTemplateUsage = (id: string | undefined) =>
  useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'usage', id],
    queryFn: () => send(auditCalls.templateUsage, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    staleTime: 0,
  });
export const useDuplicateTemplate = () => useTemplatesMutation(duplicateTemplate, 'createSuccess');

/** Enabling runs the server's runnability check (10021, 692, 934); the switch follows the cache optimistically and rolls back. */
export function useSetEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setTemplateEnabled(id, enabled),
    onMutate: async ({ id, enabled }) => {
      await queryClient.cancelQueries({ queryKey: TEMPLATES_QUERY_KEY });
      const snapshot = queryClient.getQueriesData({ queryKey: TEMPLATES_QUERY_KEY });
      queryClient.setQueryData<TTemplate>(templateQueryKey(id), (old) => (old ? { ...old, enabled } : old));
      queryClient.setQueriesData<{ items: TTemplateSummary[]; total: number }>({ queryKey: [...TEMPLATES_QUERY_KEY, 'list'] }, (old) =>
        old ? { ...old, items: old.items.map((tpl) => (tpl._id === id ? { ...tpl, enabled } : tpl)) } : old,
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => context?.snapshot.forEach(([key, data]) => queryClient.setQueryData(key, data)),
    onSuccess: () => notifySuccess('updateSuccess'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
}

/** The pickers: TEMPLATE category tree, services, facility (area) types. */
/** The category tree as the server answers it (packages/domain/src/categories.ts). */
export type TCategoryNode = TCategoryTree;
export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: [...TEMPLATES_QUERY_KEY, 'categoryTree'],
    queryFn: () => send(categoryCalls.tree, { body: { size: 1000, page: 0, type: 'TEMPLATE' } }),
  });
export const useCategoryTree = () => useQuery(categoryTreeQueryOptions());

const refsQuery = (kind: 'services' | 'areaTypes', search: () => Promise<TRef[]>) =>
  queryOptions({ queryKey: [...TEMPLATES_QUERY_KEY, kind], queryFn: search });
export const useServices = () =>
  useQuery(refsQuery('services', async () => (await wholeRows(ZNamed, sendPage(serviceCalls.search, { size: 1000, sort: 'name' }))).items));
export const useAreaTypes = () =>
  useQuery(refsQuery('areaTypes', async () => (await wholeRows(ZNamed, sendPage(areaTypeCalls.search, { size: 1000, sort: 'name' }))).items));
