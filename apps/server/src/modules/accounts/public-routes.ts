import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAccepted,
  ZAcceptInvite,
  ZAccessRequest,
  ZAccessRequestLookup,
  ZCaptchaChallenge,
  ZConfirm,
  ZConfirmPhone,
  ZInviteLookup,
  ZProcessAccess,
  ZRecoverRequest,
  ZRecoverReset,
  ZResend,
  ZSignup,
  ZSignupSpace,
} from '@audit/domain/accounts';
import { ZSession } from '@audit/domain/spaces';
import { requireAuth } from '../../platform/auth.js';
import { typed, type TModuleContext } from '../../platform/http.js';
import { confirmPhone } from './phone.js';
import { createChallenge } from './captcha.js';
import { acceptInvitation, lookupInvitation } from './invites.js';
import { lookupJoinRequest, processWithLink, requestToJoin } from './join-requests.js';
import { checkRecoveryLink, requestRecovery, resetWithLink } from './recovery.js';
import { confirm, resendConfirmation, signup, signupSpaces } from './signup.js';

/**
 * The public ways in under /auth/api (decision 0040). Every form a stranger fills carries a solved
 * captcha and is limited per address (ACCOUNT_RATE_LIMIT a minute); the 429 is answered before
 * any database or argon2 work. Links (reset, confirm, accept, process) are limited more loosely.
 */
export async function accountsPublicRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await app.register(rateLimit, { global: false });
  const r = typed(app);
  const formLimit = { max: ctx.config.ACCOUNT_RATE_LIMIT, timeWindow: '1 minute' };
  const linkLimit = { max: Math.max(30, ctx.config.ACCOUNT_RATE_LIMIT), timeWindow: '1 minute' };
  const open = (limit: typeof formLimit) => ({ access: { public: true as const }, rateLimit: limit });
  const tags = ['accounts'];

  r.get('/captcha', {
    config: open({ max: 60, timeWindow: '1 minute' }),
    schema: { tags, summary: 'A proof-of-work captcha challenge (self-hosted)', response: { 200: ZCaptchaChallenge } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return createChallenge(ctx.config.jwtSecret, ctx.config.CAPTCHA_MAX_NUMBER);
    },
  });

  r.post('/recover', {
    config: open(formLimit),
    schema: {
      tags,
      summary: 'Ask for a password recovery e-mail (same answer whether or not the account exists)',
      body: ZRecoverRequest,
      response: { 200: ZAccepted },
    },
    handler: (req) => requestRecovery(ctx, req.body),
  });
  r.post('/recover/check', {
    config: open(linkLimit),
    schema: { tags, summary: 'Is a recovery link still usable (LNK0001 when not)', body: ZConfirm, response: { 200: ZAccepted } },
    handler: (req) => checkRecoveryLink(ctx, req.body.key),
  });
  r.post('/recover/reset', {
    config: open(linkLimit),
    schema: { tags, summary: 'Set a new password with a recovery link (ends every session)', body: ZRecoverReset, response: { 200: ZAccepted } },
    handler: (req) => resetWithLink(ctx, req.body),
  });

  r.get('/signup/spaces', {
    config: open({ max: 60, timeWindow: '1 minute' }),
    schema: { tags, summary: 'Spaces that take sign-ups (empty: the sign-up link is hidden)', response: { 200: z.array(ZSignupSpace) } },
    handler: () => signupSpaces(ctx),
  });
  r.post('/signup', {
    config: open(formLimit),
    schema: { tags, summary: 'Create an unverified account and send the confirmation e-mail', body: ZSignup, response: { 200: ZAccepted } },
    handler: (req) => signup(ctx, req.body),
  });
  r.post('/confirm', {
    config: open(linkLimit),
    schema: { tags, summary: "Confirm an account's e-mail with the link's key", body: ZConfirm, response: { 200: ZAccepted } },
    handler: (req) => confirm(ctx, req.body.key),
  });
  r.post('/confirm/resend', {
    config: open(formLimit),
    schema: {
      tags,
      summary: 'Send the confirmation e-mail again (same answer whether or not the account exists)',
      body: ZResend,
      response: { 200: ZAccepted },
    },
    handler: (req) => resendConfirmation(ctx, req.body),
  });

  r.post('/invites/lookup', {
    config: open(linkLimit),
    schema: {
      tags,
      summary: 'What an invitation link is about (space, e-mail, whether an account is created)',
      body: ZConfirm,
      response: { 200: ZInviteLookup },
    },
    handler: (req) => lookupInvitation(ctx, req.body.key),
  });
  r.post('/invites/accept-invite', {
    config: open(linkLimit),
    schema: {
      tags,
      summary: 'Accept an invitation (a new person also sets a name and a password, and is signed in)',
      body: ZAcceptInvite,
      response: { 200: z.object({ ok: z.literal(true), signIn: z.boolean(), session: ZSession.optional() }) },
    },
    handler: (req) => acceptInvitation(ctx, req.body),
  });

  r.post('/access-requests', {
    config: open(formLimit),
    schema: { tags, summary: 'Ask to join a space; its managers are told by e-mail', body: ZAccessRequest, response: { 200: ZAccepted } },
    handler: (req) => requestToJoin(ctx, req.body),
  });
  r.post('/access-requests/lookup', {
    config: open(linkLimit),
    schema: { tags, summary: "What a manager's access-request link is about", body: ZConfirm, response: { 200: ZAccessRequestLookup } },
    handler: (req) => lookupJoinRequest(ctx, req.body.key),
  });
  r.post('/confirm-phone', {
    config: { access: { permissions: [] }, rateLimit: formLimit },
    schema: { tags, summary: "Confirm the signed-in user's phone with the code texted to it", body: ZConfirmPhone, response: { 200: ZAccepted } },
    handler: (req) => confirmPhone(ctx, requireAuth(req), req.body),
  });

  r.post('/process-access', {
    config: open(linkLimit),
    schema: {
      tags,
      summary: 'Accept or reject an access request from the manager’s link',
      body: ZProcessAccess,
      response: { 200: z.object({ status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']) }) },
    },
    handler: (req) => processWithLink(ctx, req.body),
  });
}
