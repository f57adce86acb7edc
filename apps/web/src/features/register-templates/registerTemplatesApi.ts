import { categoryCalls } from '@audit/domain/calls/categories';
import { send, sendPage } from '../../api/send';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZRegisterTemplateOut, type TRegisterTemplateOut, type ZRegisterItemInput, type ZRegisterTemplateInput } from '@audit/domain/registers';
import type { z } from 'zod';
import { registerSectionCalls, registerTemplateCalls } from '@audit/domain/calls/register-templates';
import { notifySuccess, type TSuccessKind } from '../../ui/feedback';

/** Register templates (decision 0031): list in order, the whole tree, header, duplicate, reorder, delete. */
const T = registerTemplateCalls;
const S = registerSectionCalls;
export const REGISTER_TEMPLATES_KEY = ['register-templates'] as const;
export const REGISTER_TEMPLATES_PAGE_SIZE = 20;

export type TRegisterTemplate = TRegisterTemplateOut;
export type TRegisterSection = TRegisterTemplate['sections'][number];
export type TRegisterItem = TRegisterSection['params'][number];
export type TItemKind = TRegisterItem['type'];
export type TRegisterTemplateInput = z.input<typeof ZRegisterTemplateInput>;
export type TRegisterItemInput = z.input<typeof ZRegisterItemInput>;

/** A row of the list: the keys it projects (not the sections). */
const ZTemplateRow = ZRegisterTemplateOut.pick({
  _id: true,
  name: true,
  title: true,
  category: true,
  language: true,
  reportType: true,
  order: true,
  can: true,
});
export type TRegisterTemplateRow = z.infer<typeof ZTemplateRow>;
const ROW_KEYS = Object.keys(ZTemplateRow.shape) as (keyof TRegisterTemplateRow)[];

export interface TListParams {
  page: number;
  search: string;
}
export const useRegisterTemplatesList = (params: TListParams) =>
  useQuery({
    queryKey: [...REGISTER_TEMPLATES_KEY, 'list', params],
    queryFn: async () => {
      const page = await sendPage(T.search, { page: params.page, size: REGISTER_TEMPLATES_PAGE_SIZE, search: params.search, projections: ROW_KEYS });
      return { ...page, items: ZTemplateRow.array().parse(page.items) };
    },
    placeholderData: keepPreviousData,
  });

export const registerTemplateKey = (id: string) => [...REGISTER_TEMPLATES_KEY, 'detail', id] as const;
export const useRegisterTemplate = (id: string) =>
  useQuery(queryOptions({ queryKey: registerTemplateKey(id), queryFn: () => send(T.get, { params: { id } }) }));

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

export const useCreateRegisterTemplate = () => useTemplatesMutation((body: TRegisterTemplateInput) => send(T.create, { body }), 'createSuccess', true);
export const useUpdateRegisterTemplate = () =>
  useTemplatesMutation(
    ({ id, body }: { id: string; body: Partial<TRegisterTemplateInput> }) => send(T.update, { params: { id }, body }),
    'updateSuccess',
    true,
  );
/** Silent: a template still used by a register answers 420 and the dialog says so itself. */
export const useRemoveRegisterTemplate = () => useTemplatesMutation((id: string) => send(T.remove, { params: { id } }), 'deleteSuccess', true);
export const useDuplicateRegisterTemplate = () => useTemplatesMutation((id: string) => send(T.duplicate, { params: { id } }), 'createSuccess');
export const useReorderRegisterTemplate = () =>
  useTemplatesMutation(({ id, position }: { id: string; position: number }) => send(T.reorder, { params: { id }, body: { position } }));

/* Sections and their items: each call answers the section; the template is fetched again after. */
export const useAddSection = () => useTemplatesMutation((body: { template: string; title: string }) => send(S.create, { body }), 'createSuccess');
export const useRenameSection = () =>
  useTemplatesMutation(({ id, title }: { id: string; title: string }) => send(S.update, { params: { sectionId: id }, body: { title } }), 'updateSuccess');
export const useRemoveSection = () => useTemplatesMutation((id: string) => send(S.remove, { params: { sectionId: id } }), 'deleteSuccess');
export const useMoveSection = () =>
  useTemplatesMutation(({ id, position }: { id: string; position: number }) => send(S.order, { params: { sectionId: id }, body: { position } }));

/* A field is named by `fieldId` in its paths, a param by `id`. */
/** Silent: the item dialog puts the server's field errors on its own fields. */
export const useSaveItem = () =>
  useTemplatesMutation(
    ({ section, kind, id, body }: { section: string; kind: TItemKind; id?: string; body: TRegisterItemInput }) =>
      id
        ? kind === 'field'
          ? send(S.updateField, { params: { sectionId: section, fieldId: id }, body })
          : send(S.updateParam, { params: { sectionId: section, id }, body })
        : send(kind === 'field' ? S.addField : S.addParam, { params: { sectionId: section }, body }),
    'updateSuccess',
    true,
  );
export const useRemoveItem = () =>
  useTemplatesMutation(
    ({ section, kind, id }: { section: string; kind: TItemKind; id: string }) =>
      kind === 'field' ? send(S.removeField, { params: { sectionId: section, fieldId: id } }) : send(S.removeParam, { params: { sectionId: section, id } }),
    'deleteSuccess',
  );
export const useMoveItem = () =>
  useTemplatesMutation(({ section, kind, id, position }: { section: string; kind: TItemKind; id: string; position: number }) =>
    kind === 'field'
      ? send(S.orderField, { params: { sectionId: section, fieldId: id }, body: { position } })
      : send(S.orderParam, { params: { sectionId: section, id }, body: { position } }),
  );
