import { registerRateLimits } from '../../platform/rate-limit/store.js';
import type { FastifyInstance } from 'fastify';
import { authCalls } from '@audit/domain/calls/auth';
import { type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { requestLanguage } from '../../platform/language.js';
import { socialProviders, socialSignIn, startSocialSignin } from './social.js';

/**
 * Google sign-in under /auth/api (decision 0046): public, limited per address like sign-in. The
 * calls document's `social-signin {userId, oauth token}` takes the ID token; a user id sent along
 * is ignored (the schema drops it): the account is the one of the token's verified e-mail.
 */
export async function socialRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await registerRateLimits(app, ctx.db);
  const signinLimit = { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' };
  const tags = ['auth'];

  route(app, authCalls.socialProviders, {
    config: { access: { public: true }, rateLimit: { max: 120, timeWindow: '1 minute' } },
    tags,
    summary: 'Which outside sign-ins are configured (the button shows only then)',
    handler: () => socialProviders(ctx),
  });

  route(app, authCalls.socialStart, {
    config: { access: { public: true }, rateLimit: signinLimit },
    tags,
    summary: "Start a Google sign-in: the provider's address with a new single-use state and its nonce (SOC0001 when not configured)",
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return startSocialSignin(ctx, requestLanguage(req));
    },
  });

  route(app, authCalls.socialSignIn, {
    config: { access: { public: true }, rateLimit: signinLimit },
    tags,
    summary: "Sign in with the provider's ID token: the account of its verified e-mail gets a session, as with a password",
    handler: (req) => socialSignIn(ctx, req.body),
  });
}
