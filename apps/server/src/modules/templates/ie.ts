import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { assertWritable } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { compact, moveTo, openSlot, type TSiblings } from './ordering.js';
import { presentIeQuestion, presentIeSection } from './present.js';
import * as repo from './repo.js';
import { traceAt } from './sections.js';
import { loadWritableTemplate } from './service.js';
import { templateIeQuestions, templateIeSections, type TIeSectionRow } from './tables.js';
import * as tree from './tree-repo.js';

/** Incident-and-emergency questionnaire of a template: sections of SIMPLE or PARAGRAPH questions. */
const sectionsOf = (templateId: string): TSiblings => ({ table: 'template_ie_sections', parent: 'template_id', parentId: templateId });
const questionsOf = (sectionId: string): TSiblings => ({ table: 'template_ie_questions', parent: 'section_id', parentId: sectionId });

async function loadIeSection(tx: TDb, caller: TAuth, id: string) {
  const section = await tree.findIeSection(tx, caller, id);
  if (!section) throw notFound();
  return section;
}

async function loadWritableIeSection(tx: TDb, caller: TAuth, id: string) {
  const section = await loadIeSection(tx, caller, id);
  assertWritable(caller, section.secureSpacePath);
  await repo.lockTemplate(tx, section.templateId);
  return section;
}

async function presentAll(tx: TDb, sections: TIeSectionRow[]) {
  const questions = await tree.listIeQuestions(
    tx,
    sections.map((s) => s.id),
  );
  return sections.map((s) => presentIeSection(s, questions));
}
const presentOne = async (tx: TDb, section: TIeSectionRow) => (await presentAll(tx, [section]))[0]!;

export async function searchIeSections(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    const page = await tree.searchIeSections(tx, caller, body);
    return { items: project(await presentAll(tx, page.items), body.projections), total: page.total };
  });
}

export const getIeSection = (ctx: TModuleContext, caller: TAuth, id: string) =>
  scoped(ctx, caller, async (tx) => presentOne(tx, await loadIeSection(tx, caller, id)));

export async function createIeSection(ctx: TModuleContext, caller: TAuth, input: { template: string; title: string; position?: number }) {
  return scoped(ctx, caller, async (tx) => {
    const { row: template } = await loadWritableTemplate(tx, caller, input.template);
    const position = await openSlot(tx, sectionsOf(template.id), input.position);
    const section = await tree.insertItem(tx, templateIeSections, {
      templateId: template.id,
      spaceId: template.spaceId,
      secureSpacePath: template.secureSpacePath,
      title: input.title,
      position,
    });
    await recordTrace(tx, caller, { ...traceAt(section, 'ie-sections'), type: 'CREATE', entityId: section.id, payload: input });
    return presentOne(tx, section);
  });
}

/** Title only; an empty or unchanged title is ignored, as for sections. */
export async function updateIeSection(ctx: TModuleContext, caller: TAuth, id: string, input: { title?: string }) {
  return scoped(ctx, caller, async (tx) => {
    const before = await loadWritableIeSection(tx, caller, id);
    if (!input.title || input.title === before.title) return presentOne(tx, before);
    const after = await tree.updateItem(tx, templateIeSections, id, { title: input.title });
    await recordTrace(tx, caller, {
      ...traceAt(before, 'ie-sections'),
      type: 'UPDATE',
      entityId: id,
      payload: { before: { title: before.title }, after: { title: input.title } },
    });
    return presentOne(tx, after);
  });
}

export async function removeIeSection(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const section = await loadWritableIeSection(tx, caller, id);
    const snapshot = await presentOne(tx, section);
    await tree.deleteItem(tx, templateIeSections, id);
    await compact(tx, sectionsOf(section.templateId));
    await recordTrace(tx, caller, { ...traceAt(section, 'ie-sections'), type: 'REMOVE', entityId: id, payload: snapshot });
  });
}

/** Moves an IE section within its template; answers the template's IE sections in the new order. */
export async function moveIeSection(ctx: TModuleContext, caller: TAuth, id: string, wanted: number) {
  return scoped(ctx, caller, async (tx) => {
    const section = await loadWritableIeSection(tx, caller, id);
    const position = await moveTo(tx, sectionsOf(section.templateId), id, wanted);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'ie-sections'),
      type: 'UPDATE',
      entityId: id,
      payload: { before: { position: section.position }, after: { position } },
    });
    const rows = await repo.loadTrees(tx, [section.templateId]);
    return rows.ieSections.map((s) => presentIeSection(s, rows.ieQuestions));
  });
}

export async function addIeQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, input: { question: string; type: string; position?: number }) {
  return scoped(ctx, caller, async (tx) => {
    const section = await loadWritableIeSection(tx, caller, sectionId);
    const position = await openSlot(tx, questionsOf(sectionId), input.position);
    const at = { templateId: section.templateId, spaceId: section.spaceId, secureSpacePath: section.secureSpacePath, sectionId };
    const question = await tree.insertItem(tx, templateIeQuestions, { ...at, question: input.question, type: input.type, position });
    await recordTrace(tx, caller, { ...traceAt(section, 'ie-questions'), type: 'CREATE', entityId: question.id, payload: input });
    return presentIeQuestion(question);
  });
}

async function loadWritableIeQuestion(tx: TDb, caller: TAuth, sectionId: string, questionId: string) {
  const section = await loadWritableIeSection(tx, caller, sectionId);
  const question = await tree.findIeQuestion(tx, caller, sectionId, questionId);
  if (!question) throw notFound();
  return { section, question };
}

export async function updateIeQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string, input: { question?: string; type?: string }) {
  return scoped(ctx, caller, async (tx) => {
    const { section, question } = await loadWritableIeQuestion(tx, caller, sectionId, questionId);
    const values = { ...(input.question !== undefined ? { question: input.question } : {}), ...(input.type !== undefined ? { type: input.type } : {}) };
    const after = await tree.updateItem(tx, templateIeQuestions, questionId, values);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'ie-questions'),
      type: 'UPDATE',
      entityId: questionId,
      payload: { before: presentIeQuestion(question), after: values },
    });
    return presentIeQuestion(after);
  });
}

export async function removeIeQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string) {
  await scoped(ctx, caller, async (tx) => {
    const { section, question } = await loadWritableIeQuestion(tx, caller, sectionId, questionId);
    await tree.deleteItem(tx, templateIeQuestions, questionId);
    await compact(tx, questionsOf(sectionId));
    await recordTrace(tx, caller, { ...traceAt(section, 'ie-questions'), type: 'REMOVE', entityId: questionId, payload: presentIeQuestion(question) });
  });
}

/** Moves a question within its IE section; answers the section with its questions in the new order. */
export async function moveIeQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string, wanted: number) {
  return scoped(ctx, caller, async (tx) => {
    const { section, question } = await loadWritableIeQuestion(tx, caller, sectionId, questionId);
    const position = await moveTo(tx, questionsOf(sectionId), questionId, wanted);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'ie-questions'),
      type: 'UPDATE',
      entityId: questionId,
      payload: { before: { position: question.position }, after: { position } },
    });
    return presentOne(tx, section);
  });
}
