import { registerRateLimits } from '../../platform/rate-limit/store.js';
import type { FastifyInstance } from 'fastify';
import { accountCalls } from '@audit/domain/calls/accounts';
import { requireAuth } from '../../platform/auth.js';
import { type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
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
  await registerRateLimits(app, ctx.db);
  const formLimit = { max: ctx.config.ACCOUNT_RATE_LIMIT, timeWindow: '1 minute' };
  const linkLimit = { max: Math.max(30, ctx.config.ACCOUNT_RATE_LIMIT), timeWindow: '1 minute' };
  const open = (limit: typeof formLimit) => ({ access: { public: true as const }, rateLimit: limit });
  const tags = ['accounts'];

  route(app, accountCalls.captcha, {
    config: open({ max: 60, timeWindow: '1 minute' }),
    tags,
    summary: 'A proof-of-work captcha challenge (self-hosted)',
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return createChallenge(ctx.config.jwtSecret, ctx.config.CAPTCHA_MAX_NUMBER);
    },
  });

  route(app, accountCalls.recover, {
    config: open(formLimit),
    tags,
    summary: 'Ask for a password recovery e-mail (same answer whether or not the account exists)',
    handler: (req) => requestRecovery(ctx, req.body),
  });
  route(app, accountCalls.recoverCheck, {
    config: open(linkLimit),
    tags,
    summary: 'Is a recovery link still usable (LNK0001 when not)',
    handler: (req) => checkRecoveryLink(ctx, req.body.key),
  });
  route(app, accountCalls.recoverReset, {
    config: open(linkLimit),
    tags,
    summary: 'Set a new password with a recovery link (ends every session)',
    handler: (req) => resetWithLink(ctx, req.body),
  });

  route(app, accountCalls.signupSpaces, {
    config: open({ max: 60, timeWindow: '1 minute' }),
    tags,
    summary: 'Spaces that take sign-ups (empty: the sign-up link is hidden)',
    handler: () => signupSpaces(ctx),
  });
  route(app, accountCalls.signup, {
    config: open(formLimit),
    tags,
    summary: 'Create an unverified account and send the confirmation e-mail',
    handler: (req) => signup(ctx, req.body),
  });
  route(app, accountCalls.confirm, {
    config: open(linkLimit),
    tags,
    summary: "Confirm an account's e-mail with the link's key",
    handler: (req) => confirm(ctx, req.body.key),
  });
  route(app, accountCalls.resendConfirmation, {
    config: open(formLimit),
    tags,
    summary: 'Send the confirmation e-mail again (same answer whether or not the account exists)',
    handler: (req) => resendConfirmation(ctx, req.body),
  });

  route(app, accountCalls.inviteLookup, {
    config: open(linkLimit),
    tags,
    summary: 'What an invitation link is about (space, e-mail, whether an account is created)',
    handler: (req) => lookupInvitation(ctx, req.body.key),
  });
  route(app, accountCalls.acceptInvite, {
    config: open(linkLimit),
    tags,
    summary: 'Accept an invitation (a new person also sets a name and a password, and is signed in)',
    handler: (req) => acceptInvitation(ctx, req.body),
  });

  route(app, accountCalls.requestAccess, {
    config: open(formLimit),
    tags,
    summary: 'Ask to join a space; its managers are told by e-mail',
    handler: (req) => requestToJoin(ctx, req.body),
  });
  route(app, accountCalls.accessRequestLookup, {
    config: open(linkLimit),
    tags,
    summary: "What a manager's access-request link is about",
    handler: (req) => lookupJoinRequest(ctx, req.body.key),
  });
  route(app, accountCalls.confirmPhone, {
    config: { access: { permissions: [] }, rateLimit: formLimit },
    tags,
    summary: "Confirm the signed-in user's phone with the code texted to it",
    handler: (req) => confirmPhone(ctx, requireAuth(req), req.body),
  });

  route(app, accountCalls.processAccess, {
    config: open(linkLimit),
    tags,
    summary: 'Accept or reject an access request from the manager’s link',
    handler: (req) => processWithLink(ctx, req.body),
  });
}
