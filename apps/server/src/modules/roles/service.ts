import { ALL_PERMISSIONS, hasPermissions, isKnownPermission } from '@audit/domain/permissions';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { recordTrace } from '../../platform/trace.js';
import { isSystemRole, rolePolicy } from './policy.js';
import * as repo from './repo.js';

type TRoleRow = Awaited<ReturnType<typeof repo.insertRole>>;

export function presentRole(row: TRoleRow, caller: TAuth) {
  return {
    _id: row.id,
    name: row.name,
    superAdmin: row.superAdmin,
    permissions: row.permissions,
    space: row.spaceId,
    createdAt: iso(row.createdAt)!,
    /** One of the roles every space starts with: never renamed or deleted (decision 0047). */
    system: isSystemRole(row),
    /** Whether the caller may give the role to someone (decision 0062): the forms offer only these. */
    grantable: mayGrant(caller, row),
    /** What the caller may do with it, so the screen does not re-derive the rules. */
    can: rolePolicy.canAll(caller, row),
  };
}

function checkPermissions(names: string[]) {
  const unknown = names.filter((n) => !isKnownPermission(n));
  if (unknown.length) throw invalidData(unknown.map((n) => `permissions.${n}`));
}

export async function searchRoles(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const page = await scoped(ctx, caller, (tx) => repo.searchRoles(tx, caller, body));
  return {
    items: project(
      page.items.map((r) => presentRole(r, caller)),
      body.projections,
    ),
    total: page.total,
  };
}

export async function createRole(ctx: TModuleContext, caller: TAuth, input: { name: string; superAdmin?: boolean; permissions?: string[] }) {
  checkPermissions(input.permissions ?? []);
  return scoped(ctx, caller, async (tx) => {
    if (await repo.roleNameTaken(tx, caller.spaceId, input.name)) throw new AppError('alreadyExists', ['name']);
    const row = await repo.insertRole(tx, {
      spaceId: caller.spaceId,
      secureSpacePath: caller.spacePath,
      name: input.name,
      superAdmin: input.superAdmin ?? false,
      permissions: input.permissions ?? [],
    });
    await recordTrace(tx, caller, { type: 'CREATE', module: 'ROLE', section: 'roles', entityId: row.id, payload: input });
    return presentRole(row, caller);
  });
}

async function loadWritable(tx: Parameters<typeof repo.findRole>[0], caller: TAuth, id: string, action: 'update' | 'assign' | 'delete') {
  const row = await repo.findRole(tx, caller, id);
  if (!row) throw notFound();
  rolePolicy.authorize(caller, action, row); // an ancestor's role is readable, not writable: 451
  return row;
}

export async function updateRole(ctx: TModuleContext, caller: TAuth, id: string, input: { name?: string; superAdmin?: boolean }) {
  return scoped(ctx, caller, async (tx) => {
    const row = await loadWritable(tx, caller, id, 'update');
    if (input.name && (await repo.roleNameTaken(tx, row.spaceId, input.name, id))) throw new AppError('alreadyExists', ['name']);
    const updated = await repo.updateRole(tx, id, input);
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'ROLE', section: 'roles', entityId: id, secureSpacePath: row.secureSpacePath, payload: input });
    return presentRole(updated, caller);
  });
}

export async function setRolePermissions(ctx: TModuleContext, caller: TAuth, id: string, permissions: string[]) {
  checkPermissions(permissions);
  return scoped(ctx, caller, async (tx) => {
    const row = await loadWritable(tx, caller, id, 'assign');
    const updated = await repo.updateRole(tx, id, { permissions: [...new Set(permissions)] });
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'ROLE',
      section: 'permissions',
      entityId: id,
      secureSpacePath: row.secureSpacePath,
      payload: { from: row.permissions, to: updated.permissions },
    });
    return presentRole(updated, caller);
  });
}

export async function deleteRole(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadWritable(tx, caller, id, 'delete');
    // A role is only ever assigned to users at or below its own space, all inside this scope.
    if (await repo.isRoleAssigned(tx, id)) throw new AppError('roleAssigned');
    await repo.deleteRole(tx, id);
    await recordTrace(tx, caller, {
      type: 'REMOVE',
      module: 'ROLE',
      section: 'roles',
      entityId: id,
      secureSpacePath: row.secureSpacePath,
      payload: { name: row.name },
    });
  });
}

/** Permissions are static data (packages/domain); searched in memory, they are a few hundred names. */
type TPermissionItem = { _id: string; name: string; module: string; action: string | null };
const PERMISSION_FIELDS = new Set<string>(['_id', 'name', 'module', 'action']);

/**
 * Permission names are a constant list, searched in memory with the search contract's rules: a
 * filter (eq or contains) or sort on any other field is a 400 naming it, as on every search.
 */
export function searchPermissions(body: TSearchBody) {
  const text = body.search?.trim().toUpperCase();
  const unknown = body.filters.filter((f) => !PERMISSION_FIELDS.has(f.field) || !['eq', 'contains'].includes(f.operator) || typeof f.value !== 'string');
  if (unknown.length) throw invalidData(unknown.map((f) => `filters.${f.field}`));
  const sort = typeof body.sort === 'string' ? body.sort : body.sort ? Object.keys(body.sort)[0] : undefined;
  const sortField = sort?.replace(/^-/, '') || 'name';
  if (!PERMISSION_FIELDS.has(sortField)) throw invalidData([`sort.${sortField}`]);
  const descending = sort?.startsWith('-') || (body.sort && typeof body.sort === 'object' && [-1, 'desc'].includes(Object.values(body.sort)[0]!));
  const all: TPermissionItem[] = ALL_PERMISSIONS.filter((p) => !text || p.includes(text)).map((name) => ({
    _id: name,
    name,
    module: name.split(':')[0]!,
    action: name.split(':')[1] ?? null,
  }));
  const matching = all
    .filter((p) =>
      body.filters.every((f) =>
        f.operator === 'eq'
          ? p[f.field as keyof TPermissionItem] === f.value
          : (p[f.field as keyof TPermissionItem] ?? '').includes(String(f.value).toUpperCase()),
      ),
    )
    .sort((x, y) => (x[sortField as keyof TPermissionItem] ?? '').localeCompare(y[sortField as keyof TPermissionItem] ?? '') * (descending ? -1 : 1));
  return { items: matching.slice(body.page * body.size, body.page * body.size + body.size), total: matching.length };
}

/**
 * Every role id must be a role the caller can see (own space or an ancestor's catalogue), 400
 * naming `roles`; a role given or taken away must be one the caller may grant (410, decision 0062):
 * a client's manager neither raises anyone above themselves nor demotes someone above them. The
 * roles the user already `held` and keeps are not re-judged. Answers the names.
 */
export async function assertRolesUsable(tx: Parameters<typeof repo.findRole>[0], caller: TAuth, roleIds: string[], held: string[] = []): Promise<string[]> {
  const names: string[] = [];
  const wanted = new Set(roleIds);
  for (const id of wanted) {
    const role = await repo.findRole(tx, caller, id);
    if (!role) throw invalidData(['roles']);
    if (!held.includes(id) && !mayGrant(caller, role)) throw new AppError('cannotAssignRoles', ['roles']);
    names.push(role.name);
  }
  for (const id of held.filter((h) => !wanted.has(h))) {
    const role = await repo.findRole(tx, caller, id);
    if (role && !mayGrant(caller, role)) throw new AppError('cannotAssignRoles', ['roles']);
  }
  return names;
}

/** Replaces a user's roles (the users module calls this after assertRolesUsable); the rows carry the user's path. */
export function assignRoles(tx: Parameters<typeof repo.replaceRoles>[0], userId: string, userPath: string, roleIds: string[]) {
  return repo.replaceRoles(tx, userId, userPath, roleIds);
}

/** Whether any of the user's roles is super-admin or carries ADMIN (the administrators' sign-in). */
export const isAdministrator = repo.isAdministrator;

// ---- Used by the accounts module (decision 0040): joining a space with a role, and who is told of a request ----

export const addRole = repo.addRole;
export const findRoleNamedFor = repo.findRoleNamedFor;
export const findRoleFor = repo.findRoleFor;

/**
 * Whether the caller may hand a role out (an invitation): an administrator any; anyone else only a
 * role that is not super-admin and carries no permission the caller lacks, so a client's manager
 * never makes someone more powerful than themselves (decision 0048).
 */
export const mayGrant = (caller: Pick<TAuth, 'isAdmin' | 'permissions'>, role: { superAdmin: boolean; permissions: string[] }) =>
  caller.isAdmin || (!role.superAdmin && hasPermissions(caller.permissions, role.permissions));

/** The catalogue's roles the caller may hand out, by name. */
export async function grantableRoles(tx: TDb, caller: TAuth) {
  return (await repo.listCatalogue(tx, caller)).filter((role) => mayGrant(caller, role));
}

/** A role of the catalogue the caller may hand out: 400 naming `role` when unknown, 410 when above the caller. */
export async function findGrantableRole(tx: TDb, caller: TAuth, id: string) {
  const role = await repo.findRole(tx, caller, id);
  if (!role) throw invalidData(['role']);
  if (!mayGrant(caller, role)) throw new AppError('cannotAssignRoles', ['role']);
  return role;
}
export const managersOf = repo.managersOf;
