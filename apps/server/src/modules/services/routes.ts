import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, type TModuleContext } from '../../platform/http.js';
import { catalogueRoutes } from '../nomenclatures/catalogue.js';
import { serviceDef, servicesService } from './definition.js';
import * as goals from './goals.js';

const ZService = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ...serviceDef.output,
  space: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
const ZGoal = z.object({ service: ZId, valueGoal: z.number().int().min(0).max(100), templates: z.array(ZId).max(200).default([]) });
const ZGoalOut = z.object({ service: z.string(), valueGoal: z.number(), templates: z.array(z.string()), createdAt: z.string() });

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
    schema: { tags, summary: 'The services-templates goal of a space', params: ZIdParams, response: { 200: z.array(ZGoalOut) } },
    handler: (req) => goals.getGoals(ctx, requireAuth(req), req.params.id),
  });
  r.post('/:id/services-templates-goal', {
    config: { access: { permissions: ['SERVICES:READ'] } },
    schema: {
      tags,
      summary: "Replace the services-templates goal of a space (also needs STRUCTURE, ESTABLISHMENT or AREA:WRITE by the space's type)",
      params: ZIdParams,
      body: z.object({ servicesTemplatesGoal: z.array(ZGoal).max(200) }),
      response: { 200: z.array(ZGoalOut) },
    },
    handler: (req) => goals.setGoals(ctx, requireAuth(req), req.params.id, req.body.servicesTemplatesGoal),
  });
  r.post('/:id/services', {
    config: { access: { permissions: ['SERVICES:READ'] } },
    schema: {
      tags,
      summary: 'Paged search of the services offered in this space (with their goal and templates)',
      params: ZIdParams,
      body: ZSearchBody,
      response: { 200: z.array(ZService.extend({ valueGoal: z.number().nullable(), templates: z.array(z.string()) }).partial()) },
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
