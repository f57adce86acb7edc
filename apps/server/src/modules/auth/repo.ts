import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { refreshTokens } from './tables.js';
import { users, userSpaces } from '../users/tables.js';
import { spaces } from '../spaces/tables.js';

// Unscoped reads and writes of the auth service (sign-in has no tenant yet). Callers: service.ts only.

export async function findUserByLogin(tx: TDb, login: string) {
  const needle = login.trim().toLowerCase();
  const [user] = await tx
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, needle), eq(sql`lower(${users.email})`, needle)))
    .limit(1);
  return user;
}

export async function findUserById(tx: TDb, id: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function recordFailedSignin(tx: TDb, userId: string, maxFailures: number, lockMinutes: number) {
  await tx.execute(sql`
    update users set
      failed_signins = case when failed_signins + 1 >= ${maxFailures} then 0 else failed_signins + 1 end,
      locked_until = case when failed_signins + 1 >= ${maxFailures} then now() + make_interval(mins => ${lockMinutes}) else locked_until end
    where id = ${userId}`);
}

export async function clearFailedSignins(tx: TDb, userId: string) {
  await tx.update(users).set({ failedSignins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** Spaces the user may act in: memberships, as spaces. */
export async function listMemberSpaces(tx: TDb, userId: string) {
  return tx
    .select({ id: spaces.id, name: spaces.name, identifier: spaces.identifier, typeStructure: spaces.typeStructure, logo: spaces.logo, parentId: spaces.parentId, secureSpacePath: spaces.secureSpacePath })
    .from(userSpaces)
    .innerJoin(spaces, eq(spaces.id, userSpaces.spaceId))
    .where(eq(userSpaces.userId, userId))
    .orderBy(spaces.secureSpacePath);
}

/** A space the user may enter: a member space or one below a member space. */
export async function findEnterableSpace(tx: TDb, userId: string, spaceId: string) {
  const [space] = await tx
    .select({ id: spaces.id, name: spaces.name, identifier: spaces.identifier, typeStructure: spaces.typeStructure, logo: spaces.logo, parentId: spaces.parentId, secureSpacePath: spaces.secureSpacePath })
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

export async function insertRefreshToken(tx: TDb, row: typeof refreshTokens.$inferInsert) {
  await tx.insert(refreshTokens).values(row);
}

export async function findRefreshToken(tx: TDb, tokenHash: string) {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1).for('update');
  return row;
}

/** Marks a token used; false when another request used it first (a race is reuse too). */
export async function markRefreshTokenUsed(tx: TDb, id: string): Promise<boolean> {
  const rows = await tx.update(refreshTokens).set({ usedAt: new Date() }).where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt))).returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Keeps, sealed, the pair a token was rotated into (for a repeat within the grace window). */
export async function sealSuccessor(tx: TDb, id: string, sealed: string) {
  await tx.update(refreshTokens).set({ successorSealed: sealed }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(tx: TDb, familyId: string) {
  await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function isAdministrator(tx: TDb, userId: string): Promise<boolean> {
  const result = await tx.execute<{ admin: boolean }>(sql`
    select coalesce(bool_or(r.super_admin or 'ADMIN' = any(r.permissions)), false) as admin
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}`);
  return result.rows[0]?.admin === true;
}

/** Spaces the user may enter (member spaces and every space below them), members first, searchable. */
export async function searchEnterableSpaces(tx: TDb, userId: string, search: string | undefined, size: number) {
  const pattern = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return tx
    .select({ id: spaces.id, name: spaces.name, identifier: spaces.identifier, typeStructure: spaces.typeStructure, logo: spaces.logo, parentId: spaces.parentId, secureSpacePath: spaces.secureSpacePath })
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
