import { categoryCalls } from '@audit/domain/calls/categories';
import { send } from '../../api/send';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRegisterTemplateOut, ZRegisterItemInput, ZRegisterTemplateInput } from '@audit/domain/registers';
import type { z } from 'zod';
import { request, searchPage } from '../../api/client';
import { notifySuccess, type TSuccessKind } from '../../ui/feedback';

/** Register templates (decision 0031): list in order, the whole tree, header, duplicate, reorder, delete. */
const BASE = '/ms-registry/api/template-registers';
const SECTIONS = '/ms-registry/api/register-sections';
export const REGISTER_TEMPLATES_KEY = ['register-templates'] as const;
export const REGISTER_TEMPLATES_PAGE_SIZE = 20;

export type TRegisterTemplate = TRegisterTemplateOut;
export type TRegisterSection = TRegisterTemplate['sections'][number];
export type TRegisterItem = TRegisterSection['params'][number];
export type TItemKind = TRegisterItem['type'];
export type TRegisterTemplateInput = z.input<typeof ZRegisterTemplateInput>;
export type TRegisterItemInput = z.input<typeof ZRegisterItemInput>;

export interface TListParams {
  page: number;
  search: string;
}
export const useRegisterTemplatesList = (params: TListParams) =>
  useQuery({
    queryKey: [...REGISTER_TEMPLATES_KEY, 'list', params],
    queryFn: () =>
      searchPage<TRegisterTemplate>(`${BASE}/search`, {
        page: params.page,
        size: REGISTER_TEMPLATES_PAGE_SIZE,
        search: params.search,
        projections: ['_id', 'name', 'title', 'category', 'language', 'reportType', 'order', 'can'],
      }),
    placeholderData: keepPreviousData,
  });

export const registerTemplateKey = (id: string) => [...REGISTER_TEMPLATES_KEY, 'detail', id] as const;
export const useRegisterTemplate = (id: string) =>
  useQuery(queryOptions({ queryKey: registerTemplateKey(id), queryFn: () => request<TRegisterTemplate>(`${BASE}/${id}`) }));

/** The REGISTER category tree (the header's category). */
export const useRegisterCategories = () =>
  useQuery({
    queryKey: [...REGISTER_TEMPLATES_KEY, 'categories'],
    queryFn: () => send(categoryCalls.tree, { body: { size: 1000, page: 0, type: 'REGISTER' } }),
  });

/** A mutation that says what it did and refreshes every register template query. */
function useTemplatesMutation<V, R>(mutationFn: (v: V) => Promise<R>, success?: TSuccessKind, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent },
    onSuccess: () => success && notifySuccess(success),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REGISTER_TEMPLATES_KEY }),
  });
}

export const useCreateRegisterTemplate = () =>
  useTemplatesMutation((body: TRegisterTemplateInput) => request<TRegisterTemplate>(BASE, { method: 'POST', body }), 'createSuccess', true);
export const useUpdateRegisterTemplate = () =>
  useTemplatesMutation(
    ({ id, body }: { id: string; body: Partial<TRegisterTemplateInput> }) => request<TRegisterTemplate>(`${BASE}/${id}`, { method: 'PATCH', body }),
    'updateSuccess',
    true,
  );
/** Silent: a template still used by a register answers 420 and the dialog says so itself. */
export const useRemoveRegisterTemplate = () =>
  useTemplatesMutation((id: string) => request<{ ok: true }>(`${BASE}/${id}`, { method: 'DELETE' }), 'deleteSuccess', true);
export const useDuplicateRegisterTemplate = () =>
  useTemplatesMutation((id: string) => request<TRegisterTemplate>(`${BASE}/${id}/duplicate`, { method: 'POST' }), 'createSuccess');
export const useReorderRegisterTemplate = () =>
  useTemplatesMutation(({ id, position }: { id: string; position: number }) =>
    request<TRegisterTemplate>(`${BASE}/${id}/reorder`, { method: 'POST', body: { position } }),
  );

/* Sections and their items: each call answers the section; the template is fetched again after. */
export const useAddSection = () =>
  useTemplatesMutation((body: { template: string; title: string }) => request<TRegisterSection>(SECTIONS, { method: 'POST', body }), 'createSuccess');
export const useRenameSection = () =>
  useTemplatesMutation(
    ({ id, title }: { id: string; title: string }) => request<TRegisterSection>(`${SECTIONS}/${id}`, { method: 'PATCH', body: { title } }),
    'updateSuccess',
  );
export const useRemoveSection = () => useTemplatesMutation((id: string) => request(`${SECTIONS}/${id}`, { method: 'DELETE' }), 'deleteSuccess');
export const useMoveSection = () =>
  useTemplatesMutation(({ id, position }: { id: string; position: number }) =>
    request<TRegisterSection>(`${SECTIONS}/${id}/order`, { method: 'PATCH', body: { position } }),
  );

const itemPath = (section: string, kind: TItemKind, id?: string) => `${SECTIONS}/${section}/${kind}${id ? `/${id}` : ''}`;
/** Silent: the item dialog puts the server's field errors on its own fields. */
export const useSaveItem = () =>
  useTemplatesMutation(
    ({ section, kind, id, body }: { section: string; kind: TItemKind; id?: string; body: TRegisterItemInput }) =>
      id
        ? request<TRegisterSection>(`${itemPath(section, kind, id)}/update`, { method: 'PATCH', body })
        : request<TRegisterSection>(`${itemPath(section, kind)}/add`, { method: 'POST', body }),
    'updateSuccess',
    true,
  );
export const useRemoveItem = () =>
  useTemplatesMutation(
    ({ section, kind, id }: { section: string; kind: TItemKind; id: string }) =>
      request<TRegisterSection>(`${itemPath(section, kind, id)}/remove`, { method: 'DELETE' }),
    'deleteSuccess',
  );
export const useMoveItem = () =>
  useTemplatesMutation(({ section, kind, id, position }: { section: string; kind: TItemKind; id: string; position: number }) =>
    request<TRegisterSection>(`${itemPath(section, kind, id)}/order`, { method: 'PATCH', body: { position } }),
  );
