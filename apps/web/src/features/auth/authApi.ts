import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { authCalls } from '@audit/domain/calls/auth';
import type { TSigninInput } from '@audit/domain/spaces';
import { send } from '../../api/send';
import { meQueryOptions } from '../../session/me';
import { clearSession, getRefreshToken, markFreshSignIn, storeSession, type TSession } from '../../session/storage';

/** The sign-in body, and its answer with every space the user may enter (packages/domain/src/spaces.ts). */
export type { TSession as TSigninSession, TSigninInput } from '@audit/domain/spaces';

/** authCalls.signIn: public, so no bearer and a 401 is a wrong password, not an expired session. */
export const signIn = (body: TSigninInput) => send(authCalls.signIn, { body, anonymous: true });

/** authCalls.updateToken (?spaceId=): the structure chosen at sign-in, with the new bearer token. */
export const updateToken = (spaceId: string, token: string) => send(authCalls.updateToken, { query: { spaceId }, token });

export const logout = (refreshToken: string) => send(authCalls.logout, { body: { refreshToken }, anonymous: true });

export const useSignIn = () => useMutation({ mutationFn: signIn, meta: { silent: true } });

export const useChooseStructure = () =>
  useMutation({ mutationFn: ({ spaceId, token }: { spaceId: string; token: string }) => updateToken(spaceId, token), meta: { silent: true } });

/** Stores a new session and forgets everything cached for the previous one. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: TSession) => {
    storeSession(session);
    markFreshSignIn();
    queryClient.clear();
    // The profile is asked for now, beside the shell's code, not once that code has arrived (issue 23).
    void queryClient.prefetchQuery(meQueryOptions());
  };
}

/** Revokes the refresh token, clears storage and the cache, and goes to the sign-in screen. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const refreshToken = getRefreshToken();
      // The session ends on this device first: a query still mounted that meets the server's 401
      // meanwhile is then no "expired session" reloading the page elsewhere (app/queryClient.ts).
      clearSession();
      if (refreshToken) await logout(refreshToken).catch(() => undefined);
    },
    onSettled: () => {
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
    meta: { silent: true },
    // Offline too: the server's logout fails at once (ignored) and the session ends on this device.
    networkMode: 'always',
  });
}
