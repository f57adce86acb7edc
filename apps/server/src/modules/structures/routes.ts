import type { TPermission } from '@audit/domain/permissions';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import { ZCascade, ZStructure, ZStructureCreate, ZStructurePage, ZStructureUpdate, ZSummaryPage } from '@audit/domain/structures';
import * as service from './service.js';
import * as write from './write.js';

const tags = ['structures'];
const perm = requires;

/**
 * /ms-core/api/structures. The search variants (all paged, array + x-total-count):
 *  - /search: every structure, establishment and area of the caller's scope (filter `type`);
 *  - /clients/search: client structures (type STRUCTURE, any depth);
 *  - /parent/search: the top clients: the company's direct clients, or the caller's own client;
 *  - /worker/clients/search: the clients an auditor works for (the caller's scope until worker access lists exist);
 *  - /search-for-users: every space of the scope in the short form, for the user form's access fields;
 *  - /search-for-client-users: the client structures of the scope in the short form, for any signed-in user
 *    (client users have no CLIENTS:READ but pick their client in filters).
 */
export async function structuresRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const search = (path: string, summary: string, access: TPermission[], variant: service.TVariant, format: 'full' | 'summary' = 'full') =>
    r.post(path, {
      config: perm(...access),
      schema: { tags, summary, body: ZSearchBody, response: { 200: format === 'full' ? ZStructurePage : ZSummaryPage } },
      handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), variant, req.body, format)),
    });
  search('/search', 'Paged search of structures, establishments and areas of the space', ['STRUCTURE:READ'], 'all');
  search('/clients/search', 'Paged search of client structures', ['CLIENTS:READ'], 'clients');
  search('/parent/search', 'Paged search of the top clients of the space', ['CLIENTS:READ'], 'parents');
  search('/worker/clients/search', 'Paged search of the clients an auditor works for', ['CLIENTS:READ'], 'clients');
  search('/search-for-users', 'Short list of every space of the scope, for user access fields', ['USER:READ'], 'all', 'summary');
  search('/search-for-client-users', 'Short list of the client structures of the scope, for any signed-in user', [], 'clients', 'summary');

  r.post('/:parentId/children', {
    config: perm('STRUCTURE:READ'),
    schema: {
      tags,
      summary: 'Paged search of the direct children of a structure',
      params: z.object({ parentId: ZId }),
      body: ZSearchBody,
      response: { 200: ZStructurePage },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchChildren(ctx, requireAuth(req), req.params.parentId, req.body)),
  });
  r.get('/:id', {
    config: perm('STRUCTURE:READ'),
    schema: { tags, summary: 'One structure, establishment or area with its client fields', params: ZIdParams, response: { 200: ZStructure } },
    handler: (req) => service.getStructure(ctx, requireAuth(req), req.params.id),
  });
  r.post('/', {
    config: perm('STRUCTURE:CREATE'),
    schema: {
      tags,
      summary: "Create a client or sub-structure under `parent` (default: the caller's space)",
      body: ZStructureCreate,
      response: { 200: ZStructure },
    },
    handler: (req) => write.createStructure(ctx, requireAuth(req), 'STRUCTURE', req.body),
  });
  r.patch('/:id', {
    config: perm('STRUCTURE:WRITE'),
    schema: {
      tags,
      summary: 'Update a structure (an establishment or area also needs its own WRITE permission)',
      params: ZIdParams,
      body: ZStructureUpdate,
      response: { 200: ZStructure },
    },
    handler: (req) => write.updateStructure(ctx, requireAuth(req), req.params.id, undefined, req.body),
  });
  r.delete('/:id', {
    config: perm('STRUCTURE:DELETE'),
    schema: {
      tags,
      summary: 'Delete a structure; one with children needs cascadeDelete=true (else 420, field children)',
      params: ZIdParams,
      querystring: ZCascade,
      response: { 200: ZOk },
    },
    handler: async (req) => {
      await write.deleteStructure(ctx, requireAuth(req), req.params.id, undefined, req.query.cascadeDelete);
      return { ok: true as const };
    },
  });
}
