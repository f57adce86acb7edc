import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { authorize } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { assertWritable } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import * as spaces from '../spaces/service.js';
import { servicesService } from './definition.js';
import * as repo from './repo.js';

export interface TGoalInput {
  service: string;
  valueGoal: number;
  templates: string[];
}

/** Write permission on a space follows its type: STRUCTURE, ESTABLISHMENT or AREA. */
export const writePermissionOf = (typeStructure: string) =>
  `${typeStructure === 'ESTABLISHMENT' || typeStructure === 'AREA' ? typeStructure : 'STRUCTURE'}:WRITE` as const;

async function loadSpace(tx: TDb, caller: TAuth, id: string) {
  const space = await spaces.findSpaceInScope(tx, caller, id);
  if (!space) throw notFound();
  return space;
}

async function listGoals(tx: TDb, spaceId: string) {
  const rows = await repo.listGoals(tx, spaceId);
  return rows.map((g) => ({ service: g.serviceId, valueGoal: g.valueGoal, templates: g.templates, createdAt: iso(g.createdAt)! }));
}

export async function getGoals(ctx: TModuleContext, caller: TAuth, spaceId: string) {
  return scoped(ctx, caller, async (tx) => {
    await loadSpace(tx, caller, spaceId);
    return listGoals(tx, spaceId);
  });
}

/**
 * Replaces the services-templates goal of a space. Each service appears once and must be visible to
 * the caller; the goal is a percentage (0 to 100). Templates do not exist yet: their ids are kept as given.
 */
export async function setGoals(ctx: TModuleContext, caller: TAuth, spaceId: string, goals: TGoalInput[]) {
  const ids = goals.map((g) => g.service);
  if (new Set(ids).size !== ids.length) throw invalidData(['servicesTemplatesGoal.service']);
  return scoped(ctx, caller, async (tx) => {
    const space = await loadSpace(tx, caller, spaceId);
    assertWritable(caller, space.secureSpacePath);
    authorize(caller, [writePermissionOf(space.typeStructure)]);
    await servicesService.assertVisible(tx, caller, ids, 'servicesTemplatesGoal.service');
    const before = await listGoals(tx, spaceId);
    await repo.replaceGoals(tx, space, goals);
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'SERVICES',
      section: 'services-templates-goal',
      entityId: spaceId,
      spaceId,
      secureSpacePath: space.secureSpacePath,
      payload: { before, after: goals },
    });
    return listGoals(tx, spaceId);
  });
}

/**
 * The goals in effect in a space (docs/decisions/0023): its own, else the nearest space above it
 * that has any, which is what the audit wizard offers. Read under the caller's scope, so a client
 * user whose client has no goals of its own sees none (the company's are above their scope).
 */
export async function goalsInEffect(ctx: TModuleContext, caller: TAuth, spaceId: string) {
  return scoped(ctx, caller, async (tx) => {
    const space = await loadSpace(tx, caller, spaceId);
    const rows = await repo.nearestGoals(tx, space.secureSpacePath);
    const fromId = rows[0]?.spaceId;
    const from = fromId === undefined ? null : fromId === space.id ? space : await spaces.findSpaceInScope(tx, caller, fromId);
    return {
      from: from ? { _id: from.id, name: from.name, typeStructure: from.typeStructure } : null,
      own: fromId === space.id,
      goals: rows.map((g) => ({ service: g.serviceId, valueGoal: g.valueGoal, templates: g.templates, createdAt: iso(g.createdAt)! })),
    };
  });
}

/** Services with a goal in exactly this space, each with its goal and templates. */
export async function searchSpaceServices(ctx: TModuleContext, caller: TAuth, spaceId: string, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    await loadSpace(tx, caller, spaceId);
    const page = await servicesService.repo.searchRows(tx, caller, body, repo.offeredIn(spaceId));
    const goals = await repo.goalsOf(
      tx,
      spaceId,
      page.items.map((s) => s.id),
    );
    const items = page.items.map((row) => {
      const goal = goals.find((g) => g.serviceId === row.id);
      return { ...servicesService.present(row, caller), valueGoal: goal?.valueGoal ?? null, templates: goal?.templates ?? [] };
    });
    return { items: project(items, body.projections), total: page.total };
  });
}

/** Removes the goals of spaces being deleted (called by the structures module in its transaction). */
export const deleteGoalsBelow = (tx: TDb, secureSpacePath: string) => repo.deleteGoalsBelow(tx, secureSpacePath);

/** Services offered to a client: a goal in the client's space or below it (default: the caller's space). */
export async function searchClientServices(ctx: TModuleContext, caller: TAuth, clientId: string | undefined, body: TSearchBody) {
  const page = await scoped(ctx, caller, async (tx) => {
    const client = await loadSpace(tx, caller, clientId ?? caller.spaceId);
    return servicesService.repo.searchRows(tx, caller, body, repo.offeredBelow(client.secureSpacePath));
  });
  return {
    items: project(
      page.items.map((s) => servicesService.present(s, caller)),
      body.projections,
    ),
    total: page.total,
  };
}

/** For the templates module: templates usable in a space (see repo.goalOffersTemplate), and cleanup on delete. */
export const goalOffersTemplate = repo.goalOffersTemplate;
export const goalInSpaceOffersTemplate = repo.goalInSpaceOffersTemplate;

/** For the audits module: the goals that apply to a space (its own, else its nearest ancestor's). */
export const nearestGoals = (tx: TDb, path: string) => repo.nearestGoals(tx, path);
export const forgetTemplate = repo.forgetTemplate;
