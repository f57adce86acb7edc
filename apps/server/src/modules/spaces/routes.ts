import type { FastifyInstance } from 'fastify';
import { spaceCalls } from '@audit/domain/calls/spaces';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as admin from './admin.js';
import * as service from './service.js';

const tags = ['spaces'];

/** /ms-core/api/spaces */
export async function spacesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const signedIn = { access: { permissions: [] } };

  route(app, spaceCalls.current, {
    config: signedIn,
    tags,
    summary: 'The space of the session',
    handler: (req) => service.getCurrentSpace(ctx, requireAuth(req)),
  });

  route(app, spaceCalls.setSignup, {
    config: { access: { permissions: ['ADMIN:MANAGEMENT'] } },
    tags,
    summary: 'Turn sign-up on or off for the current space (off by default)',
    handler: (req) => service.setCurrentSignup(ctx, requireAuth(req), req.body.enabled),
  });

  route(app, spaceCalls.setOnboarding, {
    config: { access: { permissions: ['ADMIN:MANAGEMENT'] } },
    tags,
    summary: 'Turn onboarding on or off for the current space and those below it (off by default)',
    handler: (req) => service.setCurrentOnboarding(ctx, requireAuth(req), req.body.enabled),
  });

  route(app, spaceCalls.updateSettings, {
    config: { access: { permissions: ['ADMIN:MANAGEMENT'] } },
    tags,
    summary: "Change the current space's settings: name, logo (an uploaded image's id), time zone, default language, sign-up, onboarding",
    handler: (req) => admin.updateSettings(ctx, requireAuth(req), req.body),
  });

  route(app, spaceCalls.search, {
    config: { access: { permissions: ['ORG:READ'] } },
    tags,
    summary: 'Paged search of the spaces of the current space and below it (name, identifier, typeStructure, parent)',
    handler: async (req, reply) => sendPage(reply, await admin.searchSpaces(ctx, requireAuth(req), req.body)),
  });

  route(app, spaceCalls.create, {
    config: { access: { permissions: ['ORG:CREATE'] } },
    tags,
    summary: 'Create a space under the current space or one below it (identifier unique: 420)',
    handler: (req) => admin.createSpace(ctx, requireAuth(req), req.body),
  });

  route(app, spaceCalls.update, {
    config: { access: { permissions: ['ORG:WRITE'] } },
    tags,
    summary: 'Edit a space (identifier, name, description, modules, logo) or (de)activate it (never the current space)',
    handler: (req) => admin.updateSpace(ctx, requireAuth(req), req.params.id, req.body),
  });

  route(app, spaceCalls.logo, {
    config: { access: { public: true } },
    tags,
    summary: "A space's logo image (public: the sign-in page, mails and reports show it); 404 without one",
    handler: async (req, reply) => {
      const logo = await admin.readLogo(ctx, req.params.id);
      reply.header('cache-control', 'public, max-age=86400').header('etag', logo.etag).header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === logo.etag) return reply.status(304).send();
      return reply.type(logo.contentType).send(logo.bytes);
    },
  });

  route(app, spaceCalls.mySpaces, {
    config: signedIn,
    tags,
    summary: 'Spaces the caller may enter: member spaces first, then the spaces below them',
    handler: (req) => service.listMySpaces(ctx, requireAuth(req), req.query.search, req.query.size),
  });
}

/** {auth}/api/spaces */
export async function publicSpacesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, spaceCalls.identifierExists, {
    config: { access: { public: true } },
    tags,
    summary: 'Whether a space identifier is taken',
    handler: (req) => service.identifierExists(ctx, req.body.identifier),
  });
}
