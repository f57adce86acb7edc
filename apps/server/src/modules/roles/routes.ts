import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZPermissionItem, ZRole, ZRoleCreate, ZRolePermissions, ZRoleUpdate } from '@audit/domain/roles';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import * as service from './service.js';

/** /ms-core/api/roles */
export async function rolesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  r.post('/search', {
    config: { access: { permissions: ['ROLE:READ'] } },
    schema: { tags: ['security'], summary: 'Paged search of roles usable in the space', body: ZSearchBody, response: { 200: z.array(ZRole.partial()) } },
    handler: async (req, reply) => sendPage(reply, await service.searchRoles(ctx, requireAuth(req), req.body)),
  });
  r.post('/', {
    config: { access: { permissions: ['ROLE:CREATE'] } },
    schema: {
      tags: ['security'],
      summary: 'Create a role',
      body: ZRoleCreate,
      response: { 200: ZRole },
    },
    handler: (req) => service.createRole(ctx, requireAuth(req), req.body),
  });
  r.patch('/:id', {
    config: { access: { permissions: ['ROLE:WRITE'] } },
    schema: {
      tags: ['security'],
      summary: 'Rename a role',
      params: ZIdParams,
      body: ZRoleUpdate,
      response: { 200: ZRole },
    },
    handler: (req) => service.updateRole(ctx, requireAuth(req), req.params.id, req.body),
  });
  r.delete('/:id', {
    config: { access: { permissions: ['ROLE:DELETE'] } },
    schema: { tags: ['security'], summary: 'Delete a role (818 when assigned)', params: ZIdParams, response: { 200: ZOk } },
    handler: async (req) => {
      await service.deleteRole(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
  r.post('/:id/permission', {
    config: { access: { permissions: ['ROLE:ASSIGN'] } },
    schema: {
      tags: ['security'],
      summary: "Set a role's permissions",
      params: ZIdParams,
      body: ZRolePermissions,
      response: { 200: ZRole },
    },
    handler: (req) => service.setRolePermissions(ctx, requireAuth(req), req.params.id, req.body.permissions),
  });
}

/** /ms-core/api/permissions */
export async function permissionsRoutes(app: FastifyInstance) {
  typed(app).post('/search', {
    config: { access: { permissions: ['ROLE:READ'] } },
    schema: {
      tags: ['security'],
      summary: 'Paged search of permission names',
      body: ZSearchBody,
      response: { 200: z.array(ZPermissionItem) },
    },
    handler: async (req, reply) => sendPage(reply, service.searchPermissions(req.body)),
  });
}
