import { maxSelectScore, type TQuestionConfig } from '@audit/domain/templates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { iso } from '../../platform/http.js';
import { categoriesService } from '../categories/definition.js';
import { areaTypesService } from '../nomenclatures/definitions.js';
import { servicesService } from '../services/definition.js';
import { templatePolicy } from './policy.js';
import type { TTreeRows } from './repo.js';
import type { TFieldRow, TIeQuestionRow, TIeSectionRow, TIncidentRow, TQuestionRow, TSectionRow, TTemplateRow } from './tables.js';

/** Row -> answer shapes (schemas.ts). References are presented by name, read through their own modules. */
export const presentField = (f: TFieldRow) => ({
  _id: f.id,
  section: f.sectionId,
  label: f.label,
  type: f.type,
  required: f.required,
  value: f.value ?? null,
  position: f.position,
});

export const presentIncident = (i: TIncidentRow) => ({
  _id: i.id,
  question: i.questionId,
  name: i.name,
  description: i.description ?? null,
  riskLevel: i.riskLevel,
  deductionPercentage: Number(i.deductionPercentage),
  tasks: i.tasks ?? [],
  position: i.position,
});

const questionMaxScore = (type: string, config: TQuestionConfig) => (type === 'select' && config.select?.scoring ? maxSelectScore(config.select) : 0);

export function presentQuestion(q: TQuestionRow, incidents: TIncidentRow[]) {
  const config = q.config ?? {};
  return {
    _id: q.id,
    section: q.sectionId,
    name: q.name,
    type: q.type,
    description: q.description ?? null,
    required: q.required,
    position: q.position,
    select: q.type === 'select' ? (config.select ?? null) : null,
    readingRegistry: q.type === 'readingRegistry' ? (config.readingRegistry ?? null) : null,
    text: q.type === 'text' ? (config.text ?? null) : null,
    maxScore: questionMaxScore(q.type, config),
    incidents: incidents.filter((i) => i.questionId === q.id).map(presentIncident),
  };
}

export function presentSection(s: TSectionRow, rows: Pick<TTreeRows, 'fields' | 'questions' | 'incidents'>) {
  const questions = rows.questions.filter((q) => q.sectionId === s.id).map((q) => presentQuestion(q, rows.incidents));
  return {
    _id: s.id,
    template: s.templateId,
    title: s.title,
    type: s.type,
    duplicable: s.duplicable,
    position: s.position,
    fields: rows.fields.filter((f) => f.sectionId === s.id).map(presentField),
    questions,
    maxScore: questions.reduce((sum, q) => sum + q.maxScore, 0),
  };
}

export const presentIeQuestion = (q: TIeQuestionRow) => ({ _id: q.id, section: q.sectionId, question: q.question, type: q.type, position: q.position });
export const presentIeSection = (s: TIeSectionRow, questions: TIeQuestionRow[]) => ({
  _id: s.id,
  template: s.templateId,
  title: s.title,
  position: s.position,
  questions: questions.filter((q) => q.sectionId === s.id).map(presentIeQuestion),
});

type TListRow = { row: TTemplateRow; sectionsCount: number; questionsCount: number };
type TRefs = Awaited<ReturnType<typeof loadRefs>>;

/** Names of the categories, services and area types the templates point at (visible ones only). */
export async function loadRefs(tx: TDb, caller: TAuth, rows: TTemplateRow[]) {
  const ids = (pick: (r: TTemplateRow) => string | null) => rows.map(pick).filter((id): id is string => Boolean(id));
  const [categories, services, areaTypes] = [
    await categoriesService.repo.findMany(
      tx,
      caller,
      ids((r) => r.categoryId),
    ),
    await servicesService.repo.findMany(
      tx,
      caller,
      ids((r) => r.serviceId),
    ),
    await areaTypesService.repo.findMany(
      tx,
      caller,
      ids((r) => r.areaAccessId),
    ),
  ];
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  return { categories: byId(categories), services: byId(services), areaTypes: byId(areaTypes) };
}

export function presentSummary(item: TListRow, refs: TRefs, caller: TAuth) {
  const { row } = item;
  const category = row.categoryId ? refs.categories.get(row.categoryId) : undefined;
  const service = row.serviceId ? refs.services.get(row.serviceId) : undefined;
  const areaType = row.areaAccessId ? refs.areaTypes.get(row.areaAccessId) : undefined;
  return {
    _id: row.id,
    name: row.name,
    description: row.description ?? null,
    language: row.language,
    enabled: row.enabled,
    category: category ? { _id: category.id, name: category.name, color: (category.color as string | null) ?? null } : null,
    service: service ? { _id: service.id, name: service.name, isPoolService: service.isPoolService === true } : null,
    areaAccess: areaType ? { _id: areaType.id, name: areaType.name } : null,
    sectionsCount: Number(item.sectionsCount),
    questionsCount: Number(item.questionsCount),
    space: row.spaceId,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    /** What the caller may do with it (templates policy). */
    can: templatePolicy.canAll(caller, row),
  };
}

export function presentTemplate(item: TListRow, refs: TRefs, caller: TAuth, rows: TTreeRows) {
  return {
    ...presentSummary(item, refs, caller),
    sections: rows.sections.filter((s) => s.templateId === item.row.id).map((s) => presentSection(s, rows)),
    ieSections: rows.ieSections.filter((s) => s.templateId === item.row.id).map((s) => presentIeSection(s, rows.ieQuestions)),
  };
}
