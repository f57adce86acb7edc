import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { typed, type TModuleContext } from '../../platform/http.js';
import { ZIdentifierExists, ZMySpacesQuery, ZSpace, ZSpaceSummary } from '@audit/domain/spaces';
import * as service from './service.js';

/** /ms-core/api/spaces */
export async function spacesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const signedIn = { access: { permissions: [] } };

  r.get('/current', {
    config: signedIn,
    schema: { tags: ['spaces'], summary: 'The space of the session', response: { 200: ZSpace } },
    handler: (req) => service.getCurrentSpace(ctx, requireAuth(req)),
  });

  r.put('/current/signup', {
    config: { access: { permissions: ['ADMIN:MANAGEMENT'] } },
    schema: {
      tags: ['spaces'],
      summary: 'Turn sign-up on or off for the current space (off by default)',
      body: z.object({ enabled: z.boolean() }),
      response: { 200: ZSpace },
    },
    handler: (req) => service.setCurrentSignup(ctx, requireAuth(req), req.body.enabled),
  });

  r.put('/current/onboarding', {
    config: { access: { permissions: ['ADMIN:MANAGEMENT'] } },
    schema: {
      tags: ['spaces'],
      summary: 'Turn onboarding on or off for the current space and those below it (off by default)',
      body: z.object({ enabled: z.boolean() }),
      response: { 200: ZSpace },
    },
    handler: (req) => service.setCurrentOnboarding(ctx, requireAuth(req), req.body.enabled),
  });

  r.get('/my-spaces', {
    config: signedIn,
    schema: {
      tags: ['spaces'],
      summary: 'Spaces the caller may enter: member spaces first, then the spaces below them',
      querystring: ZMySpacesQuery,
      response: { 200: z.array(ZSpaceSummary) },
    },
    handler: (req) => service.listMySpaces(ctx, requireAuth(req), req.query.search, req.query.size),
  });
}

/** {auth}/api/spaces */
export async function publicSpacesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  typed(app).post('/exist-identifier', {
    config: { access: { public: true } },
    schema: {
      tags: ['spaces'],
      summary: 'Whether a space identifier is taken',
      body: ZIdentifierExists,
      response: { 200: z.object({ exists: z.boolean() }) },
    },
    handler: (req) => service.identifierExists(ctx, req.body.identifier),
  });
}
