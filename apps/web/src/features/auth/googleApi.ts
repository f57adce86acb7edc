import { useMutation, useQuery } from '@tanstack/react-query';
import type { TSocialSigninInput } from '@audit/domain/accounts';
import { authCalls } from '@audit/domain/calls/auth';
import { send } from '../../api/send';

/**
 * Google sign-in (decision 0046): the server says whether it is configured, gives the provider's
 * address with a single-use state, and turns the ID token the provider hands back into a session.
 * The state, the "remember me" choice and where to go afterwards wait in this tab's sessionStorage
 * while the person is at Google; the page Google sends them back to checks the state is this tab's.
 */
const quiet = { meta: { silent: true } };
const PENDING_KEY = 'ways.google';

export interface TGooglePending {
  state: string;
  remember: boolean;
  redirect: string;
}

export const useSocialProviders = () =>
  useQuery({
    queryKey: ['ways', 'social-providers'],
    queryFn: () => send(authCalls.socialProviders, { anonymous: true }),
    staleTime: 5 * 60_000,
    ...quiet,
  });

/** Asks the server for the provider's address, remembers the state in this tab, and leaves for Google. */
export const useStartGoogle = () =>
  useMutation({
    mutationFn: async ({ remember, redirect }: { remember: boolean; redirect: string }) => {
      const started = await send(authCalls.socialStart, { body: { provider: 'google' }, anonymous: true });
      sessionStorage.setItem(PENDING_KEY, JSON.stringify({ state: started.state, remember, redirect } satisfies TGooglePending));
      window.location.assign(started.url);
    },
    ...quiet,
  });

/** The sign-in this tab started (null when none, or not ours). */
export function peekGooglePending(): TGooglePending | null {
  try {
    const text = sessionStorage.getItem(PENDING_KEY);
    const value = text ? (JSON.parse(text) as Partial<TGooglePending>) : null;
    return value && typeof value.state === 'string' ? { state: value.state, remember: value.remember === true, redirect: String(value.redirect ?? '/') } : null;
  } catch {
    return null;
  }
}

/** A state is used once: forgotten when the page Google sends back to reads it. */
export const forgetGooglePending = () => sessionStorage.removeItem(PENDING_KEY);

export const useGoogleSignIn = () =>
  useMutation({
    mutationFn: (body: TSocialSigninInput) => send(authCalls.socialSignIn, { body, anonymous: true }),
    ...quiet,
  });
