import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, type TModuleContext } from '../../platform/http.js';
import { ZSearchBody } from '@audit/domain/search';
import { ZIdentifierExists, ZMySpacesQuery, ZSpace, ZSpaceCreate, ZSpaceListItem, ZSpaceSettings, ZSpaceSummary, ZSpaceUpdate } from '@audit/domain/spaces';
import * as admin from './admin.js';
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

  r.patch('/current/settings', {
    config: { access: { permissions: ['ADMIN:MANAGEMENT'] } },
    schema: {
      tags: ['spaces'],
      summary: "Change the current space's settings: name, logo (an uploaded image's id), time zone, default language, sign-up, onboarding",
      body: ZSpaceSettings,
      response: { 200: ZSpace },
    },
    handler: (req) => admin.updateSettings(ctx, requireAuth(req), req.body),
  });

  r.post('/search', {
    config: { access: { permissions: ['ORG:READ'] } },
    schema: {
      tags: ['spaces'],
      summary: 'Paged search of the spaces of the current space and below it (name, identifier, typeStructure, parent)',
      body: ZSearchBody,
      response: { 200: z.array(ZSpaceListItem.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await admin.searchSpaces(ctx, requireAuth(req), req.body)),
  });

  r.post('/', {
    config: { access: { permissions: ['ORG:CREATE'] } },
    schema: {
      tags: ['spaces'],
      summary: 'Create a space under the current space or one below it (identifier unique: 420)',
      body: ZSpaceCreate,
      response: { 200: ZSpaceListItem },
    },
    handler: (req) => admin.createSpace(ctx, requireAuth(req), req.body),
  });

  r.patch('/:id', {
    config: { access: { permissions: ['ORG:WRITE'] } },
    schema: {
      tags: ['spaces'],
      summary: 'Edit a space (identifier, name, description, modules, logo) or (de)activate it (never the current space)',
      params: ZIdParams,
      body: ZSpaceUpdate,
      response: { 200: ZSpaceListItem },
    },
    handler: (req) => admin.updateSpace(ctx, requireAuth(req), req.params.id, req.body),
  });

  r.get('/:id/logo', {
    config: { access: { public: true } },
    schema: { tags: ['spaces'], summary: "A space's logo image (public: the sign-in page, mails and reports show it); 404 without one", params: ZIdParams },
    handler: async (req, reply) => {
      const logo = await admin.readLogo(ctx, req.params.id);
      reply.header('cache-control', 'public, max-age=86400').header('etag', logo.etag).header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === logo.etag) return reply.status(304).send();
      return reply.type(logo.contentType).send(logo.bytes);
    },
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
