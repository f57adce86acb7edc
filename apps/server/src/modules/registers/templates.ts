import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import type { TRegisterTemplateOut } from '@audit/domain/registers';
import { LANGUAGES } from '@audit/domain/constants';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { assertWritable, inCatalogueScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { categoriesService } from '../categories/definition.js';
import { compact, moveTo, nextPosition } from './ordering.js';
import { registerTemplatePolicy } from './policy.js';
import { registerItems, registers, registerSections, registerTemplates as tpl, type TRegisterItemRow, type TRegisterTemplateRow } from './tables.js';

export const MODULE = 'REGISTER';
export const SECTION = 'template-registers';

/** Register templates of the caller's space, in their order (reorder / suggested-order). */
const ownSiblings = (caller: TAuth) => sql`space_id = ${caller.spaceId}`;

export const templateSearch: TSearchDefinition = {
  fields: {
    name: { column: tpl.name, type: 'text' },
    title: { column: tpl.title, type: 'text' },
    language: { column: tpl.language, type: 'enum', values: LANGUAGES },
    category: { column: tpl.categoryId, type: 'uuid' },
    reportType: { column: tpl.reportType, type: 'text' },
    order: { column: tpl.position, type: 'number' },
    createdAt: { column: tpl.createdAt, type: 'date' },
    updatedAt: { column: tpl.updatedAt, type: 'date' },
    _id: { column: tpl.id, type: 'uuid', sortable: false },
  },
  searchColumns: [tpl.name, tpl.title, tpl.description],
  defaultSort: { field: 'order', direction: 'asc' },
};

export async function loadTemplate(tx: TDb, caller: TAuth, id: string) {
  const [row] = await tx
    .select()
    .from(tpl)
    .where(and(eq(tpl.id, id), inCatalogueScope(tpl.secureSpacePath, caller)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A template the caller may change (`action` by the policy; without, only its space), locked for the transaction. */
export async function loadWritableTemplate(tx: TDb, caller: TAuth, id: string, action?: 'update' | 'delete') {
  const row = await loadTemplate(tx, caller, id);
  if (action) registerTemplatePolicy.authorize(caller, action, row);
  else assertWritable(caller, row.secureSpacePath);
  await tx.update(tpl).set({ updatedAt: new Date() }).where(eq(tpl.id, id));
  return row;
}

const presentItem = (i: TRegisterItemRow) => ({
  _id: i.id,
  type: i.kind as 'field' | 'param',
  name: i.name,
  fieldType: i.fieldType as TRegisterTemplateOut['sections'][number]['params'][number]['fieldType'],
  selectOption: i.selectOption,
  unit: i.unit,
  operation: i.operation,
  min: i.min,
  max: i.max,
  required: i.required,
  position: i.position,
});

async function categoryRefs(tx: TDb, caller: TAuth, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await categoriesService.repo.findMany(tx, caller, wanted);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Templates as answered: with their sections, fields and params in order (`withTree` false: the list's summary, no sections). */
export async function presentTemplates(tx: TDb, caller: TAuth, rows: TRegisterTemplateRow[], withTree = true): Promise<TRegisterTemplateOut[]> {
  const ids = rows.map((r) => r.id);
  const sections =
    withTree && ids.length
      ? await tx.select().from(registerSections).where(inArray(registerSections.templateId, ids)).orderBy(asc(registerSections.position))
      : [];
  const items =
    withTree && ids.length ? await tx.select().from(registerItems).where(inArray(registerItems.templateId, ids)).orderBy(asc(registerItems.position)) : [];
  const names = await categoryRefs(
    tx,
    caller,
    rows.map((r) => r.categoryId),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    title: r.title,
    description: r.description,
    language: r.language,
    reportType: r.reportType,
    registerType: r.registerType,
    category: r.categoryId && names.has(r.categoryId) ? { _id: r.categoryId, name: names.get(r.categoryId)! } : null,
    order: r.position,
    sections: sections
      .filter((s) => s.templateId === r.id)
      .map((s) => ({
        _id: s.id,
        template: r.id,
        title: s.title,
        position: s.position,
        fields: items.filter((i) => i.sectionId === s.id && i.kind === 'field').map(presentItem),
        params: items.filter((i) => i.sectionId === s.id && i.kind === 'param').map(presentItem),
      })),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    can: registerTemplatePolicy.canAll(caller, r),
  }));
}

export async function readTemplate(tx: TDb, caller: TAuth, id: string) {
  return (await presentTemplates(tx, caller, [await loadTemplate(tx, caller, id)]))[0]!;
}

export async function searchTemplates(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    const q = buildSearch(templateSearch, body);
    const where = and(inCatalogueScope(tpl.secureSpacePath, caller), q.where);
    // Register templates do not notify their changes (no list_totals trigger): every page counts.
    const { items, total } = await readPageByIds({ tx, table: tpl, idColumn: tpl.id, where, q });
    return { items: project(await presentTemplates(tx, caller, items, false), body.projections), total };
  });
}

export const getTemplate = (ctx: TModuleContext, caller: TAuth, id: string) => scoped(ctx, caller, (tx) => readTemplate(tx, caller, id));

export interface TTemplateInput {
  name?: string;
  category?: string;
  language?: string;
  title?: string;
  reportType?: string;
  registerType?: string | null;
  description?: string | null;
}

/** The category must be a visible REGISTER category. */
async function validateCategory(tx: TDb, caller: TAuth, category: string | undefined) {
  if (!category) return;
  const row = await categoriesService.repo.find(tx, caller, category);
  if (!row || row.type !== 'REGISTER') throw invalidData(['category']);
}

const toValues = (input: TTemplateInput) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.category !== undefined ? { categoryId: input.category } : {}),
  ...(input.language !== undefined ? { language: input.language } : {}),
  ...(input.title !== undefined ? { title: input.title } : {}),
  ...(input.reportType !== undefined ? { reportType: input.reportType } : {}),
  ...(input.registerType !== undefined ? { registerType: input.registerType ?? null } : {}),
  ...(input.description !== undefined ? { description: input.description ?? null } : {}),
});

const where = (row: { spaceId: string; secureSpacePath: string }) => ({
  module: MODULE,
  section: SECTION,
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
});

export const createTemplate = (ctx: TModuleContext, caller: TAuth, input: Required<Pick<TTemplateInput, 'name' | 'title' | 'reportType'>> & TTemplateInput) =>
  scoped(ctx, caller, async (tx) => {
    await validateCategory(tx, caller, input.category);
    const position = await nextPosition(tx, 'register_templates', ownSiblings(caller));
    const [row] = await tx
      .insert(tpl)
      .values({
        ...toValues(input),
        name: input.name,
        title: input.title,
        reportType: input.reportType,
        position,
        spaceId: caller.spaceId,
        secureSpacePath: caller.spacePath,
      })
      .returning();
    await recordTrace(tx, caller, { type: 'CREATE', module: MODULE, section: SECTION, entityId: row!.id, payload: input });
    return readTemplate(tx, caller, row!.id);
  });

export const updateTemplate = (ctx: TModuleContext, caller: TAuth, id: string, input: TTemplateInput) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadWritableTemplate(tx, caller, id, 'update');
    await validateCategory(tx, caller, input.category);
    await tx.update(tpl).set(toValues(input)).where(eq(tpl.id, id));
    await recordTrace(tx, caller, { ...where(before), type: 'UPDATE', entityId: id, payload: { after: input } });
    return readTemplate(tx, caller, id);
  });

/** A template a register still uses is not deleted (420, registers): the web shows the reference warning. */
export const removeTemplate = (ctx: TModuleContext, caller: TAuth, id: string) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadWritableTemplate(tx, caller, id, 'delete');
    const [used] = await tx.select({ id: registers.id }).from(registers).where(eq(registers.templateId, id)).limit(1);
    if (used) throw new AppError('alreadyExists', ['registers']);
    const snapshot = await readTemplate(tx, caller, id);
    await tx.delete(tpl).where(eq(tpl.id, id));
    await compact(tx, 'register_templates', sql`space_id = ${before.spaceId}`);
    await recordTrace(tx, caller, { ...where(before), type: 'REMOVE', entityId: id, payload: snapshot });
  });

/** A deep copy into the caller's space: new ids, same order, named "… (copia)", at the end of the list. */
export const duplicateTemplate = (ctx: TModuleContext, caller: TAuth, id: string) =>
  scoped(ctx, caller, async (tx) => {
    const source = await loadTemplate(tx, caller, id);
    registerTemplatePolicy.authorize(caller, 'duplicate', source);
    const position = await nextPosition(tx, 'register_templates', ownSiblings(caller));
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
    const [copy] = await tx
      .insert(tpl)
      .values({ ...rest, name: `${source.name} (copia)`, position, spaceId: caller.spaceId, secureSpacePath: caller.spacePath })
      .returning();
    const place = { spaceId: caller.spaceId, secureSpacePath: caller.spacePath, templateId: copy!.id };
    const sections = await tx.select().from(registerSections).where(eq(registerSections.templateId, id));
    const ids = new Map(sections.map((s) => [s.id, crypto.randomUUID()]));
    if (sections.length)
      await tx.insert(registerSections).values(sections.map((s) => ({ ...place, id: ids.get(s.id)!, title: s.title, position: s.position })));
    const items = await tx.select().from(registerItems).where(eq(registerItems.templateId, id));
    if (items.length) {
      await tx.insert(registerItems).values(
        items.map(({ id: _i, createdAt: _ic, updatedAt: _iu, spaceId: _s, secureSpacePath: _p, templateId: _t, sectionId, ...item }) => ({
          ...item,
          ...place,
          sectionId: ids.get(sectionId)!,
        })),
      );
    }
    await recordTrace(tx, caller, { type: 'CREATE', module: MODULE, section: SECTION, entityId: copy!.id, payload: { duplicateOf: id } });
    return readTemplate(tx, caller, copy!.id);
  });

/** The order a new template of the caller's space takes (the end of the list). */
export const suggestedOrder = (ctx: TModuleContext, caller: TAuth) =>
  scoped(ctx, caller, async (tx) => ({ order: await nextPosition(tx, 'register_templates', ownSiblings(caller)) }));

/** Moves a template of the caller's space to `position` in the list. */
export const reorderTemplate = (ctx: TModuleContext, caller: TAuth, id: string, position: number) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadWritableTemplate(tx, caller, id, 'update');
    const moved = await moveTo(tx, 'register_templates', sql`space_id = ${before.spaceId}`, id, position);
    await recordTrace(tx, caller, { ...where(before), type: 'UPDATE', entityId: id, payload: { position: moved } });
    return readTemplate(tx, caller, id);
  });
