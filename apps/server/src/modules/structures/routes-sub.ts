import type { FastifyInstance } from 'fastify';
import { areaCalls, establishmentCalls } from '@audit/domain/calls/structures';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';
import * as write from './write.js';

const perm = requires;

/** /ms-core/api/establishments: establishments are structures of type ESTABLISHMENT under a client. */
export async function establishmentsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['establishments'];
  route(app, establishmentCalls.search, {
    config: perm('ESTABLISHMENT:READ'),
    tags,
    summary: "Paged search of establishments (filter `client` for one client's)",
    handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), 'establishments', req.body)),
  });
  /** Short list for any signed-in user: a client user picks an establishment of their client. */
  route(app, establishmentCalls.searchForClientUsers, {
    config: perm(),
    tags,
    summary: 'Short list of the establishments of the scope, for any signed-in user',
    handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), 'establishments', req.body, 'summary')),
  });
  route(app, establishmentCalls.get, {
    config: perm('ESTABLISHMENT:READ'),
    tags,
    summary: 'One establishment',
    handler: (req) => service.getStructure(ctx, requireAuth(req), req.params.id, 'ESTABLISHMENT'),
  });
  route(app, establishmentCalls.create, {
    config: perm('ESTABLISHMENT:CREATE'),
    tags,
    summary: 'Create an establishment under a client (`parent`)',
    handler: (req) => write.createStructure(ctx, requireAuth(req), 'ESTABLISHMENT', req.body),
  });
  route(app, establishmentCalls.update, {
    config: perm('ESTABLISHMENT:WRITE'),
    tags,
    summary: 'Update an establishment',
    handler: (req) => write.updateStructure(ctx, requireAuth(req), req.params.id, 'ESTABLISHMENT', req.body),
  });
  route(app, establishmentCalls.remove, {
    config: perm('ESTABLISHMENT:DELETE'),
    tags,
    summary: 'Delete an establishment; with areas it needs cascadeDelete=true (else 420)',
    handler: async (req) => {
      await write.deleteStructure(ctx, requireAuth(req), req.params.id, 'ESTABLISHMENT', req.query.cascadeDelete);
      return { ok: true as const };
    },
  });
}

/** /ms-core/api/areas: areas are structures of type AREA under an establishment. */
export async function areasRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['areas'];
  route(app, areaCalls.searchSpace, {
    config: perm('AREA:READ'),
    tags,
    summary: "Paged search of the areas below a space (`space`, default the caller's)",
    handler: async (req, reply) => sendPage(reply, await service.searchAreasOf(ctx, requireAuth(req), req.body.space, req.body)),
  });
  route(app, areaCalls.search, {
    config: perm('AREA:READ'),
    tags,
    summary: "Paged search of areas (filter `establishment` for one establishment's)",
    handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), 'areas', req.body)),
  });
  route(app, areaCalls.get, {
    config: perm('AREA:READ'),
    tags,
    summary: 'One area',
    handler: (req) => service.getStructure(ctx, requireAuth(req), req.params.id, 'AREA'),
  });
  route(app, areaCalls.create, {
    config: perm('AREA:CREATE'),
    tags,
    summary: 'Create an area under an establishment (`parent`)',
    handler: (req) => write.createStructure(ctx, requireAuth(req), 'AREA', req.body),
  });
  route(app, areaCalls.update, {
    config: perm('AREA:WRITE'),
    tags,
    summary: 'Update an area',
    handler: (req) => write.updateStructure(ctx, requireAuth(req), req.params.id, 'AREA', req.body),
  });
  route(app, areaCalls.remove, {
    config: perm('AREA:DELETE'),
    tags,
    summary: 'Delete an area',
    handler: async (req) => {
      await write.deleteStructure(ctx, requireAuth(req), req.params.id, 'AREA', req.query.cascadeDelete);
      return { ok: true as const };
    },
  });
}
