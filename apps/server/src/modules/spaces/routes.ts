import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { typed, type TModuleContext } from '../../platform/http.js';
import * as service from './service.js';

const ZSpace = z.object({
  _id: z.string(),
  identifier: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  typeStructure: z.string(),
  parent: z.string().nullable(),
  modules: z.array(z.string()),
  theme: z.record(z.string(), z.string()).nullable(),
  secureSpacePath: z.string(),
  isRoot: z.boolean(),
  timeZone: z.string(),
  createdAt: z.string(),
});
/** A space as a session lists it (also the auth module's session payload). */
export const ZSpaceSummary = z.object({
  _id: z.string(),
  name: z.string(),
  identifier: z.string(),
  typeStructure: z.string(),
  logo: z.string().nullable(),
  parent: z.string().nullable(),
  secureSpacePath: z.string(),
});

/** /ms-core/api/spaces */
export async function spacesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const signedIn = { access: { permissions: [] } };

  r.get('/current', {
    config: signedIn,
    schema: { tags: ['spaces'], summary: 'The space of the session', response: { 200: ZSpace } },
    handler: (req) => service.getCurrentSpace(ctx, requireAuth(req)),
  });

  r.get('/my-spaces', {
    config: signedIn,
    schema: {
      tags: ['spaces'],
      summary: 'Spaces the caller may enter: member spaces first, then the spaces below them',
      querystring: z.object({ search: z.string().max(100).optional(), size: z.coerce.number().int().min(1).max(200).default(50) }),
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
      body: z.object({ identifier: z.string().trim().min(1).max(100) }),
      response: { 200: z.object({ exists: z.boolean() }) },
    },
    handler: (req) => service.identifierExists(ctx, req.body.identifier),
  });
}
