import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { typed, ZIdParams, type TModuleContext } from '../../platform/http.js';
import { ZSession, ZSignin } from '@audit/domain/spaces';
import * as service from './service.js';

/** {auth} base: /auth/api. Sign-in paths are public and rate-limited per IP (argon2 is costly). */
export async function authRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await app.register(rateLimit, { global: false });
  const r = typed(app);
  const signinLimit = { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' };

  r.post('/signin', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: { tags: ['auth'], summary: 'Sign in with username or e-mail', body: ZSignin, response: { 200: ZSession } },
    handler: (req) => service.signIn(ctx, req.body),
  });

  r.post('/signin-admin', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: { tags: ['auth'], summary: 'Sign in, administrators only', body: ZSignin, response: { 200: ZSession } },
    handler: (req) => service.signIn(ctx, { ...req.body, adminOnly: true }),
  });

  r.post('/refresh-token', {
    config: { access: { public: true }, rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      summary: 'Rotate a refresh token (reuse revokes the family)',
      body: z
        .object({ refreshToken: z.string().min(10).max(200).optional(), refresh: z.string().min(10).max(200).optional(), space: z.string().uuid().optional() })
        .refine((b) => b.refreshToken ?? b.refresh, { path: ['refreshToken'] }),
      response: { 200: ZSession },
    },
    handler: (req) => service.refresh(ctx, (req.body.refreshToken ?? req.body.refresh)!, req.body.space),
  });

  r.post('/update-token', {
    config: { access: { permissions: [] } },
    schema: {
      tags: ['auth'],
      summary: 'Switch the session to another space',
      querystring: z.object({ spaceId: z.string().uuid() }),
      response: { 200: ZSession },
    },
    handler: (req) => service.switchSpace(ctx, requireAuth(req).userId, req.query.spaceId),
  });

  r.post('/logout', {
    config: { access: { public: true } },
    schema: {
      tags: ['auth'],
      summary: 'Revoke the session of a refresh token',
      body: z.object({ refreshToken: z.string().min(10).max(200) }),
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    handler: async (req) => {
      await service.signOut(ctx, req.body.refreshToken);
      return { ok: true as const };
    },
  });
}

/** /ms-core/api/spaces/{id}/access: entering a space issues a session, so the auth module answers it. */
export async function spaceAccessRoutes(app: FastifyInstance, ctx: TModuleContext) {
  typed(app).post('/:id/access', {
    config: { access: { permissions: [] } },
    schema: { tags: ['spaces'], summary: 'Enter a space (space access request); returns a token for it', params: ZIdParams, response: { 200: ZSession } },
    handler: (req) => service.requestSpaceAccess(ctx, requireAuth(req).userId, req.params.id),
  });
}
