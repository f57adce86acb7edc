import { sql, type SQL } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { assertWritable } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { categoriesService } from '../categories/definition.js';
import { areaTypesService } from '../nomenclatures/definitions.js';
import { servicesService } from '../services/definition.js';
import * as goals from '../services/goals.js';
import * as spaces from '../spaces/service.js';
import { loadRefs, presentSummary, presentTemplate } from './present.js';
import { templatePolicy } from './policy.js';
import * as repo from './repo.js';

export const MODULE = 'TEMPLATES';
export const SECTION = 'audit-templates';

export interface TTemplateInput {
  name?: string;
  description?: string;
  language?: string;
  category?: string | null;
  service?: string | null;
  areaAccess?: string | null;
}

/** A visible template, or 404. */
export async function loadTemplate(tx: TDb, caller: TAuth, id: string) {
  const item = await repo.findTemplate(tx, caller, id);
  if (!item) throw notFound();
  return item;
}

/**
 * A template the caller may change (451 for an ancestor's), locked for the rest of the transaction.
 * With `action`, the templates policy decides (its own record); without, only the space (its tree,
 * under the AUDIT-TEMPLATE permissions its routes check).
 */
export async function loadWritableTemplate(tx: TDb, caller: TAuth, id: string, action?: 'update' | 'delete') {
  const item = await loadTemplate(tx, caller, id);
  if (action) templatePolicy.authorize(caller, action, item.row);
  else assertWritable(caller, item.row.secureSpacePath);
  await repo.lockTemplate(tx, id);
  return item;
}

/** The whole template as GET answers it; also what an audit will copy. */
export async function readTemplate(tx: TDb, caller: TAuth, id: string) {
  const item = await loadTemplate(tx, caller, id);
  const [refs, rows] = [await loadRefs(tx, caller, [item.row]), await repo.loadTrees(tx, [id])];
  return presentTemplate(item, refs, caller, rows);
}

async function page(tx: TDb, caller: TAuth, body: TSearchBody, extra?: SQL) {
  const found = await repo.searchTemplates(tx, caller, body, extra);
  const refs = await loadRefs(
    tx,
    caller,
    found.items.map((i) => i.row),
  );
  return {
    items: project(
      found.items.map((i) => presentSummary(i, refs, caller)),
      body.projections,
    ),
    total: found.total,
  };
}

export const searchTemplates = (ctx: TModuleContext, caller: TAuth, body: TSearchBody) => scoped(ctx, caller, (tx) => page(tx, caller, body));

/** For the audits wizard: a page of templates narrowed by `extra` (qualified "audit_templates" columns), in the caller's transaction. */
export const searchTemplatesWhere = (tx: TDb, caller: TAuth, body: TSearchBody, extra: SQL) => page(tx, caller, body, extra);

export const getTemplate = (ctx: TModuleContext, caller: TAuth, id: string) => scoped(ctx, caller, (tx) => readTemplate(tx, caller, id));

/** References must be visible to the caller; the category must be a TEMPLATE category. */
async function validateRefs(tx: TDb, caller: TAuth, input: TTemplateInput) {
  if (input.category) {
    const category = await categoriesService.repo.find(tx, caller, input.category);
    if (!category || category.type !== 'TEMPLATE') throw invalidData(['category']);
  }
  await servicesService.assertVisible(tx, caller, [input.service], 'service');
  await areaTypesService.assertVisible(tx, caller, [input.areaAccess], 'areaAccess');
}

const toValues = (input: TTemplateInput) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.language !== undefined ? { language: input.language } : {}),
  ...(input.category !== undefined ? { categoryId: input.category ?? null } : {}),
  ...(input.service !== undefined ? { serviceId: input.service ?? null } : {}),
  ...(input.areaAccess !== undefined ? { areaAccessId: input.areaAccess ?? null } : {}),
});

/** A new template is a draft (enabled false) of the caller's space; enabling it checks it is runnable. */
export async function createTemplate(ctx: TModuleContext, caller: TAuth, input: TTemplateInput) {
  return scoped(ctx, caller, async (tx) => {
    await validateRefs(tx, caller, input);
    const row = await repo.insertTemplate(tx, { name: input.name!, ...toValues(input), spaceId: caller.spaceId, secureSpacePath: caller.spacePath });
    await recordTrace(tx, caller, { type: 'CREATE', module: MODULE, section: SECTION, entityId: row.id, payload: input });
    return readTemplate(tx, caller, row.id);
  });
}

export async function updateTemplate(ctx: TModuleContext, caller: TAuth, id: string, input: TTemplateInput) {
  return scoped(ctx, caller, async (tx) => {
    const before = await loadWritableTemplate(tx, caller, id, 'update');
    await validateRefs(tx, caller, input);
    await repo.updateTemplate(tx, id, toValues(input));
    await recordTrace(tx, caller, { ...where(before.row), type: 'UPDATE', entityId: id, payload: { before: toInput(before.row), after: input } });
    return readTemplate(tx, caller, id);
  });
}

export async function removeTemplate(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const before = await loadWritableTemplate(tx, caller, id, 'delete');
    const snapshot = await readTemplate(tx, caller, id);
    await repo.deleteTemplate(tx, id);
    await goals.forgetTemplate(tx, id);
    await recordTrace(tx, caller, { ...where(before.row), type: 'REMOVE', entityId: id, payload: snapshot });
  });
}

/**
 * Runnable means (calls document, section 8): a QUESTION section with at least one question (else
 * 10021), a visible service (692) and a visible facility type (934), checked in that order.
 */
export async function assertRunnable(tx: TDb, caller: TAuth, item: Awaited<ReturnType<typeof loadTemplate>>) {
  if (!(await repo.hasQuestions(tx, item.row.id))) throw new AppError('templateEmpty');
  const refs = await loadRefs(tx, caller, [item.row]);
  if (!item.row.serviceId || !refs.services.has(item.row.serviceId)) throw new AppError('templateWithoutService', ['service']);
  if (!item.row.areaAccessId || !refs.areaTypes.has(item.row.areaAccessId)) throw new AppError('templateWithoutFacilityType', ['areaAccess']);
}

export const checkTemplate = (ctx: TModuleContext, caller: TAuth, id: string) =>
  scoped(ctx, caller, async (tx) => {
    await assertRunnable(tx, caller, await loadTemplate(tx, caller, id));
    return { ok: true as const };
  });

/** Enabling checks the template is runnable; disabling always works. */
export async function setEnabled(ctx: TModuleContext, caller: TAuth, id: string, enabled: boolean) {
  return scoped(ctx, caller, async (tx) => {
    const before = await loadWritableTemplate(tx, caller, id, 'update');
    if (enabled) await assertRunnable(tx, caller, before);
    if (before.row.enabled !== enabled) {
      await repo.updateTemplate(tx, id, { enabled });
      await recordTrace(tx, caller, {
        ...where(before.row),
        type: 'UPDATE',
        entityId: id,
        payload: { before: { enabled: before.row.enabled }, after: { enabled } },
      });
    }
    return readTemplate(tx, caller, id);
  });
}

/**
 * Templates usable for a client (product document, section 5): enabled, and their service has a goal
 * in the establishment's space (or anywhere in the client's, or the caller's) naming no templates or this one.
 */
export async function searchForClient(ctx: TModuleContext, caller: TAuth, target: { client?: string; establishment?: string }, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    const space = await spaces.findSpaceInScope(tx, caller, target.establishment ?? target.client ?? caller.spaceId);
    if (!space) throw notFound();
    const offered = goals.goalOffersTemplate(space.secureSpacePath, sql`"audit_templates"."id"`, sql`"audit_templates"."service_id"`);
    return page(tx, caller, body, sql`${offered} and "audit_templates"."enabled" is not false`);
  });
}

/** Trace location: the template's own space. */
export const where = (row: { spaceId: string; secureSpacePath: string }) => ({
  module: MODULE,
  section: SECTION,
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
});

const toInput = (row: repo.TTemplateListRow['row']) => ({
  name: row.name,
  description: row.description,
  language: row.language,
  category: row.categoryId,
  service: row.serviceId,
  areaAccess: row.areaAccessId,
  enabled: row.enabled,
});
