import { categoryCalls } from '@audit/domain/calls/categories';
import { send, sendPage } from '../../api/send';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFrequency, ZRegisterInput } from '@audit/domain/registers';
import type { z } from 'zod';
import { areaCalls, establishmentCalls, structureCalls } from '@audit/domain/calls/structures';
import { registerCalls } from '@audit/domain/calls/registers';
import { registerTemplateCalls, typologyCalls } from '@audit/domain/calls/register-templates';
import { type TPage, type TSearchRequest } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';
import { REGISTERS_QUERY_KEY, type TRegister } from './registersApi';

/** One register, its create / edit / update-frequency calls, and the form's option lists (decision 0035). */
export type TRegisterInput = z.input<typeof ZRegisterInput>;

export const useRegister = (id: string | undefined) =>
  useQuery({ queryKey: [...REGISTERS_QUERY_KEY, 'detail', id], queryFn: () => send(registerCalls.get, { params: { id: id! } }), enabled: Boolean(id) });

function useRegisterMutation<V>(mutationFn: (v: V) => Promise<TRegister>, success: 'createSuccess' | 'updateSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The form puts field errors on its fields itself.
    meta: { silent: true },
    onSuccess: () => notifySuccess(success),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REGISTERS_QUERY_KEY }),
  });
}
export const useCreateRegister = () => useRegisterMutation((body: TRegisterInput) => send(registerCalls.create, { body }), 'createSuccess');
export const useUpdateRegister = () =>
  useRegisterMutation(({ id, body }: { id: string; body: Partial<TRegisterInput> }) => send(registerCalls.update, { params: { id }, body }), 'updateSuccess');
export const useUpdateFrequency = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, frequency }: { id: string; frequency: TFrequency }) => send(registerCalls.updateFrequency, { params: { id }, body: { frequency } }),
    onSuccess: () => notifySuccess('updateSuccess'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REGISTERS_QUERY_KEY }),
  });
};

export interface TOption {
  _id: string;
  name: string;
  parent?: string | null;
  areaAccess?: string | null;
}
/** One page of options: a search call. */
type TOptionsSearch = (body: TSearchRequest) => Promise<TPage<Partial<TOption>>>;
/** Options are named rows: a row the server answers without its id or name is left out. */
const named = (items: Partial<TOption>[]): TOption[] => items.flatMap(({ _id, name, ...rest }) => (_id && name !== undefined ? [{ ...rest, _id, name }] : []));
const options = (key: string, search: TOptionsSearch, size: number, extra: TSearchRequest = {}, enabled = true) =>
  ({
    queryKey: [...REGISTERS_QUERY_KEY, 'options', key, extra],
    queryFn: async () => named((await search({ page: 0, size, sort: 'name', ...extra })).items),
    enabled,
  }) as const;

/** Clients (size 250, the calls document's client lookup). */
export const useClientOptions = () => useQuery(options('clients', (body) => sendPage(structureCalls.searchForClientUsers, body), 250));
/** The establishments and the areas of one client (the facility select: size 1000). */
export const useEstablishmentOptions = (client?: string) =>
  useQuery(
    options(
      'establishments',
      (body) => sendPage(establishmentCalls.search, body),
      1000,
      { filters: [{ field: 'client', operator: 'eq', value: client ?? '' }] },
      Boolean(client),
    ),
  );
export const useAreaOptions = (client?: string) =>
  useQuery(
    options(
      'areas',
      (body) => sendPage(areaCalls.search, body),
      1000,
      { filters: [{ field: 'client', operator: 'eq', value: client ?? '' }] },
      Boolean(client),
    ),
  );
export const useTemplateOptions = () =>
  useQuery(
    options(
      'templates',
      async (body) => {
        const page = await sendPage(registerTemplateCalls.search, body);
        return { total: page.total, items: page.items.map(({ _id, name }) => ({ _id, name })) };
      },
      1000,
      { projections: ['_id', 'name'] },
    ),
  );
export const useTypologyOptions = (enabled: boolean) =>
  useQuery(
    options(
      'typologies',
      async (body) => {
        const page = await sendPage(typologyCalls.search, body);
        return { total: page.total, items: page.items.map(({ _id, name }) => ({ _id, name })) };
      },
      1000,
      {},
      enabled,
    ),
  );
export const useRegisterCategoryTree = () =>
  useQuery({
    queryKey: [...REGISTERS_QUERY_KEY, 'options', 'categories'],
    queryFn: () => send(categoryCalls.tree, { body: { size: 1000, page: 0, type: 'REGISTER' } }),
  });
