import type { FastifyInstance } from 'fastify';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import {
  ZAreaCreate,
  ZAreaUpdate,
  ZCascade,
  ZEstablishmentCreate,
  ZEstablishmentUpdate,
  ZStructure,
  ZStructurePage,
  ZSummaryPage,
} from '@audit/domain/structures';
import * as service from './service.js';
import * as write from './write.js';

const perm = requires;

/** /ms-core/api/establishments: establishments are structures of type ESTABLISHMENT under a client. */
export async function establishmentsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['establishments'];
  r.post('/search', {
    config: perm('ESTABLISHMENT:READ'),
    schema: { tags, summary: "Paged search of establishments (filter `client` for one client's)", body: ZSearchBody, response: { 200: ZStructurePage } },
    handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), 'establishments', req.body)),
  });
  /** Short list for any signed-in user: a client user picks an establishment of their client. */
  r.post('/search-for-client-users', {
    config: perm(),
    schema: { tags, summary: 'Short list of the establishments of the scope, for any signed-in user', body: ZSearchBody, response: { 200: ZSummaryPage } },
    handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), 'establishments', req.body, 'summary')),
  });
  r.get('/:id', {
    config: perm('ESTABLISHMENT:READ'),
    schema: { tags, summary: 'One establishment', params: ZIdParams, response: { 200: ZStructure } },
    handler: (req) => service.getStructure(ctx, requireAuth(req), req.params.id, 'ESTABLISHMENT'),
  });
  r.post('/', {
    config: perm('ESTABLISHMENT:CREATE'),
    schema: { tags, summary: 'Create an establishment under a client (`parent`)', body: ZEstablishmentCreate, response: { 200: ZStructure } },
    handler: (req) => write.createStructure(ctx, requireAuth(req), 'ESTABLISHMENT', req.body),
  });
  r.patch('/:id', {
    config: perm('ESTABLISHMENT:WRITE'),
    schema: { tags, summary: 'Update an establishment', params: ZIdParams, body: ZEstablishmentUpdate, response: { 200: ZStructure } },
    handler: (req) => write.updateStructure(ctx, requireAuth(req), req.params.id, 'ESTABLISHMENT', req.body),
  });
  r.delete('/:id', {
    config: perm('ESTABLISHMENT:DELETE'),
    schema: {
      tags,
      summary: 'Delete an establishment; with areas it needs cascadeDelete=true (else 420)',
      params: ZIdParams,
      querystring: ZCascade,
      response: { 200: ZOk },
    },
    handler: async (req) => {
      await write.deleteStructure(ctx, requireAuth(req), req.params.id, 'ESTABLISHMENT', req.query.cascadeDelete);
      return { ok: true as const };
    },
  });
}

/** /ms-core/api/areas: areas are structures of type AREA under an establishment. */
export async function areasRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['areas'];
  r.post('/search-space', {
    config: perm('AREA:READ'),
    schema: {
      tags,
      summary: "Paged search of the areas below a space (`space`, default the caller's)",
      body: ZSearchBody.extend({ space: ZId.optional() }),
      response: { 200: ZStructurePage },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchAreasOf(ctx, requireAuth(req), req.body.space, req.body)),
  });
  r.post('/search', {
    config: perm('AREA:READ'),
    schema: { tags, summary: "Paged search of areas (filter `establishment` for one establishment's)", body: ZSearchBody, response: { 200: ZStructurePage } },
    handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), 'areas', req.body)),
  });
  r.get('/:id', {
    config: perm('AREA:READ'),
    schema: { tags, summary: 'One area', params: ZIdParams, response: { 200: ZStructure } },
    handler: (req) => service.getStructure(ctx, requireAuth(req), req.params.id, 'AREA'),
  });
  r.post('/', {
    config: perm('AREA:CREATE'),
    schema: { tags, summary: 'Create an area under an establishment (`parent`)', body: ZAreaCreate, response: { 200: ZStructure } },
    handler: (req) => write.createStructure(ctx, requireAuth(req), 'AREA', req.body),
  });
  r.patch('/:id', {
    config: perm('AREA:WRITE'),
    schema: { tags, summary: 'Update an area', params: ZIdParams, body: ZAreaUpdate, response: { 200: ZStructure } },
    handler: (req) => write.updateStructure(ctx, requireAuth(req), req.params.id, 'AREA', req.body),
  });
  r.delete('/:id', {
    config: perm('AREA:DELETE'),
    schema: { tags, summary: 'Delete an area', params: ZIdParams, querystring: ZCascade, response: { 200: ZOk } },
    handler: async (req) => {
      await write.deleteStructure(ctx, requireAuth(req), req.params.id, 'AREA', req.query.cascadeDelete);
      return { ok: true as const };
    },
  });
}
