import { fieldProblems, isPoolField, type TSectionType } from '@audit/domain/templates';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { assertWritable } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { compact, moveTo, openSlot, type TSiblings } from './ordering.js';
import { presentField, presentSection } from './present.js';
import * as repo from './repo.js';
import { servicesService } from '../services/definition.js';
import { loadWritableTemplate } from './service.js';
import { templateFields, templateSections, type TSectionRow } from './tables.js';
import * as tree from './tree-repo.js';

/** Sections of a template and their cover / contact fields. Permissions: AUDIT-TEMPLATE (docs/decisions/0006). */
export const TREE_MODULE = 'AUDIT-TEMPLATE';
export const traceAt = (row: { spaceId: string; secureSpacePath: string }, section: string) => ({
  module: TREE_MODULE,
  section,
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
});

export async function loadSection(tx: TDb, caller: TAuth, id: string) {
  const section = await tree.findSection(tx, caller, id);
  if (!section) throw notFound();
  return section;
}

/** A section the caller may change (451 for an ancestor's template), its template locked. */
export async function loadWritableSection(tx: TDb, caller: TAuth, id: string) {
  const section = await loadSection(tx, caller, id);
  assertWritable(caller, section.secureSpacePath);
  await repo.lockTemplate(tx, section.templateId);
  return section;
}

export async function presentSections(tx: TDb, sections: TSectionRow[]) {
  const children = await tree.sectionChildren(
    tx,
    sections.map((s) => s.id),
  );
  return sections.map((s) => presentSection(s, children));
}
const presentOne = async (tx: TDb, section: TSectionRow) => (await presentSections(tx, [section]))[0]!;

const sectionsOf = (templateId: string): TSiblings => ({ table: 'template_sections', parent: 'template_id', parentId: templateId });
const fieldsOf = (sectionId: string): TSiblings => ({ table: 'template_fields', parent: 'section_id', parentId: sectionId });

export async function searchSections(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    const page = await tree.searchSections(tx, caller, body);
    return { items: project(await presentSections(tx, page.items), body.projections), total: page.total };
  });
}

export const getSection = (ctx: TModuleContext, caller: TAuth, id: string) =>
  scoped(ctx, caller, async (tx) => presentOne(tx, await loadSection(tx, caller, id)));

export async function createSection(
  ctx: TModuleContext,
  caller: TAuth,
  input: { template: string; title: string; type: TSectionType; duplicable: boolean; position?: number },
) {
  return scoped(ctx, caller, async (tx) => {
    const { row: template } = await loadWritableTemplate(tx, caller, input.template);
    const position = await openSlot(tx, sectionsOf(template.id), input.position);
    const at = { templateId: template.id, spaceId: template.spaceId, secureSpacePath: template.secureSpacePath };
    const section = await tree.insertItem(tx, templateSections, { ...at, title: input.title, type: input.type, duplicable: input.duplicable, position });
    await recordTrace(tx, caller, { ...traceAt(section, 'sections'), type: 'CREATE', entityId: section.id, payload: input });
    return presentOne(tx, section);
  });
}

/** Title and duplicable; an empty or unchanged title is ignored (product document, section 5). */
export async function updateSection(ctx: TModuleContext, caller: TAuth, id: string, input: { title?: string; duplicable?: boolean }) {
  return scoped(ctx, caller, async (tx) => {
    const before = await loadWritableSection(tx, caller, id);
    const values = {
      ...(input.title && input.title !== before.title ? { title: input.title } : {}),
      ...(input.duplicable !== undefined && input.duplicable !== before.duplicable ? { duplicable: input.duplicable } : {}),
    };
    if (!Object.keys(values).length) return presentOne(tx, before);
    const after = await tree.updateItem(tx, templateSections, id, values);
    await recordTrace(tx, caller, {
      ...traceAt(before, 'sections'),
      type: 'UPDATE',
      entityId: id,
      payload: { before: { title: before.title, duplicable: before.duplicable }, after: values },
    });
    return presentOne(tx, after);
  });
}

export async function removeSection(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const section = await loadWritableSection(tx, caller, id);
    const snapshot = await presentOne(tx, section);
    await tree.deleteItem(tx, templateSections, id);
    await compact(tx, sectionsOf(section.templateId));
    await recordTrace(tx, caller, { ...traceAt(section, 'sections'), type: 'REMOVE', entityId: id, payload: snapshot });
  });
}

/** Moves a section within its template; answers the template's sections in their new order. */
export async function moveSection(ctx: TModuleContext, caller: TAuth, id: string, wanted: number) {
  return scoped(ctx, caller, async (tx) => {
    const section = await loadWritableSection(tx, caller, id);
    const position = await moveTo(tx, sectionsOf(section.templateId), id, wanted);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'sections'),
      type: 'UPDATE',
      entityId: id,
      payload: { before: { position: section.position }, after: { position } },
    });
    const rows = await repo.loadTrees(tx, [section.templateId]);
    return rows.sections.map((s) => presentSection(s, rows));
  });
}

interface TFieldInput {
  label?: string;
  type?: string;
  required?: boolean;
  value?: string | null;
  position?: number;
}

/** Whether the section's template is for a pool service (its service says isPoolService). */
async function countsPools(tx: TDb, caller: TAuth, section: TSectionRow) {
  const template = await repo.findTemplate(tx, caller, section.templateId);
  const serviceId = template?.row.serviceId;
  if (!serviceId) return false;
  const [service] = await servicesService.repo.findMany(tx, caller, [serviceId]);
  return service?.isPoolService === true;
}

/**
 * Cover fields belong to DATA sections, contact fields to CONTACTS sections; e-mail values are
 * checked; a pool count only in a pool service's template (product document §6). A field that
 * already holds a pool type keeps it when only its label or value change.
 */
async function assertField(tx: TDb, caller: TAuth, section: TSectionRow, field: { type: string; value?: string | null }, keptType?: string) {
  const pools = isPoolField(field.type) && (field.type === keptType || (await countsPools(tx, caller, section)));
  const problems = fieldProblems(section.type as TSectionType, field, pools);
  if (problems.length) throw invalidData(problems);
}

export async function addField(
  ctx: TModuleContext,
  caller: TAuth,
  sectionId: string,
  input: Required<Pick<TFieldInput, 'label' | 'type' | 'required'>> & TFieldInput,
) {
  return scoped(ctx, caller, async (tx) => {
    const section = await loadWritableSection(tx, caller, sectionId);
    await assertField(tx, caller, section, input);
    const position = await openSlot(tx, fieldsOf(sectionId), input.position);
    const at = { templateId: section.templateId, spaceId: section.spaceId, secureSpacePath: section.secureSpacePath, sectionId };
    const field = await tree.insertItem(tx, templateFields, {
      ...at,
      label: input.label,
      type: input.type,
      required: input.required,
      value: input.value || null,
      position,
    });
    await recordTrace(tx, caller, { ...traceAt(section, 'section-fields'), type: 'CREATE', entityId: field.id, payload: input });
    return presentField(field);
  });
}

async function loadWritableField(tx: TDb, caller: TAuth, sectionId: string, fieldId: string) {
  const section = await loadWritableSection(tx, caller, sectionId);
  const field = await tree.findField(tx, caller, sectionId, fieldId);
  if (!field) throw notFound();
  return { section, field };
}

export async function updateField(ctx: TModuleContext, caller: TAuth, sectionId: string, fieldId: string, input: TFieldInput) {
  return scoped(ctx, caller, async (tx) => {
    const { section, field } = await loadWritableField(tx, caller, sectionId, fieldId);
    const merged = { type: input.type ?? field.type, value: input.value !== undefined ? input.value : field.value };
    await assertField(tx, caller, section, merged, field.type);
    const values = {
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.required !== undefined ? { required: input.required } : {}),
      ...(input.value !== undefined ? { value: input.value || null } : {}),
    };
    const after = await tree.updateItem(tx, templateFields, fieldId, values);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'section-fields'),
      type: 'UPDATE',
      entityId: fieldId,
      payload: { before: presentField(field), after: values },
    });
    return presentField(after);
  });
}

export async function removeField(ctx: TModuleContext, caller: TAuth, sectionId: string, fieldId: string) {
  await scoped(ctx, caller, async (tx) => {
    const { section, field } = await loadWritableField(tx, caller, sectionId, fieldId);
    await tree.deleteItem(tx, templateFields, fieldId);
    await compact(tx, fieldsOf(sectionId));
    await recordTrace(tx, caller, { ...traceAt(section, 'section-fields'), type: 'REMOVE', entityId: fieldId, payload: presentField(field) });
  });
}

/** Moves a field within its section; answers the section with its fields in the new order. */
export async function moveField(ctx: TModuleContext, caller: TAuth, sectionId: string, fieldId: string, wanted: number) {
  return scoped(ctx, caller, async (tx) => {
    const { section, field } = await loadWritableField(tx, caller, sectionId, fieldId);
    const position = await moveTo(tx, fieldsOf(sectionId), fieldId, wanted);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'section-fields'),
      type: 'UPDATE',
      entityId: fieldId,
      payload: { before: { position: field.position }, after: { position } },
    });
    return presentOne(tx, section);
  });
}
