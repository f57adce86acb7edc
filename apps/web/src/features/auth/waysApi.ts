import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAcceptInviteInput, TAccessRequestInput, TSignupInput, ZAccessRequestLookup, ZInviteLookup, ZSignupSpace } from '@audit/domain/accounts';
import type { TSession } from '@audit/domain/spaces';
import { request } from '../../api/client';
import { solvedCaptcha } from './captcha';

/** The public ways in (decision 0040): every call anonymous; forms a stranger fills carry a solved captcha. */
type TOk = { ok: true };
const post = <T>(path: string, body: unknown) => request<T>(`/auth/api${path}`, { method: 'POST', body, anonymous: true });
const withCaptcha = async <T>(path: string, body: object) => post<T>(path, { ...body, captcha: await solvedCaptcha() });

export type TInviteLookup = z.infer<typeof ZInviteLookup>;
export type TAccessLookup = z.infer<typeof ZAccessRequestLookup>;
export type TSignupSpace = z.infer<typeof ZSignupSpace>;

const quiet = { meta: { silent: true } };

export const useRecover = () => useMutation({ mutationFn: (body: { identifier: string; language: string }) => withCaptcha<TOk>('/recover', body), ...quiet });
export const useRecoverCheck = (key: string) =>
  useQuery({
    queryKey: ['ways', 'recover-check', key],
    queryFn: () => post<TOk>('/recover/check', { key }),
    enabled: Boolean(key),
    staleTime: Infinity,
    ...quiet,
  });
export const useRecoverReset = () => useMutation({ mutationFn: (body: { key: string; password: string }) => post<TOk>('/recover/reset', body), ...quiet });

export const useSignupSpaces = () =>
  useQuery({ queryKey: ['ways', 'signup-spaces'], queryFn: () => request<TSignupSpace[]>('/auth/api/signup/spaces', { anonymous: true }), ...quiet });
export const useSignup = () => useMutation({ mutationFn: (body: Omit<TSignupInput, 'captcha'>) => withCaptcha<TOk>('/signup', body), ...quiet });
export const useConfirm = () => useMutation({ mutationFn: (key: string) => post<TOk>('/confirm', { key }), ...quiet });
export const useResend = () =>
  useMutation({ mutationFn: (body: { identifier: string; language: string }) => withCaptcha<TOk>('/confirm/resend', body), ...quiet });

export const useInviteLookup = (key: string) =>
  useQuery({
    queryKey: ['ways', 'invite', key],
    queryFn: () => post<TInviteLookup>('/invites/lookup', { key }),
    enabled: Boolean(key),
    staleTime: Infinity,
    ...quiet,
  });
export const useAcceptInvite = () =>
  useMutation({ mutationFn: (body: TAcceptInviteInput) => post<{ ok: true; signIn: boolean; session?: TSession }>('/invites/accept-invite', body), ...quiet });

export const useAccessRequest = () =>
  useMutation({ mutationFn: (body: Omit<TAccessRequestInput, 'captcha'>) => withCaptcha<TOk>('/access-requests', body), ...quiet });
export const useAccessLookup = (key: string) =>
  useQuery({
    queryKey: ['ways', 'access', key],
    queryFn: () => post<TAccessLookup>('/access-requests/lookup', { key }),
    enabled: Boolean(key),
    staleTime: Infinity,
    ...quiet,
  });
export const useProcessAccess = () =>
  useMutation({ mutationFn: (body: { key: string; accept: boolean }) => post<{ status: string }>('/process-access', body), ...quiet });

/** When the last confirmation e-mail was asked for (sign-up or resend), for the spam-folder hint after 15 minutes. */
const SENT_AT_KEY = 'ways.confirmationSentAt';
export const SPAM_HINT_AFTER_MS = 15 * 60_000;
export const rememberConfirmationSent = () => localStorage.setItem(SENT_AT_KEY, String(Date.now()));
export const confirmationSentAt = () => Number(localStorage.getItem(SENT_AT_KEY) ?? 0) || null;
