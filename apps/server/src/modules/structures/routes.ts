import type { TPermission } from '@audit/domain/permissions';
import type { FastifyInstance } from 'fastify';
import { structureCalls } from '@audit/domain/calls/structures';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';
import * as write from './write.js';

const tags = ['structures'];
const perm = requires;

type TSearchCall = (typeof structureCalls)['search' | 'clientsSearch' | 'parentSearch' | 'workerClientsSearch' | 'searchForUsers' | 'searchForClientUsers'];

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
  const search = (call: TSearchCall, summary: string, access: TPermission[], variant: service.TVariant, format: 'full' | 'summary' = 'full') =>
    route(app, call, {
      config: perm(...access),
      tags,
      summary,
      handler: async (req, reply) => sendPage(reply, await service.searchStructures(ctx, requireAuth(req), variant, req.body, format)),
    });
  search(structureCalls.search, 'Paged search of structures, establishments and areas of the space', ['STRUCTURE:READ'], 'all');
  search(structureCalls.clientsSearch, 'Paged search of client structures', ['CLIENTS:READ'], 'clients');
  search(structureCalls.parentSearch, 'Paged search of the top clients of the space', ['CLIENTS:READ'], 'parents');
  search(structureCalls.workerClientsSearch, 'Paged search of the clients an auditor works for', ['CLIENTS:READ'], 'clients');
  search(structureCalls.searchForUsers, 'Short list of every space of the scope, for user access fields', ['USER:READ'], 'all', 'summary');
  search(structureCalls.searchForClientUsers, 'Short list of the client structures of the scope, for any signed-in user', [], 'clients', 'summary');

  route(app, structureCalls.children, {
    config: perm('STRUCTURE:READ'),
    tags,
    summary: 'Paged search of the direct children of a structure',
    handler: async (req, reply) => sendPage(reply, await service.searchChildren(ctx, requireAuth(req), req.params.parentId, req.body)),
  });
  route(app, structureCalls.get, {
    config: perm('STRUCTURE:READ'),
    tags,
    summary: 'One structure, establishment or area with its client fields',
    handler: (req) => service.getStructure(ctx, requireAuth(req), req.params.id),
  });
  route(app, structureCalls.create, {
    config: perm('STRUCTURE:CREATE'),
    tags,
    summary: "Create a client or sub-structure under `parent` (default: the caller's space)",
    handler: (req) => write.createStructure(ctx, requireAuth(req), 'STRUCTURE', req.body),
  });
  route(app, structureCalls.update, {
    config: perm('STRUCTURE:WRITE'),
    tags,
    summary: 'Update a structure (an establishment or area also needs its own WRITE permission)',
    handler: (req) => write.updateStructure(ctx, requireAuth(req), req.params.id, undefined, req.body),
  });
  route(app, structureCalls.remove, {
    config: perm('STRUCTURE:DELETE'),
    tags,
    summary: 'Delete a structure; one with children needs cascadeDelete=true (else 420, field children)',
    handler: async (req) => {
      await write.deleteStructure(ctx, requireAuth(req), req.params.id, undefined, req.query.cascadeDelete);
      return { ok: true as const };
    },
  });
}
