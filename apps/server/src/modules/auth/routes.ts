import { registerRateLimits } from '../../platform/rate-limit/store.js';
import type { FastifyInstance } from 'fastify';
import { authCalls } from '@audit/domain/calls/auth';
import { requireAuth } from '../../platform/auth.js';
import { type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';

/** {auth} base: /auth/api. Sign-in paths are public and rate-limited per IP (argon2 is costly). */
export async function authRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await registerRateLimits(app, ctx.db);
  const tags = ['auth'];
  const signinLimit = { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' };

  route(app, authCalls.signIn, {
    config: { access: { public: true }, rateLimit: signinLimit },
    tags,
    summary: 'Sign in with username or e-mail',
    handler: (req) => service.signIn(ctx, req.body),
  });

  route(app, authCalls.signInAdmin, {
    config: { access: { public: true }, rateLimit: signinLimit },
    tags,
    summary: 'Sign in, administrators only',
    handler: (req) => service.signIn(ctx, { ...req.body, adminOnly: true }),
  });

  route(app, authCalls.refresh, {
    config: { access: { public: true }, rateLimit: { max: 120, timeWindow: '1 minute' } },
    tags,
    summary: 'Rotate a refresh token (reuse revokes the family)',
    handler: (req) => service.refresh(ctx, (req.body.refreshToken ?? req.body.refresh)!, req.body.space),
  });

  route(app, authCalls.updateToken, {
    config: { access: { permissions: [] } },
    tags,
    summary: 'Switch the session to another space',
    handler: (req) => service.switchSpace(ctx, requireAuth(req).userId, req.query.spaceId),
  });

  route(app, authCalls.logout, {
    config: { access: { public: true } },
    tags,
    summary: 'Revoke the session of a refresh token',
    handler: async (req) => {
      await service.signOut(ctx, req.body.refreshToken);
      return { ok: true as const };
    },
  });
}

/** /ms-core/api/spaces/{id}/access: entering a space issues a session, so the auth module answers it. */
export async function spaceAccessRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, authCalls.spaceAccess, {
    config: { access: { permissions: [] } },
    tags: ['spaces'],
    summary: 'Enter a space (space access request); returns a token for it',
    handler: (req) => service.requestSpaceAccess(ctx, requireAuth(req).userId, req.params.id),
  });
}
