import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from '@audit/domain/zod';
import { ZRole, type TRoleCreate } from '@audit/domain/roles';
import { roleCalls } from '@audit/domain/calls/roles';
import { userCalls } from '@audit/domain/calls/users';
import { ZUser } from '@audit/domain/users';
import { fileCalls } from '@audit/domain/calls/files';
import { traceCalls, ZTrace, type TTrace } from '@audit/domain/calls/traces';
import { type TSearchRequest } from '../../api/client';
import { send, sendPage } from '../../api/send';
import { ZSpaceListItem, type TSpaceCreate, type TSpaceSettings, type TSpaceUpdate } from '@audit/domain/spaces';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { ME_QUERY_KEY } from '../../session/me';
import { CURRENT_SPACE_QUERY_KEY } from '../../session/space';
import { notifySuccess, type TSuccessKind } from '../../ui/feedback';

/** The administration screens' calls (decision 0047): roles and permissions, traces, spaces, the current space's settings. */
export type { TPermissionItem, TRole } from '@audit/domain/roles';
export type { TSpaceListItem } from '@audit/domain/spaces';

export type { TTrace };
/** A trace as the list shows it: every field but the payload (read with `useTrace` when one is opened). */
const ZTraceRow = ZTrace.omit({ payload: true });
export type TTraceRow = z.output<typeof ZTraceRow>;

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
  useQuery({
    queryKey: [...KEY, 'roles'],
    queryFn: async () => {
      // Without projections every role comes whole (the call's answer is partial only for a projection).
      const page = await sendPage(roleCalls.search, { size: 250, page: 0, sort: 'name' });
      return { ...page, items: page.items.map((role) => ZRole.parse(role)) };
    },
  });
export const usePermissionNames = () =>
  useQuery({
    queryKey: [...KEY, 'permissions'],
    queryFn: () => sendPage(roleCalls.permissions, { size: 1000, page: 0, sort: 'name' }),
    staleTime: Infinity,
  });
export const useCreateRole = () => useAdminMutation((body: TRoleCreate) => send(roleCalls.create, { body }), 'createSuccess');
export const useRenameRole = () => useAdminMutation(({ id, name }: { id: string; name: string }) => send(roleCalls.update, { params: { id }, body: { name } }));
export const useSetRolePermissions = () =>
  useAdminMutation(
    ({ id, permissions }: { id: string; permissions: string[] }) => send(roleCalls.setPermissions, { params: { id }, body: { permissions } }),
    'updateSuccess',
    ME_QUERY_KEY,
  );
export const useDeleteRole = () => useAdminMutation((id: string) => send(roleCalls.remove, { params: { id } }), 'deleteSuccess');

// ---- Traces ----

/**
 * With `space`: the traces of that space and below it only (a client's history). The list asks for
 * every field but the payload (TracesPage's projections), so each row is checked whole without it.
 */
export const useTraces = (body: TSearchRequest & { space?: string }) =>
  useQuery({
    queryKey: [...KEY, 'traces', body],
    queryFn: () => wholeRows(ZTraceRow, sendPage(traceCalls.search, body)),
    placeholderData: keepPreviousData,
  });
export const useTrace = (id: string | null) =>
  useQuery({ queryKey: [...KEY, 'trace', id], queryFn: () => send(traceCalls.get, { params: { id: id ?? '' } }), enabled: Boolean(id) });
/** The users a trace may name (the owner filter), searched as one types: the projection answers these keys. */
const ZUserChoice = ZUser.pick({ _id: true, fullName: true, email: true });
export const useUserChoices = (search: string) =>
  useQuery({
    queryKey: [...KEY, 'users', search],
    queryFn: async () => {
      const page = await sendPage(userCalls.search, { size: 20, page: 0, search: search || undefined, projections: ['fullName', 'email'] });
      return { ...page, items: page.items.map((user) => ZUserChoice.parse(user)) };
    },
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
  return send(fileCalls.image, { body: form });
}
