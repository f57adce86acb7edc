import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAcceptInviteInput, TAccessRequestInput, TSignupInput, ZAccessRequestLookup, ZInviteLookup, ZSignupSpace } from '@audit/domain/accounts';
import { accountCalls } from '@audit/domain/calls/accounts';
import { send } from '../../api/send';
import { solvedCaptcha } from './captcha';

/** The public ways in (decision 0040): every call anonymous; forms a stranger fills carry a solved captcha. */
const anonymous = true;
/** The interface's language, as the e-mails know them (i18n only ever holds one of them). */
const mailLanguage = (language: string) => (language === 'es' || language === 'en' ? language : undefined);

export type TInviteLookup = z.infer<typeof ZInviteLookup>;
export type TAccessLookup = z.infer<typeof ZAccessRequestLookup>;
export type TSignupSpace = z.infer<typeof ZSignupSpace>;

const quiet = { meta: { silent: true } };

export const useRecover = () =>
  useMutation({
    mutationFn: async (body: { identifier: string; language: string }) =>
      send(accountCalls.recover, { body: { ...body, language: mailLanguage(body.language), captcha: await solvedCaptcha() }, anonymous }),
    ...quiet,
  });
export const useRecoverCheck = (key: string) =>
  useQuery({
    queryKey: ['ways', 'recover-check', key],
    queryFn: () => send(accountCalls.recoverCheck, { body: { key }, anonymous }),
    enabled: Boolean(key),
    staleTime: Infinity,
    ...quiet,
  });
export const useRecoverReset = () =>
  useMutation({ mutationFn: (body: { key: string; password: string }) => send(accountCalls.recoverReset, { body, anonymous }), ...quiet });

export const useSignupSpaces = () => useQuery({ queryKey: ['ways', 'signup-spaces'], queryFn: () => send(accountCalls.signupSpaces, { anonymous }), ...quiet });
export const useSignup = () =>
  useMutation({
    mutationFn: async (body: Omit<TSignupInput, 'captcha'>) => send(accountCalls.signup, { body: { ...body, captcha: await solvedCaptcha() }, anonymous }),
    ...quiet,
  });
export const useConfirm = () => useMutation({ mutationFn: (key: string) => send(accountCalls.confirm, { body: { key }, anonymous }), ...quiet });
export const useResend = () =>
  useMutation({
    mutationFn: async (body: { identifier: string; language: string }) =>
      send(accountCalls.resendConfirmation, { body: { ...body, language: mailLanguage(body.language), captcha: await solvedCaptcha() }, anonymous }),
    ...quiet,
  });

export const useInviteLookup = (key: string) =>
  useQuery({
    queryKey: ['ways', 'invite', key],
    queryFn: () => send(accountCalls.inviteLookup, { body: { key }, anonymous }),
    enabled: Boolean(key),
    staleTime: Infinity,
    ...quiet,
  });
export const useAcceptInvite = () => useMutation({ mutationFn: (body: TAcceptInviteInput) => send(accountCalls.acceptInvite, { body, anonymous }), ...quiet });

export const useAccessRequest = () =>
  useMutation({
    mutationFn: async (body: Omit<TAccessRequestInput, 'captcha'>) =>
      send(accountCalls.requestAccess, { body: { ...body, captcha: await solvedCaptcha() }, anonymous }),
    ...quiet,
  });
export const useAccessLookup = (key: string) =>
  useQuery({
    queryKey: ['ways', 'access', key],
    queryFn: () => send(accountCalls.accessRequestLookup, { body: { key }, anonymous }),
    enabled: Boolean(key),
    staleTime: Infinity,
    ...quiet,
  });
export const useProcessAccess = () =>
  useMutation({ mutationFn: (body: { key: string; accept: boolean }) => send(accountCalls.processAccess, { body, anonymous }), ...quiet });

/** When the last confirmation e-mail was asked for (sign-up or resend), for the spam-folder hint after 15 minutes. */
const SENT_AT_KEY = 'ways.confirmationSentAt';
export const SPAM_HINT_AFTER_MS = 15 * 60_000;
export const rememberConfirmationSent = () => localStorage.setItem(SENT_AT_KEY, String(Date.now()));
export const confirmationSentAt = () => Number(localStorage.getItem(SENT_AT_KEY) ?? 0) || null;
