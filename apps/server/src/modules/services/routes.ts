import type { FastifyInstance } from 'fastify';
import type { THandlerResult } from '@audit/domain/calls/define';
import { serviceCalls, spaceServiceCalls } from '@audit/domain/calls/services';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { servicesService } from './definition.js';
import * as goals from './goals.js';

/**
 * The generic catalogue service presents a row with its definition's extra fields untyped
 * (definition.ts's `present`): a service's row as the call answers it (the serializer checks it).
 */
const asService = async (row: Promise<object>) => (await row) as THandlerResult<typeof serviceCalls.get>;

/** /ms-core/api/services: the catalogue CRUD plus the services offered to a client. */
export async function servicesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['services'];
  route(app, serviceCalls.search, {
    config: requires('SERVICES:READ'),
    tags,
    summary: 'Paged search of services (own space, below and inherited)',
    handler: async (req, reply) => sendPage(reply, await servicesService.search(ctx, requireAuth(req), req.body)),
  });
  route(app, serviceCalls.get, {
    config: requires('SERVICES:READ'),
    tags,
    summary: 'One of services',
    handler: (req) => asService(servicesService.get(ctx, requireAuth(req), req.params.id)),
  });
  route(app, serviceCalls.create, {
    config: requires('SERVICES:CREATE'),
    tags,
    summary: "Create one of services in the caller's space",
    handler: (req) => asService(servicesService.create(ctx, requireAuth(req), req.body)),
  });
  route(app, serviceCalls.update, {
    config: requires('SERVICES:WRITE'),
    tags,
    summary: 'Update one of services (451 for an inherited one)',
    handler: (req) => asService(servicesService.update(ctx, requireAuth(req), req.params.id, req.body)),
  });
  route(app, serviceCalls.remove, {
    config: requires('SERVICES:DELETE'),
    tags,
    summary: 'Delete one of services (451 for an inherited one)',
    handler: async (req) => {
      await servicesService.remove(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
  route(app, serviceCalls.searchFromClient, {
    config: { access: { permissions: ['SERVICES:READ'] } },
    tags,
    summary: "Paged search of the services offered to a client: those with a goal in the client's space or below it (default: the caller's space)",
    handler: async (req, reply) => sendPage(reply, await goals.searchClientServices(ctx, requireAuth(req), req.body.client, req.body)),
  });
}

/** Mounted under /ms-core/api/spaces: a space's services and services-templates goal. */
export async function spaceServicesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['spaces'];
  route(app, spaceServiceCalls.goals, {
    config: { access: { permissions: ['SERVICES:READ'] } },
    tags,
    summary: 'The services-templates goal of a space',
    handler: (req) => goals.getGoals(ctx, requireAuth(req), req.params.id),
  });
  route(app, spaceServiceCalls.setGoals, {
    config: { access: { permissions: ['SERVICES:READ'] } },
    tags,
    summary: "Replace the services-templates goal of a space (also needs STRUCTURE, ESTABLISHMENT or AREA:WRITE by the space's type)",
    handler: (req) => goals.setGoals(ctx, requireAuth(req), req.params.id, req.body.servicesTemplatesGoal),
  });
  route(app, spaceServiceCalls.goalsInEffect, {
    config: { access: { permissions: ['SERVICES:READ'] } },
    tags,
    summary: 'The goals in effect in a space: its own, else the nearest space above it that has any (its client, then the company), named in `from`',
    handler: (req) => goals.goalsInEffect(ctx, requireAuth(req), req.params.id),
  });
  route(app, spaceServiceCalls.services, {
    config: { access: { permissions: ['SERVICES:READ'] } },
    tags,
    summary: 'Paged search of the services offered in this space (with their goal and templates)',
    handler: async (req, reply) => sendPage(reply, await goals.searchSpaceServices(ctx, requireAuth(req), req.params.id, req.body)),
  });
  /**
   * The services the caller may work with. Workers' access services are not modelled yet, so this is
   * every service the caller can see (own, inherited from the company); it narrows when they are.
   */
  route(app, spaceServiceCalls.userServices, {
    config: { access: { permissions: [] } },
    tags,
    summary: 'Paged search of the services the signed-in user may work with',
    handler: async (req, reply) => sendPage(reply, await servicesService.search(ctx, requireAuth(req), req.body)),
  });
}
