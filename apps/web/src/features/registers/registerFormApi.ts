import { categoryCalls } from '@audit/domain/calls/categories';
import { send } from '../../api/send';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFrequency, ZRegisterInput } from '@audit/domain/registers';
import type { z } from 'zod';
import { request, searchPage, type TSearchRequest } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';
import { REGISTERS_QUERY_KEY, type TRegister } from './registersApi';

/** One register, its create / edit / update-frequency calls, and the form's option lists (decision 0035). */
const BASE = '/ms-registry/api/registers';
const CORE = '/ms-core/api';
export type TRegisterInput = z.input<typeof ZRegisterInput>;

export const useRegister = (id: string | undefined) =>
  useQuery({ queryKey: [...REGISTERS_QUERY_KEY, 'detail', id], queryFn: () => request<TRegister>(`${BASE}/${id}`), enabled: Boolean(id) });

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
export const useCreateRegister = () => useRegisterMutation((body: TRegisterInput) => request<TRegister>(BASE, { method: 'POST', body }), 'createSuccess');
export const useUpdateRegister = () =>
  useRegisterMutation(
    ({ id, body }: { id: string; body: Partial<TRegisterInput> }) => request<TRegister>(`${BASE}/${id}`, { method: 'PATCH', body }),
    'updateSuccess',
  );
export const useUpdateFrequency = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, frequency }: { id: string; frequency: TFrequency }) =>
      request<TRegister>(`${BASE}/${id}/update-frequency`, { method: 'PATCH', body: { frequency } }),
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
const options = (key: string, path: string, size: number, extra: TSearchRequest = {}, enabled = true) =>
  ({
    queryKey: [...REGISTERS_QUERY_KEY, 'options', key, extra],
    queryFn: async () => (await searchPage<TOption>(path, { page: 0, size, sort: 'name', ...extra })).items,
    enabled,
  }) as const;

/** Clients (size 250, the calls document's client lookup). */
export const useClientOptions = () => useQuery(options('clients', `${CORE}/structures/search-for-client-users`, 250));
/** The establishments and the areas of one client (the facility select: size 1000). */
export const useEstablishmentOptions = (client?: string) =>
  useQuery(
    options('establishments', `${CORE}/establishments/search`, 1000, { filters: [{ field: 'client', operator: 'eq', value: client ?? '' }] }, Boolean(client)),
  );
export const useAreaOptions = (client?: string) =>
  useQuery(options('areas', `${CORE}/areas/search`, 1000, { filters: [{ field: 'client', operator: 'eq', value: client ?? '' }] }, Boolean(client)));
export const useTemplateOptions = () => useQuery(options('templates', '/ms-registry/api/template-registers/search', 1000, { projections: ['_id', 'name'] }));
export const useTypologyOptions = (enabled: boolean) => useQuery(options('typologies', `${CORE}/typologies/search`, 1000, {}, enabled));
export const useRegisterCategoryTree = () =>
  useQuery({
    queryKey: [...REGISTERS_QUERY_KEY, 'options', 'categories'],
    queryFn: () => send(categoryCalls.tree, { body: { size: 1000, page: 0, type: 'REGISTER' } }),
  });
