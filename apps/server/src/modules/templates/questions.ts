import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  READING_BETWEEN_DEFAULT,
  type TQuestionConfig,
  type TQuestionType,
  type ZIncidentTemplate,
  type ZQuestionPatch,
  type ZReadingRegistryConfig,
  type ZSelectConfig,
} from '@audit/domain/templates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { compact, moveTo, openSlot, type TSiblings } from './ordering.js';
import { presentIncident, presentQuestion } from './present.js';
import { loadWritableSection, presentSections, traceAt } from './sections.js';
import { templateIncidents, templateQuestions, type TQuestionRow } from './tables.js';
import * as tree from './tree-repo.js';

/** Questions of QUESTION sections and their incident templates. */
type TQuestionPatch = z.infer<typeof ZQuestionPatch> & { position?: number };
type TQuestionAdd = TQuestionPatch & { name: string; type: TQuestionType; required: boolean };
type TIncidentInput = Partial<z.output<typeof ZIncidentTemplate>>;

const questionsOf = (sectionId: string): TSiblings => ({ table: 'template_questions', parent: 'section_id', parentId: sectionId });
const incidentsOf = (questionId: string): TSiblings => ({ table: 'template_incidents', parent: 'question_id', parentId: questionId });

function selectConfig(input: z.output<typeof ZSelectConfig>) {
  return {
    multiselect: input.multiselect,
    scoring: input.scoring,
    options: input.options.map((o) => ({ _id: o._id ?? randomUUID(), label: o.label, color: o.color, score: o.score, failed: o.failed })),
  };
}

/** Keys are kept when sent (answers point at them) and made up when missing; `between` gets its default bounds. */
function readingConfig(input: z.output<typeof ZReadingRegistryConfig>) {
  const taken = new Set(input.options.map((o) => o.key).filter(Boolean));
  const newKey = () => {
    let key: string;
    do key = `r${randomUUID().slice(0, 8)}`;
    while (taken.has(key));
    taken.add(key);
    return key;
  };
  return {
    options: input.options.map((o) => ({
      key: o.key ?? newKey(),
      label: o.label,
      measure: o.measure,
      operation: o.operation,
      minValue: o.minValue ?? (o.operation === 'between' ? READING_BETWEEN_DEFAULT.minValue : null),
      maxValue: o.maxValue ?? (o.operation === 'between' ? READING_BETWEEN_DEFAULT.maxValue : null),
    })),
    placesMeasure: input.placesMeasure.map((p) => ({ _id: p._id ?? randomUUID(), place: p.place, label: p.label ?? null })),
  };
}

/** Only the part of the question's type is kept; an absent part stays as stored, or starts empty. */
function configFor(type: string, input: TQuestionPatch, before: TQuestionConfig = {}): TQuestionConfig {
  if (type === 'select') return { select: input.select ? selectConfig(input.select) : (before.select ?? { multiselect: false, scoring: true, options: [] }) };
  if (type === 'readingRegistry')
    return { readingRegistry: input.readingRegistry ? readingConfig(input.readingRegistry) : (before.readingRegistry ?? { options: [], placesMeasure: [] }) };
  if (type === 'text') return { text: input.text ?? before.text ?? { answerType: 'TEXT' } };
  return {};
}

async function loadQuestionSection(tx: TDb, caller: TAuth, sectionId: string) {
  const section = await loadWritableSection(tx, caller, sectionId);
  if (section.type !== 'QUESTION') throw invalidData(['section']);
  return section;
}

async function loadWritableQuestion(tx: TDb, caller: TAuth, sectionId: string, questionId: string) {
  const section = await loadWritableSection(tx, caller, sectionId);
  const question = await tree.findQuestion(tx, caller, sectionId, questionId);
  if (!question) throw notFound();
  return { section, question };
}

const present = async (tx: TDb, q: TQuestionRow) => presentQuestion(q, await tree.listIncidents(tx, q.id));

export async function addQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, input: TQuestionAdd) {
  return scoped(ctx, caller, async (tx) => {
    const section = await loadQuestionSection(tx, caller, sectionId);
    const position = await openSlot(tx, questionsOf(sectionId), input.position);
    const at = { templateId: section.templateId, spaceId: section.spaceId, secureSpacePath: section.secureSpacePath, sectionId };
    const question = await tree.insertItem(tx, templateQuestions, {
      ...at,
      name: input.name,
      type: input.type,
      description: input.description || null,
      required: input.required,
      config: configFor(input.type, input),
      position,
    });
    await recordTrace(tx, caller, { ...traceAt(section, 'section-questions'), type: 'CREATE', entityId: question.id, payload: input });
    return present(tx, question);
  });
}

/** A changed type drops the old type's part; select options and places keep the ids they are sent with. */
export async function updateQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string, input: TQuestionPatch) {
  return scoped(ctx, caller, async (tx) => {
    const { section, question } = await loadWritableQuestion(tx, caller, sectionId, questionId);
    const type = input.type ?? question.type;
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.required !== undefined ? { required: input.required } : {}),
      config: configFor(type, input, type === question.type ? question.config : {}),
    };
    const after = await tree.updateItem(tx, templateQuestions, questionId, values);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'section-questions'),
      type: 'UPDATE',
      entityId: questionId,
      payload: { before: presentQuestion(question, []), after: values },
    });
    return present(tx, after);
  });
}

export async function removeQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string) {
  await scoped(ctx, caller, async (tx) => {
    const { section, question } = await loadWritableQuestion(tx, caller, sectionId, questionId);
    const snapshot = await present(tx, question);
    await tree.deleteItem(tx, templateQuestions, questionId);
    await compact(tx, questionsOf(sectionId));
    await recordTrace(tx, caller, { ...traceAt(section, 'section-questions'), type: 'REMOVE', entityId: questionId, payload: snapshot });
  });
}

/** Moves a question within its section; answers the section with its questions in the new order. */
export async function moveQuestion(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string, wanted: number) {
  return scoped(ctx, caller, async (tx) => {
    const { section, question } = await loadWritableQuestion(tx, caller, sectionId, questionId);
    const position = await moveTo(tx, questionsOf(sectionId), questionId, wanted);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'section-questions'),
      type: 'UPDATE',
      entityId: questionId,
      payload: { before: { position: question.position }, after: { position } },
    });
    return (await presentSections(tx, [section]))[0]!;
  });
}

const withTaskIds = (tasks: { _id?: string; name: string }[]) => tasks.map((t) => ({ _id: t._id ?? randomUUID(), name: t.name }));

export async function addIncident(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string, input: z.output<typeof ZIncidentTemplate>) {
  return scoped(ctx, caller, async (tx) => {
    const { section, question } = await loadWritableQuestion(tx, caller, sectionId, questionId);
    const position = await openSlot(tx, incidentsOf(questionId));
    const at = { templateId: section.templateId, spaceId: section.spaceId, secureSpacePath: section.secureSpacePath, questionId: question.id };
    const incident = await tree.insertItem(tx, templateIncidents, {
      ...at,
      name: input.name,
      description: input.description || null,
      riskLevel: input.riskLevel,
      deductionPercentage: input.deductionPercentage,
      tasks: withTaskIds(input.tasks),
      position,
    });
    await recordTrace(tx, caller, { ...traceAt(section, 'question-incidents'), type: 'CREATE', entityId: incident.id, payload: input });
    return presentIncident(incident);
  });
}

async function loadWritableIncident(tx: TDb, caller: TAuth, sectionId: string, questionId: string, incidentId: string) {
  const { section } = await loadWritableQuestion(tx, caller, sectionId, questionId);
  const incident = await tree.findIncident(tx, caller, questionId, incidentId);
  if (!incident) throw notFound();
  return { section, incident };
}

export async function updateIncident(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string, incidentId: string, input: TIncidentInput) {
  return scoped(ctx, caller, async (tx) => {
    const { section, incident } = await loadWritableIncident(tx, caller, sectionId, questionId, incidentId);
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.riskLevel !== undefined ? { riskLevel: input.riskLevel } : {}),
      ...(input.deductionPercentage !== undefined ? { deductionPercentage: input.deductionPercentage } : {}),
      ...(input.tasks !== undefined ? { tasks: withTaskIds(input.tasks) } : {}),
    };
    const after = await tree.updateItem(tx, templateIncidents, incidentId, values);
    await recordTrace(tx, caller, {
      ...traceAt(section, 'question-incidents'),
      type: 'UPDATE',
      entityId: incidentId,
      payload: { before: presentIncident(incident), after: values },
    });
    return presentIncident(after);
  });
}

export async function removeIncident(ctx: TModuleContext, caller: TAuth, sectionId: string, questionId: string, incidentId: string) {
  await scoped(ctx, caller, async (tx) => {
    const { section, incident } = await loadWritableIncident(tx, caller, sectionId, questionId, incidentId);
    await tree.deleteItem(tx, templateIncidents, incidentId);
    await compact(tx, incidentsOf(questionId));
    await recordTrace(tx, caller, { ...traceAt(section, 'question-incidents'), type: 'REMOVE', entityId: incidentId, payload: presentIncident(incident) });
  });
}
