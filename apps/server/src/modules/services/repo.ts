import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { spaceServiceGoals } from './tables.js';

/** Services-templates goals of one space, in their saved order. */
export function listGoals(tx: TDb, spaceId: string) {
  return tx.select().from(spaceServiceGoals).where(eq(spaceServiceGoals.spaceId, spaceId)).orderBy(spaceServiceGoals.position);
}

/**
 * Replaces a space's goals by upserting each and deleting the others: idempotent by nature, so
 * the same call sent twice at once (two tabs, a replayed request) ends in the same rows instead
 * of a primary-key violation between two delete-then-insert transactions.
 */
export async function replaceGoals(
  tx: TDb,
  space: { id: string; secureSpacePath: string },
  goals: { service: string; valueGoal: number; templates: string[] }[],
) {
  const kept = goals.map((g) => g.service);
  await tx
    .delete(spaceServiceGoals)
    .where(and(eq(spaceServiceGoals.spaceId, space.id), kept.length ? sql`not (${inArray(spaceServiceGoals.serviceId, kept)})` : undefined));
  if (!goals.length) return;
  await tx
    .insert(spaceServiceGoals)
    .values(
      goals.map((g, position) => ({
        spaceId: space.id,
        secureSpacePath: space.secureSpacePath,
        serviceId: g.service,
        valueGoal: g.valueGoal,
        templates: [...new Set(g.templates)],
        position,
      })),
    )
    .onConflictDoUpdate({
      target: [spaceServiceGoals.spaceId, spaceServiceGoals.serviceId],
      set: {
        valueGoal: sql`excluded.value_goal`,
        templates: sql`excluded.templates`,
        position: sql`excluded.position`,
        secureSpacePath: sql`excluded.secure_space_path`,
      },
    });
}

/** Adds one goal after the space's others; a goal the space already has for the service stays as it is. */
export async function appendGoal(tx: TDb, space: { id: string; secureSpacePath: string }, serviceId: string, valueGoal: number) {
  await tx
    .insert(spaceServiceGoals)
    .values({
      spaceId: space.id,
      secureSpacePath: space.secureSpacePath,
      serviceId,
      valueGoal,
      position: sql`(select coalesce(max(g.position) + 1, 0) from space_service_goals g where g.space_id = ${space.id})`,
    })
    .onConflictDoNothing();
}

export function goalsOf(tx: TDb, spaceId: string, serviceIds: string[]) {
  if (!serviceIds.length) return Promise.resolve([]);
  return tx
    .select()
    .from(spaceServiceGoals)
    .where(and(eq(spaceServiceGoals.spaceId, spaceId), inArray(spaceServiceGoals.serviceId, serviceIds)));
}

export async function deleteGoalsBelow(tx: TDb, secureSpacePath: string) {
  await tx.delete(spaceServiceGoals).where(sql`${spaceServiceGoals.secureSpacePath} like ${`${secureSpacePath}%`}`);
}

/**
 * The goals of the nearest space on `path` (the space itself, then its ancestors) that has any: an
 * establishment without goals of its own uses its client's. Read under the caller's scope.
 */
export function nearestGoals(tx: TDb, path: string) {
  const nearest = sql`(select g.space_id from space_service_goals g where ${path} like g.secure_space_path || '%' order by length(g.secure_space_path) desc limit 1)`;
  return tx
    .select()
    .from(spaceServiceGoals)
    .where(sql`${spaceServiceGoals.spaceId} = ${nearest}`)
    .orderBy(spaceServiceGoals.position);
}

/** Predicate for the templates module: the goal of `serviceId` in exactly this space names no templates or this one. */
export const goalInSpaceOffersTemplate = (spaceId: string, templateId: SQL, serviceId: SQL) =>
  sql`exists (select 1 from space_service_goals g where g.space_id = ${spaceId} and g.service_id = ${serviceId} and (cardinality(g.templates) = 0 or ${templateId} = any(g.templates)))`;

/** Predicate on services: a goal exists in exactly this space. */
export const offeredIn = (spaceId: string) =>
  sql`exists (select 1 from space_service_goals g where g.service_id = "services"."id" and g.space_id = ${spaceId})`;

/** Predicate on services: a goal exists in the space at `path` or below (goals are read under the caller's scope). */
export const offeredBelow = (path: string) =>
  sql`exists (select 1 from space_service_goals g where g.service_id = "services"."id" and g.secure_space_path like ${`${path}%`})`;

/**
 * Predicate for the templates module: a goal at `path` or below offers the template's service, and
 * either names no templates or names this one. The caller passes its qualified column names.
 */
export const goalOffersTemplate = (path: string, templateId: SQL, serviceId: SQL) =>
  sql`exists (select 1 from space_service_goals g where g.service_id = ${serviceId} and g.secure_space_path like ${`${path}%`} and (cardinality(g.templates) = 0 or ${templateId} = any(g.templates)))`;

/** A deleted template leaves the goals that named it (within the caller's scope, under RLS). */
export async function forgetTemplate(tx: TDb, templateId: string) {
  await tx
    .update(spaceServiceGoals)
    .set({ templates: sql`array_remove(${spaceServiceGoals.templates}, ${templateId}::uuid)` })
    .where(sql`${templateId}::uuid = any(${spaceServiceGoals.templates})`);
}
