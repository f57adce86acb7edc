import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPermissionItem, TRole, TRoleCreate } from '@audit/domain/roles';
import { ZSpaceListItem, type TSpaceCreate, type TSpaceSettings, type TSpaceUpdate } from '@audit/domain/spaces';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { request, searchPage, type TSearchRequest } from '../../api/client';
import { send, sendPage } from '../../api/send';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { ME_QUERY_KEY } from '../../session/me';
import { CURRENT_SPACE_QUERY_KEY } from '../../session/space';
import { notifySuccess, type TSuccessKind } from '../../ui/feedback';

/** The administration screens' calls (decision 0047): roles and permissions, traces, spaces, the current space's settings. */
export type { TPermissionItem, TRole } from '@audit/domain/roles';
export type { TSpaceListItem } from '@audit/domain/spaces';

export interface TTrace {
  _id: string;
  type: 'CREATE' | 'UPDATE' | 'REMOVE' | 'RESTORE';
  owner: string | null;
  ownerName: string | null;
  entity: string | null;
  module: string;
  section: string;
  payload: unknown;
  date: string;
}

const KEY = ['admin'] as const;

function useAdminMutation<V, R>(mutationFn: (vars: V) => Promise<R>, success: TSuccessKind = 'updateSuccess', also?: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notifySuccess(success);
      void client.invalidateQueries({ queryKey: KEY });
      if (also) void client.invalidateQueries({ queryKey: also });
    },
  });
}

// ---- Roles and permissions ----

export const useRoles = () =>
  useQuery({ queryKey: [...KEY, 'roles'], queryFn: () => searchPage<TRole>('/ms-core/api/roles/search', { size: 250, page: 0, sort: 'name' }) });
export const usePermissionNames = () =>
  useQuery({
    queryKey: [...KEY, 'permissions'],
    queryFn: () => searchPage<TPermissionItem>('/ms-core/api/permissions/search', { size: 1000, page: 0, sort: 'name' }),
    staleTime: Infinity,
  });
export const useCreateRole = () => useAdminMutation((body: TRoleCreate) => request<TRole>('/ms-core/api/roles', { method: 'POST', body }), 'createSuccess');
export const useRenameRole = () =>
  useAdminMutation(({ id, name }: { id: string; name: string }) => request<TRole>(`/ms-core/api/roles/${id}`, { method: 'PATCH', body: { name } }));
export const useSetRolePermissions = () =>
  useAdminMutation(
    ({ id, permissions }: { id: string; permissions: string[] }) =>
      request<TRole>(`/ms-core/api/roles/${id}/permission`, { method: 'POST', body: { permissions } }),
    'updateSuccess',
    ME_QUERY_KEY,
  );
export const useDeleteRole = () => useAdminMutation((id: string) => request(`/ms-core/api/roles/${id}`, { method: 'DELETE' }), 'deleteSuccess');

// ---- Traces ----

/** With `space`: the traces of that space and below it only (a client's history). */
export const useTraces = (body: TSearchRequest & { space?: string }) =>
  useQuery({ queryKey: [...KEY, 'traces', body], queryFn: () => searchPage<TTrace>('/ms-core/api/traces/search', body), placeholderData: keepPreviousData });
export const useTrace = (id: string | null) =>
  useQuery({ queryKey: [...KEY, 'trace', id], queryFn: () => request<TTrace>(`/ms-core/api/traces/${id}`), enabled: Boolean(id) });
/** The users a trace may name (the owner filter), searched as one types. */
export const useUserChoices = (search: string) =>
  useQuery({
    queryKey: [...KEY, 'users', search],
    queryFn: () =>
      searchPage<{ _id: string; fullName: string; email: string }>('/ms-core/api/users/search', {
        size: 20,
        page: 0,
        search: search || undefined,
        projections: ['fullName', 'email'],
      }),
    placeholderData: keepPreviousData,
  });

// ---- Spaces ----

/** The spaces list: whole rows (no projection). */
export const useSpaces = (body: Omit<TSearchRequest, 'projections'>) =>
  useQuery({
    queryKey: [...KEY, 'spaces', body],
    queryFn: () => wholeRows(ZSpaceListItem, sendPage(spaceCalls.search, body)),
    placeholderData: keepPreviousData,
  });
/** Spaces by name (a selector's options): projections ['name']. */
export const useSpaceNames = (body: Omit<TSearchRequest, 'projections'>) =>
  useQuery({
    queryKey: [...KEY, 'spaces', 'names', body],
    queryFn: () => wholeRows(ZNamed, sendPage(spaceCalls.search, { ...body, projections: ['name'] })),
    placeholderData: keepPreviousData,
  });
export const identifierTaken = async (identifier: string) => (await send(spaceCalls.identifierExists, { body: { identifier }, anonymous: true })).exists;
export const useCreateSpace = () => useAdminMutation((body: TSpaceCreate) => send(spaceCalls.create, { body }), 'createSuccess', ['spaces']);
export const useUpdateSpace = () =>
  useAdminMutation(({ id, body }: { id: string; body: TSpaceUpdate }) => send(spaceCalls.update, { params: { id }, body }), 'updateSuccess', ['spaces']);

// ---- Settings of the current space ----

export const useSaveSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSpaceSettings) => send(spaceCalls.updateSettings, { body }),
    onSuccess: (space) => {
      notifySuccess('updateSuccess');
      client.setQueryData(CURRENT_SPACE_QUERY_KEY, space);
      void client.invalidateQueries({ queryKey: CURRENT_SPACE_QUERY_KEY });
    },
  });
};

/** A logo: uploaded as an image of the current space (the server fits it in 800 x 800); answers its id. */
export async function uploadLogo(file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return request<{ _id: string; url: string }>('/ms-core/api/files/image', { method: 'POST', body: form });
}
