import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInvitation, TJoinRequest } from '@audit/domain/accounts';
import type { TUser } from '../../session/me';
import { request, searchPage, type TSearchRequest } from '../../api/client';

/** The administrator's side of the ways in (decision 0040): access requests and invitations of the current space. */
export type { TInvitation, TJoinRequest } from '@audit/domain/accounts';

export const useJoinRequests = (body: TSearchRequest) =>
  useQuery({
    queryKey: ['access', 'requests', body],
    queryFn: () => searchPage<TJoinRequest>('/ms-core/api/access-requests/search', body),
    placeholderData: keepPreviousData,
  });

export const useInvitations = (body: TSearchRequest) =>
  useQuery({
    queryKey: ['access', 'invitations', body],
    queryFn: () => searchPage<TInvitation>('/ms-core/api/invites/search', body),
    placeholderData: keepPreviousData,
  });

/** The people of the current space (the client's users tab: /users/users/list). */
export const useSpaceUsers = (body: TSearchRequest) =>
  useQuery({
    queryKey: ['access', 'users', body],
    queryFn: () => searchPage<TUser>('/ms-core/api/users/search', body),
    placeholderData: keepPreviousData,
  });

function useAccessMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['access'] }) });
}

export const useProcessRequest = () =>
  useAccessMutation(({ id, accept }: { id: string; accept: boolean }) =>
    request<TJoinRequest>(`/ms-core/api/access-requests/${id}/process`, { method: 'POST', body: { accept } }),
  );
export const useInvitationAction = () =>
  useAccessMutation(({ id, action }: { id: string; action: 'resend' | 'cancel' }) =>
    request<TInvitation>(`/ms-core/api/invites/${id}/${action}`, { method: 'POST' }),
  );
