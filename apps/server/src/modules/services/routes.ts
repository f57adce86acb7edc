import type { FastifyInstance } from 'fastify';
import { serviceCalls, spaceServiceCalls } from '@audit/domain/calls/services';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { catalogueRoutes } from '../nomenclatures/catalogue.js';
import { serviceDef, servicesService } from './definition.js';
import * as goals from './goals.js';

/** The catalogue's five routes, registered from the services' calls by the catalogue factory. */
const catalogue = catalogueRoutes(serviceDef, servicesService, serviceCalls);

/** /ms-core/api/services: the catalogue CRUD plus the services offered to a client. */
export async function servicesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['services'];
  await catalogue(app, ctx);
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
