import type { FastifyInstance } from 'fastify';
import { roleCalls } from '@audit/domain/calls/roles';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';

const tags = ['security'];

/** /ms-core/api/roles */
export async function rolesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, roleCalls.search, {
    config: { access: { permissions: ['ROLE:READ'] } },
    tags,
    summary: 'Paged search of roles usable in the space',
    handler: async (req, reply) => sendPage(reply, await service.searchRoles(ctx, requireAuth(req), req.body)),
  });
  route(app, roleCalls.create, {
    config: { access: { permissions: ['ROLE:CREATE'] } },
    tags,
    summary: 'Create a role',
    handler: (req) => service.createRole(ctx, requireAuth(req), req.body),
  });
  route(app, roleCalls.update, {
    config: { access: { permissions: ['ROLE:WRITE'] } },
    tags,
    summary: 'Rename a role',
    handler: (req) => service.updateRole(ctx, requireAuth(req), req.params.id, req.body),
  });
  route(app, roleCalls.remove, {
    config: { access: { permissions: ['ROLE:DELETE'] } },
    tags,
    summary: 'Delete a role (818 when assigned)',
    handler: async (req) => {
      await service.deleteRole(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
  route(app, roleCalls.setPermissions, {
    config: { access: { permissions: ['ROLE:ASSIGN'] } },
    tags,
    summary: "Set a role's permissions",
    handler: (req) => service.setRolePermissions(ctx, requireAuth(req), req.params.id, req.body.permissions),
  });
}

/** /ms-core/api/permissions */
export async function permissionsRoutes(app: FastifyInstance) {
  route(app, roleCalls.permissions, {
    config: { access: { permissions: ['ROLE:READ'] } },
    tags,
    summary: 'Paged search of permission names',
    handler: async (req, reply) => sendPage(reply, service.searchPermissions(req.body)),
  });
}
