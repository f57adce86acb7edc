import { z } from '../zod.js';
import { ZSocialProviders, ZSocialSignin, ZSocialStart, ZSocialStarted } from '../accounts.js';
import { ZSession, ZSignin } from '../spaces.js';
import { AUTH, CORE, defineCall } from './define.js';

/** Sessions (sign-in, refresh, space switch, logout) and Google sign-in (decision 0046). */
export const authCalls = {
  signIn: defineCall({ name: 'auth.signIn', method: 'POST', path: `${AUTH}/signin`, body: ZSignin, response: ZSession }),
  signInAdmin: defineCall({ name: 'auth.signInAdmin', method: 'POST', path: `${AUTH}/signin-admin`, body: ZSignin, response: ZSession }),
  /** Rotates a refresh token (reuse revokes the family); `refresh` is the older name of `refreshToken`. */
  refresh: defineCall({
    name: 'auth.refresh',
    method: 'POST',
    path: `${AUTH}/refresh-token`,
    body: z
      .object({ refreshToken: z.string().min(10).max(200).optional(), refresh: z.string().min(10).max(200).optional(), space: z.string().uuid().optional() })
      .refine((b) => b.refreshToken ?? b.refresh, { path: ['refreshToken'] }),
    response: ZSession,
  }),
  /** Switches the session to another space. */
  updateToken: defineCall({
    name: 'auth.updateToken',
    method: 'POST',
    path: `${AUTH}/update-token`,
    query: z.object({ spaceId: z.string().uuid() }),
    response: ZSession,
  }),
  logout: defineCall({
    name: 'auth.logout',
    method: 'POST',
    path: `${AUTH}/logout`,
    body: z.object({ refreshToken: z.string().min(10).max(200) }),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** Entering a space issues a session for it (decision 0019). */
  spaceAccess: defineCall({
    name: 'auth.spaceAccess',
    method: 'POST',
    path: `${CORE}/spaces/:id/access`,
    params: z.object({ id: z.string().uuid() }),
    response: ZSession,
  }),
  socialProviders: defineCall({ name: 'auth.socialProviders', method: 'GET', path: `${AUTH}/social-signin/providers`, response: ZSocialProviders }),
  socialStart: defineCall({ name: 'auth.socialStart', method: 'POST', path: `${AUTH}/social-signin/start`, body: ZSocialStart, response: ZSocialStarted }),
  socialSignIn: defineCall({ name: 'auth.socialSignIn', method: 'POST', path: `${AUTH}/social-signin`, body: ZSocialSignin, response: ZSession }),
};
