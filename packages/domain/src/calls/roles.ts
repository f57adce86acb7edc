import { z } from '../zod.js';
import { ZPermissionItem, ZRole, ZRoleCreate, ZRolePermissions, ZRoleUpdate } from '../roles.js';
import { ZSearchBody } from '../search.js';
import { CORE, defineCall } from './define.js';

const ROLES = `${CORE}/roles`;
const ZIdParams = z.object({ id: z.string().uuid() });

/** Roles and permission names (decision 0047). */
export const roleCalls = {
  /** Paged search of roles usable in the space (a projection answers only the keys asked for). */
  search: defineCall({ name: 'roles.search', method: 'POST', path: `${ROLES}/search`, body: ZSearchBody, response: z.array(ZRole.partial()), page: true }),
  create: defineCall({ name: 'roles.create', method: 'POST', path: ROLES, body: ZRoleCreate, response: ZRole }),
  update: defineCall({ name: 'roles.update', method: 'PATCH', path: `${ROLES}/:id`, params: ZIdParams, body: ZRoleUpdate, response: ZRole }),
  /** 818 when the role is assigned. */
  remove: defineCall({ name: 'roles.remove', method: 'DELETE', path: `${ROLES}/:id`, params: ZIdParams, response: z.object({ ok: z.literal(true) }) }),
  setPermissions: defineCall({
    name: 'roles.setPermissions',
    method: 'POST',
    path: `${ROLES}/:id/permission`,
    params: ZIdParams,
    body: ZRolePermissions,
    response: ZRole,
  }),
  permissions: defineCall({
    name: 'roles.permissions',
    method: 'POST',
    path: `${CORE}/permissions/search`,
    body: ZSearchBody,
    response: z.array(ZPermissionItem),
    page: true,
  }),
};
