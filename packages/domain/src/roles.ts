import { z } from './zod.js';

/** The roles every new root space starts with. ADMIN passes every permission check. */
export interface TRoleTemplate {
  name: string;
  superAdmin: boolean;
  permissions: string[];
}

const read = (...modules: string[]) => modules.map((m) => `${m}:READ`);

export const DEFAULT_ROLES: TRoleTemplate[] = [
  { name: 'SUPER_ADMIN', superAdmin: true, permissions: ['ADMIN'] },
  { name: 'SPACE_ADMIN', superAdmin: false, permissions: ['ADMIN'] },
  { name: 'SPACE_OWNER', superAdmin: false, permissions: ['ADMIN'] },
  {
    name: 'auditor',
    superAdmin: false,
    permissions: [
      'AUDIT:READ',
      'AUDIT:CREATE',
      'AUDIT:WRITE',
      'AUDIT:DELETE',
      ...read('CLIENTS', 'ESTABLISHMENT', 'AREA', 'STRUCTURE', 'TEMPLATES', 'AUDIT-TEMPLATE', 'CATEGORY', 'SERVICES', 'TYPE_AREA', 'ISSUE', 'ANALYTICS'),
      'REGISTER:READ',
      'REGISTER:WRITE',
      // Auditors set up their clients' registers; only administrators delete one (decision 0037).
      'REGISTER:CREATE',
      'ISSUE:WRITE',
      'LAB_DATA_VIEW',
      'CATEGORY_VIEW',
      'NOTIFICATION:READ',
      'NOTIFICATION:NOTIFY',
    ],
  },
  {
    name: 'USER',
    superAdmin: false,
    permissions: [
      'AUDIT:READ',
      'REGISTER:READ',
      'ISSUE:READ',
      // The client's manager follows the incidents up: corrective actions, photos, comments (decision 0038).
      'ISSUE:WRITE',
      'ANALYTICS:READ',
      'LAB_DATA_VIEW',
      'LAB_DATA_ISSUES_VIEW',
      'GOOGLE_DRIVE_VIEW',
      'NOTIFICATION:READ',
      'FAQ:READ',
    ],
  },
  { name: 'worker', superAdmin: false, permissions: ['AUDIT:READ', 'REGISTER:READ', 'REGISTER:WRITE', 'ISSUE:READ', 'ISSUE:WRITE'] },
  {
    name: 'laboratory',
    superAdmin: false,
    permissions: ['LAB_DATA_VIEW', 'LAB_DATA_WRITE', 'LAB_DATA_ISSUES_VIEW', 'LAB_DATA_ISSUES_WRITE', 'SAMPLE_TYPE_VIEW', 'REQUEST_VIEW'],
  },
];

/**
 * Roles: the request and response schemas of /ms-core/api/roles and /permissions, shared by the
 * server's routes and the web (whose types are inferred from them).
 */
export const ZRole = z.object({
  _id: z.string(),
  name: z.string(),
  superAdmin: z.boolean(),
  permissions: z.array(z.string()),
  space: z.string(),
  createdAt: z.string(),
  /** One of the roles every space starts with: never renamed or deleted (decision 0047). */
  system: z.boolean(),
  /** Whether the caller may give the role to someone: never a role above the caller's own (decision 0062). */
  grantable: z.boolean(),
  /** What the caller may do with the role (roles policy). */
  can: z.object({ update: z.boolean(), assign: z.boolean(), delete: z.boolean() }),
});
const ZRoleName = z.string().trim().min(1).max(100);
const ZPermissionNames = z.array(z.string().max(100)).max(1000);

export const ZRoleCreate = z.object({ name: ZRoleName, superAdmin: z.boolean().optional(), permissions: ZPermissionNames.optional() });
export const ZRoleUpdate = z.object({ name: ZRoleName.optional(), superAdmin: z.boolean().optional() });
export const ZRolePermissions = z.object({ permissions: ZPermissionNames });
/** One entry of POST /permissions/search. */
export const ZPermissionItem = z.object({ _id: z.string(), name: z.string(), module: z.string(), action: z.string().nullable() });

export type TRole = z.infer<typeof ZRole>;
export type TRoleCreate = z.input<typeof ZRoleCreate>;
export type TRoleUpdate = z.input<typeof ZRoleUpdate>;
export type TPermissionItem = z.infer<typeof ZPermissionItem>;

/**
 * Whose staff a role is for (decision 0062): the forms group the roles by it. The default roles by
 * name; a role an administrator made is for a client's staff when it carries nothing beyond what
 * the client roles (USER, worker) and managing the client's own people need, else the company's.
 */
export type TRoleAudience = 'company' | 'client';
const CLIENT_ROLE_NAMES = new Set(['USER', 'worker']);
const CLIENT_STAFF_PERMISSIONS = new Set([
  ...DEFAULT_ROLES.filter((r) => CLIENT_ROLE_NAMES.has(r.name)).flatMap((r) => r.permissions),
  'USER:READ',
  'USER:MANAGEMENT',
  'USER:INVITE',
  'USER:CREATE',
  'USER:WRITE',
]);
const DEFAULT_ROLE_NAMES = new Set(DEFAULT_ROLES.map((r) => r.name));
export function roleAudience(role: { name: string; superAdmin: boolean; permissions?: readonly string[] }): TRoleAudience {
  if (DEFAULT_ROLE_NAMES.has(role.name)) return CLIENT_ROLE_NAMES.has(role.name) ? 'client' : 'company';
  if (role.superAdmin || !role.permissions?.length) return 'company';
  return role.permissions.every((p) => CLIENT_STAFF_PERMISSIONS.has(p)) ? 'client' : 'company';
}
/** The default roles, whose names and descriptions the web translates (others show their own name). */
export const isDefaultRoleName = (name: string) => DEFAULT_ROLE_NAMES.has(name);
