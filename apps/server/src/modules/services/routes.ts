import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { ZGoal, ZGoalsBody, ZGoalsInEffect, ZService, ZSpaceService } from '@audit/domain/services';
import { sendPage, typed, ZId, ZIdParams, type TModuleContext } from '../../platform/http.js';
import { catalogueRoutes } from '../nomenclatures/catalogue.js';
import { serviceDef, servicesService } from './definition.js';
import * as goals from './goals.js';

/** /ms-core/api/services: the catalogue CRUD plus the services offered to a client. */
export async function servicesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  await catalogueRoutes(serviceDef, servicesService)(app, ctx);
  typed(app).post('/search-from-client', {
    config: { access: { permissions: ['SERVICES:READ'] } },
    schema: {
      tags: ['services'],
      summary: "Paged search of the services offered to a client: those with a goal in the client's space or below it (default: the caller's space)",
      body: ZSearchBody.extend({ client: ZId.optional() }),
      response: { 200: z.array(ZService.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await goals.searchClientServices(ctx, requireAuth(req), req.body.client, req.body)),
  });
}

/** Mounted under /ms-core/api/spaces: a space's services and services-templates goal. */
export async function spaceServicesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['spaces'];
  r.get('/:id/services-templates-goal', {
    config: { access: { permissions: ['SERVICES:READ'] } },
    schema: { tags, summary: 'The services-templates goal of a space', params: ZIdParams, response: { 200: z.array(ZGoal) } },
    handler: (req) => goals.getGoals(ctx, requireAuth(req), req.params.id),
  });
  r.post('/:id/services-templates-goal', {
    config: { access: { permissions: ['SERVICES:READ'] } },
    schema: {
      tags,
      summary: "Replace the services-templates goal of a space (also needs STRUCTURE, ESTABLISHMENT or AREA:WRITE by the space's type)",
      params: ZIdParams,
      body: ZGoalsBody,
      response: { 200: z.array(ZGoal) },
    },
    handler: (req) => goals.setGoals(ctx, requireAuth(req), req.params.id, req.body.servicesTemplatesGoal),
  });
  r.get('/:id/services-goal-in-effect', {
    config: { access: { permissions: ['SERVICES:READ'] } },
    schema: {
      tags,
      summary: 'The goals in effect in a space: its own, else the nearest space above it that has any (its client, then the company), named in `from`',
      params: ZIdParams,
      response: { 200: ZGoalsInEffect },
    },
    handler: (req) => goals.goalsInEffect(ctx, requireAuth(req), req.params.id),
  });
  r.post('/:id/services', {
    config: { access: { permissions: ['SERVICES:READ'] } },
    schema: {
      tags,
      summary: 'Paged search of the services offered in this space (with their goal and templates)',
      params: ZIdParams,
      body: ZSearchBody,
      response: { 200: z.array(ZSpaceService.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await goals.searchSpaceServices(ctx, requireAuth(req), req.params.id, req.body)),
  });
  /**
   * The services the caller may work with. Workers' access services are not modelled yet, so this is
   * every service the caller can see (own, inherited from the company); it narrows when they are.
   */
  r.post('/user-services', {
    config: { access: { permissions: [] } },
    schema: {
      tags,
      summary: 'Paged search of the services the signed-in user may work with',
      body: ZSearchBody,
      response: { 200: z.array(ZService.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await servicesService.search(ctx, requireAuth(req), req.body)),
  });
}
