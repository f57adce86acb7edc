import { randomUUID } from 'node:crypto';
import { MAX_SECTION_COPIES } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { fieldValuesOutOfRange } from './answer-rules.js';
import { loadRunnable } from './access.js';
import { traceAt } from './create.js';
import { presentField, presentSections, type TAuditView } from './present.js';
import { auditView } from './read.js';
import * as repo from './repo.js';
import * as tree from './tree-repo.js';

/**
 * Cover and contact values, and the copies of duplicable sections made while running (product
 * document, section 2: only sections that are duplicable or copies; calls document: 2222 beyond
 * MAX_SECTION_COPIES copies of one section).
 */
export async function setFieldValuesIn(tx: TDb, caller: TAuth, id: string, kind: 'DATA' | 'CONTACTS', values: { _id: string; value: string | null }[]) {
  await loadRunnable(tx, caller, id);
  const field = kind === 'DATA' ? 'coverFields' : 'contactFields';
  const ids = [...new Set(values.map((v) => v._id))];
  const found = ids.length ? await tree.fieldsWithSectionType(tx, id, ids) : [];
  if (found.length !== ids.length || found.some((f) => f.sectionType !== kind)) throw invalidData([field]);
  if (
    fieldValuesOutOfRange(
      found.map((f) => ({ _id: f.id, type: f.type })),
      values,
    ).length
  )
    throw new AppError('outOfRange', [field]);
  await tree.setFieldValues(
    tx,
    id,
    values.map((v) => ({ _id: v._id, value: v.value === '' ? null : v.value })),
  );
  return (await tree.fieldsOfSectionType(tx, id, kind)).map((r) => presentField(r.field));
}

/** Copies a section (its fields empty, its questions unanswered) right after the last copy of the same section. */
export async function duplicateSectionIn(tx: TDb, caller: TAuth, id: string, sectionId: string, view: TAuditView) {
  const audit = await loadRunnable(tx, caller, id);
  const section = await tree.findSection(tx, id, sectionId);
  if (!section) throw notFound();
  if (!section.duplicable && !section.duplicatedFrom) throw invalidData(['section']);
  await repo.lockAudit(tx, id); // serialises position changes of this audit's sections
  const original = section.duplicatedFrom ?? section.id;
  const group = (await tree.listSections(tx, id)).filter((s) => s.id === original || s.duplicatedFrom === original);
  if (group.length - 1 >= MAX_SECTION_COPIES) throw new AppError('sectionCopiesLimit');
  const source = group.find((s) => s.id === original) ?? section;
  const position = Math.max(...group.map((s) => s.position)) + 1;
  await tree.openSectionSlot(tx, id, position);

  const copyId = randomUUID();
  const at = { auditId: id, spaceId: audit.spaceId, secureSpacePath: audit.secureSpacePath };
  const children = await tree.sectionChildren(tx, [source.id]);
  const copy = {
    sections: [
      {
        id: copyId,
        ...at,
        templateSectionId: source.templateSectionId,
        title: source.title,
        type: source.type,
        duplicable: source.duplicable,
        duplicatedFrom: original,
        position,
      },
    ],
    fields: children.fields.map((f) => ({
      ...at,
      sectionId: copyId,
      templateFieldId: f.templateFieldId,
      label: f.label,
      type: f.type,
      required: f.required,
      value: null,
      position: f.position,
    })),
    questions: children.questions.map((q) => ({
      ...at,
      sectionId: copyId,
      templateQuestionId: q.templateQuestionId,
      name: q.name,
      type: q.type,
      description: q.description,
      required: q.required,
      config: q.config,
      incidences: q.incidences,
      position: q.position,
    })),
  };
  await tree.insertTree(tx, copy);
  await recordTrace(tx, caller, {
    ...traceAt(audit),
    type: 'CREATE',
    section: 'audit-sections',
    entityId: copyId,
    payload: { audit: id, duplicatedFrom: original, position },
  });
  const created = (await tree.findSection(tx, id, copyId))!;
  return presentSections({ sections: [created], ...(await tree.sectionChildren(tx, [copyId])), answers: [], issues: [], media: [] }, view)[0]!;
}

/** Only copies can be removed; their answers, issues and photos go with them. */
export async function removeSectionIn(tx: TDb, caller: TAuth, id: string, sectionId: string) {
  const audit = await loadRunnable(tx, caller, id);
  const section = await tree.findSection(tx, id, sectionId);
  if (!section) throw notFound();
  if (!section.duplicatedFrom) throw invalidData(['section']);
  await repo.lockAudit(tx, id);
  await tree.deleteSection(tx, id, section);
  await recordTrace(tx, caller, {
    ...traceAt(audit),
    type: 'REMOVE',
    section: 'audit-sections',
    entityId: sectionId,
    payload: { audit: id, title: section.title, position: section.position },
  });
}

export const setFieldValues = (ctx: TModuleContext, caller: TAuth, id: string, kind: 'DATA' | 'CONTACTS', values: { _id: string; value: string | null }[]) =>
  scoped(ctx, caller, (tx) => setFieldValuesIn(tx, caller, id, kind, values));
export const duplicateSection = (ctx: TModuleContext, caller: TAuth, id: string, sectionId: string) =>
  scoped(ctx, caller, (tx) => duplicateSectionIn(tx, caller, id, sectionId, auditView(ctx)));
export const removeSection = (ctx: TModuleContext, caller: TAuth, id: string, sectionId: string) =>
  scoped(ctx, caller, (tx) => removeSectionIn(tx, caller, id, sectionId));
