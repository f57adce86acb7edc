import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMe, TProfileInput } from '@audit/domain/users';
import { request } from '../../api/client';
import { ME_QUERY_KEY } from '../../session/me';

/** PATCH users/me: name, phone, language and (with the current one) the password; answers the new users/me. */
export const saveProfile = (body: TProfileInput) => request<TMe>('/ms-core/api/users/me', { method: 'PATCH', body });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
