import { and, eq, sql } from 'drizzle-orm';
import { limitProblems, type TParamType } from '@audit/domain/registers';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { inCatalogueScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { compact, moveTo, nextPosition } from './ordering.js';
import { registerItems, registerSections } from './tables.js';
import { loadWritableTemplate, readTemplate } from './templates.js';

/**
 * Sections of register templates with their fields and params (register-sections calls). Every
 * write loads the template as writable (451 for an ancestor's) and locks it first; each answers
 * the section as it is now.
 */
const SECTION = 'register-sections';
type TKind = 'field' | 'param';

export interface TItemInput {
  name?: string;
  fieldType?: TParamType;
  selectOption?: string | null;
  unit?: string | null;
  operation?: string | null;
  min?: number | null;
  max?: number | null;
  required?: boolean;
}

async function loadSection(tx: TDb, caller: TAuth, sectionId: string) {
  const [row] = await tx
    .select()
    .from(registerSections)
    .where(and(eq(registerSections.id, sectionId), inCatalogueScope(registerSections.secureSpacePath, caller)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The section of a writable template, the template locked. */
async function writableSection(tx: TDb, caller: TAuth, sectionId: string) {
  const section = await loadSection(tx, caller, sectionId);
  await loadWritableTemplate(tx, caller, section.templateId);
  return section;
}

async function presentSection(tx: TDb, caller: TAuth, section: { id: string; templateId: string }) {
  const template = await readTemplate(tx, caller, section.templateId);
  const found = template.sections.find((s) => s._id === section.id);
  if (!found) throw notFound();
  return found;
}

const trace = (
  tx: TDb,
  caller: TAuth,
  row: { spaceId: string; secureSpacePath: string },
  type: 'CREATE' | 'UPDATE' | 'REMOVE',
  entityId: string,
  payload: unknown,
) => recordTrace(tx, caller, { module: 'REGISTER', section: SECTION, spaceId: row.spaceId, secureSpacePath: row.secureSpacePath, type, entityId, payload });

const sectionSiblings = (templateId: string) => sql`template_id = ${templateId}`;
const itemSiblings = (sectionId: string, kind: TKind) => sql`section_id = ${sectionId} and kind = ${kind}`;

export const createSection = (ctx: TModuleContext, caller: TAuth, input: { template: string; title: string; position?: number }) =>
  scoped(ctx, caller, async (tx) => {
    const template = await loadWritableTemplate(tx, caller, input.template);
    const position = await nextPosition(tx, 'register_sections', sectionSiblings(template.id));
    const [row] = await tx
      .insert(registerSections)
      .values({ templateId: template.id, title: input.title, position, spaceId: template.spaceId, secureSpacePath: template.secureSpacePath })
      .returning();
    if (input.position !== undefined) await moveTo(tx, 'register_sections', sectionSiblings(template.id), row!.id, input.position);
    await trace(tx, caller, template, 'CREATE', row!.id, input);
    return presentSection(tx, caller, row!);
  });

export const updateSection = (ctx: TModuleContext, caller: TAuth, sectionId: string, input: { title?: string }) =>
  scoped(ctx, caller, async (tx) => {
    const section = await writableSection(tx, caller, sectionId);
    if (input.title) await tx.update(registerSections).set({ title: input.title, updatedAt: new Date() }).where(eq(registerSections.id, sectionId));
    await trace(tx, caller, section, 'UPDATE', sectionId, input);
    return presentSection(tx, caller, section);
  });

export const removeSection = (ctx: TModuleContext, caller: TAuth, sectionId: string) =>
  scoped(ctx, caller, async (tx) => {
    const section = await writableSection(tx, caller, sectionId);
    await tx.delete(registerSections).where(eq(registerSections.id, sectionId));
    await compact(tx, 'register_sections', sectionSiblings(section.templateId));
    await trace(tx, caller, section, 'REMOVE', sectionId, { title: section.title });
    return { ok: true as const };
  });

export const orderSection = (ctx: TModuleContext, caller: TAuth, sectionId: string, position: number) =>
  scoped(ctx, caller, async (tx) => {
    const section = await writableSection(tx, caller, sectionId);
    const moved = await moveTo(tx, 'register_sections', sectionSiblings(section.templateId), sectionId, position);
    await trace(tx, caller, section, 'UPDATE', sectionId, { position: moved });
    return presentSection(tx, caller, section);
  });

/** Only a number carries unit, operation and limits; only a select its options. */
const itemValues = (input: TItemInput, fieldType: string) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  fieldType,
  ...(input.required !== undefined ? { required: input.required } : {}),
  selectOption: fieldType === 'select' ? (input.selectOption ?? null) : null,
  unit: fieldType === 'number' ? (input.unit ?? null) : null,
  operation: fieldType === 'number' ? (input.operation ?? null) : null,
  min: fieldType === 'number' ? (input.min ?? null) : null,
  max: fieldType === 'number' ? (input.max ?? null) : null,
});

export const addItem = (ctx: TModuleContext, caller: TAuth, sectionId: string, kind: TKind, input: TItemInput & { name: string; fieldType: TParamType }) =>
  scoped(ctx, caller, async (tx) => {
    const section = await writableSection(tx, caller, sectionId);
    const position = await nextPosition(tx, 'register_items', itemSiblings(sectionId, kind));
    const [row] = await tx
      .insert(registerItems)
      .values({
        ...itemValues(input, input.fieldType),
        name: input.name,
        kind,
        position,
        sectionId,
        templateId: section.templateId,
        spaceId: section.spaceId,
        secureSpacePath: section.secureSpacePath,
      })
      .returning();
    await trace(tx, caller, section, 'CREATE', row!.id, { kind, ...input });
    return presentSection(tx, caller, section);
  });

async function loadItem(tx: TDb, sectionId: string, kind: TKind, id: string) {
  const [row] = await tx
    .select()
    .from(registerItems)
    .where(and(eq(registerItems.id, id), eq(registerItems.sectionId, sectionId), eq(registerItems.kind, kind)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A partial update: the merged item must still be valid (a number's limits, a select's options). */
export const updateItem = (ctx: TModuleContext, caller: TAuth, sectionId: string, kind: TKind, id: string, input: TItemInput) =>
  scoped(ctx, caller, async (tx) => {
    const section = await writableSection(tx, caller, sectionId);
    const before = await loadItem(tx, sectionId, kind, id);
    const merged = {
      name: before.name,
      fieldType: before.fieldType,
      selectOption: before.selectOption,
      unit: before.unit,
      operation: before.operation,
      min: before.min,
      max: before.max,
      required: before.required,
      ...input,
    } as TItemInput & { fieldType: string };
    const problems = limitProblems(merged as Parameters<typeof limitProblems>[0]);
    if (problems.length) throw invalidData(problems);
    await tx
      .update(registerItems)
      .set({ ...itemValues(merged, merged.fieldType), updatedAt: new Date() })
      .where(eq(registerItems.id, id));
    await trace(tx, caller, section, 'UPDATE', id, { kind, ...input });
    return presentSection(tx, caller, section);
  });

export const removeItem = (ctx: TModuleContext, caller: TAuth, sectionId: string, kind: TKind, id: string) =>
  scoped(ctx, caller, async (tx) => {
    const section = await writableSection(tx, caller, sectionId);
    const before = await loadItem(tx, sectionId, kind, id);
    await tx.delete(registerItems).where(eq(registerItems.id, id));
    await compact(tx, 'register_items', itemSiblings(sectionId, kind));
    await trace(tx, caller, section, 'REMOVE', id, { kind, name: before.name });
    return presentSection(tx, caller, section);
  });

export const orderItem = (ctx: TModuleContext, caller: TAuth, sectionId: string, kind: TKind, id: string, position: number) =>
  scoped(ctx, caller, async (tx) => {
    const section = await writableSection(tx, caller, sectionId);
    await loadItem(tx, sectionId, kind, id);
    const moved = await moveTo(tx, 'register_items', itemSiblings(sectionId, kind), id, position);
    await trace(tx, caller, section, 'UPDATE', id, { kind, position: moved });
    return presentSection(tx, caller, section);
  });
