import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountCalls } from '@audit/domain/calls/accounts';
import { searchWholeUsers } from '../../api/users';
import type { TSearchRequest } from '../../api/client';
import { send, sendPage } from '../../api/send';

/** The administrator's side of the ways in (decision 0040): access requests and invitations of the current space. */
export type { TInvitation, TJoinRequest } from '@audit/domain/accounts';

export const useJoinRequests = (body: TSearchRequest) =>
  useQuery({
    queryKey: ['access', 'requests', body],
    queryFn: () => sendPage(accountCalls.searchJoinRequests, body),
    placeholderData: keepPreviousData,
  });

export const useInvitations = (body: TSearchRequest) =>
  useQuery({
    queryKey: ['access', 'invitations', body],
    queryFn: () => sendPage(accountCalls.searchInvitations, body),
    placeholderData: keepPreviousData,
  });

/** The people of the current space (the client's users tab: /users/users/list). */
export const useSpaceUsers = (body: TSearchRequest) =>
  useQuery({
    queryKey: ['access', 'users', body],
    queryFn: () => searchWholeUsers(body),
    placeholderData: keepPreviousData,
  });

function useAccessMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['access'] }) });
}

export const useProcessRequest = () =>
  useAccessMutation(({ id, accept }: { id: string; accept: boolean }) => send(accountCalls.processJoinRequest, { params: { id }, body: { accept } }));
export const useInvitationAction = () =>
  useAccessMutation(({ id, action }: { id: string; action: 'resend' | 'cancel' }) =>
    send(action === 'resend' ? accountCalls.resendInvitation : accountCalls.cancelInvitation, { params: { id } }),
  );
