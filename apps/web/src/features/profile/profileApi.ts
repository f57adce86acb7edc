import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileInput } from '@audit/domain/users';
import { fileCalls } from '@audit/domain/calls/files';
import { userCalls } from '@audit/domain/calls/users';
import { send } from '../../api/send';
import { ME_QUERY_KEY } from '../../session/me';

/** PATCH users/me: avatar, names, username, e-mail, phone, birth date, language and (with the current one) the password; answers the new users/me. */
export const saveProfile = (body: TProfileInput) => send(userCalls.updateMe, { body });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}

/** POST files/image: the new avatar; its id goes in the profile's save. */
export async function uploadAvatar(file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return send(fileCalls.image, { body: form });
}
