import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { SPACE_TYPES } from '@audit/domain/constants';
import { spaceSlug } from '@audit/domain/spaces';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, type TSearchDefinition } from '../../platform/search.js';
import { childPath, withinScope, type TScope } from '../../platform/tenancy.js';
import { spaces, spaceAccessRequests } from './tables.js';

export async function findSpaceInScope(tx: TDb, scope: TScope, id: string) {
  const [space] = await tx
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), withinScope(spaces.secureSpacePath, scope)))
    .limit(1);
  return space;
}

/** Spaces of the caller's scope among `ids` (missing ids are simply absent). */
export function findSpacesInScope(tx: TDb, scope: TScope, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return tx
    .select({ id: spaces.id, parentId: spaces.parentId, typeStructure: spaces.typeStructure, secureSpacePath: spaces.secureSpacePath })
    .from(spaces)
    .where(and(inArray(spaces.id, ids), withinScope(spaces.secureSpacePath, scope)));
}

export async function identifierExists(tx: TDb, identifier: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: spaces.id })
    .from(spaces)
    .where(eq(sql`lower(${spaces.identifier})`, identifier.trim().toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export async function insertAccessRequest(tx: TDb, row: typeof spaceAccessRequests.$inferInsert) {
  await tx.insert(spaceAccessRequests).values(row);
}

/** A child space: a fresh id, its path under the parent's, and a unique identifier derived from the name. */
export async function insertChildSpace(
  tx: TDb,
  parent: { id: string; secureSpacePath: string },
  input: { name: string; typeStructure: string; description?: string | null; logo?: string | null; timeZone?: string | null },
) {
  const id = randomUUID();
  const slug = spaceSlug(input.name);
  const [space] = await tx
    .insert(spaces)
    .values({
      id,
      parentId: parent.id,
      identifier: `${slug || 'space'}-${id.slice(0, 8)}`,
      name: input.name,
      description: input.description ?? null,
      logo: input.logo ?? null,
      timeZone: input.timeZone ?? null,
      typeStructure: input.typeStructure,
      secureSpacePath: childPath(parent.secureSpacePath, id),
    })
    .returning();
  return space!;
}

export async function updateSpaceFields(
  tx: TDb,
  id: string,
  values: { name?: string; logo?: string | null; description?: string | null; timeZone?: string | null },
) {
  const [space] = await tx
    .update(spaces)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(spaces.id, id))
    .returning();
  return space!;
}

/** Deletes the space whose path is given and all below it (path prefix); returns their ids. */
export async function deleteSubtree(tx: TDb, secureSpacePath: string) {
  const removed = await tx
    .delete(spaces)
    .where(like(spaces.secureSpacePath, `${secureSpacePath}%`))
    .returning({ id: spaces.id });
  return removed.map((r) => r.id);
}

// ---- Spaces a user may enter (the auth service's sessions and the space selector); unscoped ----

/** Spaces the user may act in: memberships, as spaces. */
export async function listMemberSpaces(tx: TDb, userId: string) {
  return tx
    .select({
      id: spaces.id,
      name: spaces.name,
      identifier: spaces.identifier,
      typeStructure: spaces.typeStructure,
      logo: spaces.logo,
      parentId: spaces.parentId,
      secureSpacePath: spaces.secureSpacePath,
    })
    .from(spaces)
    .where(sql`exists (select 1 from user_spaces us where us.user_id = ${userId} and us.space_id = "spaces"."id")`)
    .orderBy(spaces.secureSpacePath);
}

/** A space the user may enter: a member space or one below a member space. */
export async function findEnterableSpace(tx: TDb, userId: string, spaceId: string) {
  const [space] = await tx
    .select({
      id: spaces.id,
      name: spaces.name,
      identifier: spaces.identifier,
      typeStructure: spaces.typeStructure,
      logo: spaces.logo,
      parentId: spaces.parentId,
      secureSpacePath: spaces.secureSpacePath,
    })
    .from(spaces)
    .where(
      and(
        eq(spaces.id, spaceId),
        sql`exists (select 1 from user_spaces us where us.user_id = ${userId} and "spaces"."secure_space_path" like us.secure_space_path || '%')`,
      ),
    )
    .limit(1);
  return space;
}

/** Spaces the user may enter (member spaces and every space below them), members first, searchable. */
export async function searchEnterableSpaces(tx: TDb, userId: string, search: string | undefined, size: number) {
  const pattern = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return tx
    .select({
      id: spaces.id,
      name: spaces.name,
      identifier: spaces.identifier,
      typeStructure: spaces.typeStructure,
      logo: spaces.logo,
      parentId: spaces.parentId,
      secureSpacePath: spaces.secureSpacePath,
    })
    .from(spaces)
    .where(
      and(
        sql`exists (select 1 from user_spaces us where us.user_id = ${userId} and "spaces"."secure_space_path" like us.secure_space_path || '%')`,
        pattern ? sql`("spaces"."name" ilike ${pattern} or "spaces"."identifier" ilike ${pattern})` : undefined,
      ),
    )
    .orderBy(sql`exists (select 1 from user_spaces us where us.user_id = ${userId} and us.space_id = "spaces"."id") desc`, spaces.secureSpacePath)
    .limit(size);
}

/** The zone of a space's days: its own, else the nearest ancestor's, else Europe/Madrid (SQL function of migration 0011, which sees the ancestors a client user's scope does not). */
export async function timeZoneOfPath(tx: TDb, secureSpacePath: string): Promise<string> {
  const result = await tx.execute<{ zone: string }>(sql`select space_time_zone(${secureSpacePath}) as zone`);
  return result.rows[0]!.zone;
}

/**
 * The zones a scope's rows count their days in: the scope's own (space_time_zone: its own, else an
 * ancestor's, else Europe/Madrid) and the spaces below it that set one (in the scope: row security
 * lets the caller read them). One read of the small spaces table.
 */
export async function zonesOfScope(tx: TDb, secureSpacePath: string): Promise<{ zone: string; below: { path: string; zone: string }[] }> {
  const result = await tx.execute<{ path: string | null; zone: string }>(sql`
    select null::text as path, space_time_zone(${secureSpacePath}) as zone
    union all
    select s.secure_space_path, s.time_zone from spaces s
      where s.time_zone is not null and starts_with(s.secure_space_path, ${secureSpacePath}) and s.secure_space_path <> ${secureSpacePath}`);
  const own = result.rows.find((r) => r.path === null)!;
  return { zone: own.zone, below: result.rows.filter((r): r is { path: string; zone: string } => r.path !== null) };
}

/** Spaces of the scope by id, with their type and parent (the registers module names its client, establishments and areas). */
export async function spacesByIds(tx: TDb, scope: TScope, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: spaces.id, name: spaces.name, type: spaces.typeStructure, parentId: spaces.parentId })
    .from(spaces)
    .where(and(inArray(spaces.id, ids), withinScope(spaces.secureSpacePath, scope)));
}

/** Children of the given parents of one type in the scope (optionally only `ids`), by name. */
export async function childSpaces(tx: TDb, scope: TScope, parentIds: string[], type: string, ids?: string[]) {
  if (!parentIds.length || (ids && !ids.length)) return [];
  return tx
    .select({ id: spaces.id, name: spaces.name, parentId: spaces.parentId })
    .from(spaces)
    .where(
      and(
        inArray(spaces.parentId, parentIds),
        eq(spaces.typeStructure, type),
        withinScope(spaces.secureSpacePath, scope),
        ids ? inArray(spaces.id, ids) : undefined,
      ),
    )
    .orderBy(spaces.name);
}

// ---- The ways in (accounts module, decision 0040): unscoped reads of what a public page may show ----

const publicColumns = { id: spaces.id, name: spaces.name, logo: spaces.logo, secureSpacePath: spaces.secureSpacePath, signupEnabled: spaces.signupEnabled };

export async function findPublicSpace(tx: TDb, where: { id: string } | { identifier: string }) {
  const [space] = await tx
    .select(publicColumns)
    .from(spaces)
    .where('id' in where ? eq(spaces.id, where.id) : eq(sql`lower(${spaces.identifier})`, where.identifier.trim().toLowerCase()))
    .limit(1);
  return space;
}

export function listSignupSpaces(tx: TDb) {
  return tx.select(publicColumns).from(spaces).where(eq(spaces.signupEnabled, true)).orderBy(spaces.name).limit(50);
}

export async function setSignupEnabled(tx: TDb, id: string, enabled: boolean) {
  await tx.update(spaces).set({ signupEnabled: enabled, updatedAt: new Date() }).where(eq(spaces.id, id));
}

export async function setOnboardingActive(tx: TDb, id: string, active: boolean) {
  await tx.update(spaces).set({ onboardingActive: active, updatedAt: new Date() }).where(eq(spaces.id, id));
}

/** Onboarding is active for a space when it or any space above it has it on (decision 0041). */
export async function onboardingActiveFor(tx: TDb, spacePath: string): Promise<boolean> {
  const result = await tx.execute<{ active: boolean | null }>(
    sql`select bool_or(onboarding_active) as active from spaces where ${spacePath} like secure_space_path || '%'`,
  );
  return result.rows[0]?.active === true;
}

/** Whether the space of this path, or one above it, carries the space-owner flag (the session's isOwner; decision 0065). */
export async function ownerSpaceFor(tx: TDb, spacePath: string): Promise<boolean> {
  const result = await tx.execute<{ owner: boolean | null }>(
    sql`select bool_or(owner_space) as owner from spaces where ${spacePath} like secure_space_path || '%'`,
  );
  return result.rows[0]?.owner === true;
}

// ---- Administration (/admin/spaces, /admin/settings; decision 0047) ----

export const adminSpaceSearch: TSearchDefinition = {
  fields: {
    name: { column: spaces.name, type: 'text' },
    identifier: { column: spaces.identifier, type: 'text' },
    typeStructure: { column: spaces.typeStructure, type: 'enum', values: SPACE_TYPES },
    parent: { column: spaces.parentId, type: 'uuid' },
    createdAt: { column: spaces.createdAt, type: 'date' },
  },
  searchColumns: [spaces.name, spaces.identifier],
  defaultSort: { field: 'name', direction: 'asc' },
};

/** The spaces of the caller's scope (itself and below), paged by the search contract. */
export async function searchAdminSpaces(tx: TDb, scope: TScope, body: TSearchBody) {
  const q = buildSearch(adminSpaceSearch, body);
  const where = and(withinScope(spaces.secureSpacePath, scope), q.where);
  const items = await tx
    .select()
    .from(spaces)
    .where(where)
    .orderBy(...q.orderBy, spaces.id)
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(spaces)
    .where(where);
  return { items, total };
}

/** Names of spaces by id, whatever their tenant (a list's parent column; the caller's own space's parent is above its scope). */
export async function unsafeNamesOf(tx: TDb, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await tx.select({ id: spaces.id, name: spaces.name }).from(spaces).where(inArray(spaces.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A space with the identifier the admin chose (create under a parent already checked to be in scope). */
export async function insertAdminSpace(
  tx: TDb,
  parent: { id: string; secureSpacePath: string },
  input: {
    identifier: string;
    name: string;
    typeStructure: string;
    description?: string | null;
    modules: string[];
    logo?: string | null;
    ownerSpace?: boolean;
    adminSpace?: boolean;
  },
) {
  const id = randomUUID();
  const [space] = await tx
    .insert(spaces)
    .values({
      id,
      parentId: parent.id,
      identifier: input.identifier,
      name: input.name,
      description: input.description ?? null,
      modules: input.modules,
      logo: input.logo ?? null,
      ownerSpace: input.ownerSpace ?? false,
      adminSpace: input.adminSpace ?? false,
      typeStructure: input.typeStructure,
      secureSpacePath: childPath(parent.secureSpacePath, id),
    })
    .returning();
  return space!;
}

export async function updateAdminFields(
  tx: TDb,
  id: string,
  values: Partial<
    Pick<
      typeof spaces.$inferInsert,
      'identifier' | 'name' | 'description' | 'modules' | 'logo' | 'timeZone' | 'language' | 'signupEnabled' | 'onboardingActive' | 'ownerSpace' | 'adminSpace'
    >
  >,
) {
  const [space] = await tx
    .update(spaces)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(spaces.id, id))
    .returning();
  return space!;
}

/** Whether another space has this identifier (case-insensitive). */
export async function identifierTaken(tx: TDb, identifier: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(sql`lower(${spaces.identifier})`, identifier.toLowerCase()), exceptId ? sql`${spaces.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

/** A space by id whatever the tenant, with its tenant's root id (the public logo address). */
export async function spacesByIdUnscoped(tx: TDb, id: string) {
  const rows = await tx.select({ id: spaces.id, logo: spaces.logo, path: spaces.secureSpacePath }).from(spaces).where(eq(spaces.id, id)).limit(1);
  return rows.map((r) => ({ ...r, rootId: r.path.split('/').filter(Boolean)[0]! }));
}
