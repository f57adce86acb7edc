import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import * as service from './service.js';

const ZRole = z.object({
  _id: z.string(),
  name: z.string(),
  superAdmin: z.boolean(),
  permissions: z.array(z.string()),
  space: z.string(),
  createdAt: z.string(),
  can: z.object({ update: z.boolean(), assign: z.boolean(), delete: z.boolean() }),
});
const ZRoleName = z.string().trim().min(1).max(100);
const ZPermissionNames = z.array(z.string().max(100)).max(1000);

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
      body: z.object({ name: ZRoleName, superAdmin: z.boolean().optional(), permissions: ZPermissionNames.optional() }),
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
      body: z.object({ name: ZRoleName.optional(), superAdmin: z.boolean().optional() }),
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
      body: z.object({ permissions: ZPermissionNames }),
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
      response: { 200: z.array(z.object({ _id: z.string(), name: z.string(), module: z.string(), action: z.string().nullable() })) },
    },
    handler: async (req, reply) => sendPage(reply, service.searchPermissions(req.body)),
  });
}
