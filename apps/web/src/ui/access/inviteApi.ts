import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInviteCreate } from '@audit/domain/accounts';
import { accountCalls } from '@audit/domain/calls/accounts';
import { send } from '../../api/send';

// The invitation form's calls, shared by the users tabs and a client's Users tab (decision 0062).
// Their answers live under the ['access'] keys the users tabs' lists read.

/** The roles the caller may invite with: an administrator any, a client's manager none above their own (decision 0048). */
export const useRoleChoices = () => useQuery({ queryKey: ['access', 'roles'], queryFn: () => send(accountCalls.inviteRoles) });

export const useInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteCreate) => send(accountCalls.invite, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['access'] }),
  });
};
