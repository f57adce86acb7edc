import { and, eq, sql } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { inCatalogueScope, type TScope } from '../../platform/tenancy.js';
import { roles, userRoles } from './tables.js';

export const roleSearch: TSearchDefinition = {
  fields: {
    name: { column: roles.name, type: 'text' },
    superAdmin: { column: roles.superAdmin, type: 'boolean' },
    createdAt: { column: roles.createdAt, type: 'date' },
    _id: { column: roles.id, type: 'uuid', sortable: false },
  },
  searchColumns: [roles.name],
  defaultSort: { field: 'name', direction: 'asc' },
};

/** Roles do not notify their changes (no list_totals trigger): every page counts. */
export async function searchRoles(tx: TDb, scope: TScope, body: TSearchBody) {
  const q = buildSearch(roleSearch, body);
  const where = and(inCatalogueScope(roles.secureSpacePath, scope), q.where);
  return readPageByIds({ tx, table: roles, idColumn: roles.id, where, q });
}

export async function findRole(tx: TDb, scope: TScope, id: string) {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), inCatalogueScope(roles.secureSpacePath, scope)))
    .limit(1);
  return row;
}

/** The whole catalogue visible from the scope (own space and ancestors), by name. */
export async function listCatalogue(tx: TDb, scope: TScope) {
  return tx
    .select({ id: roles.id, name: roles.name, superAdmin: roles.superAdmin, permissions: roles.permissions })
    .from(roles)
    .where(inCatalogueScope(roles.secureSpacePath, scope))
    .orderBy(roles.name);
}

export async function insertRole(tx: TDb, row: typeof roles.$inferInsert) {
  const [created] = await tx.insert(roles).values(row).returning();
  return created!;
}

export async function updateRole(tx: TDb, id: string, values: Partial<typeof roles.$inferInsert>) {
  const [updated] = await tx.update(roles).set(values).where(eq(roles.id, id)).returning();
  return updated!;
}

export async function deleteRole(tx: TDb, id: string) {
  await tx.delete(roles).where(eq(roles.id, id));
}

/** Any assignment blocks the delete (818). */
export async function isRoleAssigned(tx: TDb, id: string): Promise<boolean> {
  const [row] = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.roleId, id)).limit(1);
  return Boolean(row);
}

export async function roleNameTaken(tx: TDb, spaceId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.spaceId, spaceId), eq(roles.name, name), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

export async function replaceRoles(tx: TDb, userId: string, secureSpacePath: string, roleIds: string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId, secureSpacePath })));
}

export async function isAdministrator(tx: TDb, userId: string): Promise<boolean> {
  const result = await tx.execute<{ admin: boolean }>(sql`
    select coalesce(bool_or(r.super_admin or 'ADMIN' = any(r.permissions)), false) as admin
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}`);
  return result.rows[0]?.admin === true;
}

/** Gives a user one more role (joining a space keeps the roles held elsewhere). */
export async function addRole(tx: TDb, userId: string, secureSpacePath: string, roleId: string) {
  await tx.insert(userRoles).values({ userId, roleId, secureSpacePath }).onConflictDoNothing();
}

/** The catalogue role of that name nearest to the space (its own, else an ancestor's), if any. */
export async function findRoleNamedFor(tx: TDb, spacePath: string, name: string) {
  const result = await tx.execute<{ id: string; name: string }>(sql`
    select id, name from roles where name = ${name} and ${spacePath} like secure_space_path || '%'
    order by length(secure_space_path) desc limit 1`);
  return result.rows[0];
}

/** A catalogue role visible from the space, by id. */
export async function findRoleFor(tx: TDb, spacePath: string, id: string) {
  const result = await tx.execute<{ id: string; name: string }>(sql`
    select id, name from roles where id = ${id} and ${spacePath} like secure_space_path || '%' limit 1`);
  return result.rows[0];
}

/**
 * Users who manage the people of a space: they live in it or above it and hold a role that is
 * super-admin or carries ADMIN or USER:INVITE.
 */
export async function managersOf(tx: TDb, spacePath: string): Promise<string[]> {
  const result = await tx.execute<{ user_id: string }>(sql`
    select distinct ur.user_id from user_roles ur join roles r on r.id = ur.role_id
    where ${spacePath} like ur.secure_space_path || '%'
      and (r.super_admin or 'ADMIN' = any(r.permissions) or 'USER:MANAGEMENT' = any(r.permissions))`);
  return result.rows.map((r) => r.user_id);
}
