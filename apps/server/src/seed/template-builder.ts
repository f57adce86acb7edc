import { randomUUID } from 'node:crypto';
import type { TQuestionConfig, TRiskLevel } from '@audit/domain/templates';
import type { TDb } from '../platform/db.js';
import { insertTree } from '../modules/templates/repo.js';
import {
  auditTemplates,
  type templateFields,
  type templateIeQuestions,
  type templateIeSections,
  type templateIncidents,
  type templateQuestions,
  type templateSections,
} from '../modules/templates/tables.js';
import type { TSeedSpace } from './build.js';

/**
 * Collects the rows of demo templates in memory (ids made here, positions in the order items are
 * added) and writes them with one multi-row insert per table.
 */
export type TSeedIncident = [name: string, riskLevel: TRiskLevel, deductionPercentage: number, tasks: string[]];

export const SCORED_OPTIONS = () => [
  { _id: randomUUID(), label: 'Conforme', color: '#52c41a', score: 10, failed: false },
  { _id: randomUUID(), label: 'Mejorable', color: '#fa8c16', score: 5, failed: false },
  { _id: randomUUID(), label: 'No conforme', color: '#f5222d', score: 0, failed: true },
];

export function templateBuilder(space: TSeedSpace) {
  const at = { spaceId: space.id, secureSpacePath: space.path };
  const rows = {
    templates: [] as (typeof auditTemplates.$inferInsert)[],
    sections: [] as (typeof templateSections.$inferInsert)[],
    fields: [] as (typeof templateFields.$inferInsert)[],
    questions: [] as (typeof templateQuestions.$inferInsert)[],
    incidents: [] as (typeof templateIncidents.$inferInsert)[],
    ieSections: [] as (typeof templateIeSections.$inferInsert)[],
    ieQuestions: [] as (typeof templateIeQuestions.$inferInsert)[],
  };
  const counters = new Map<string, number>();
  const next = (parent: string) => {
    const position = counters.get(parent) ?? 0;
    counters.set(parent, position + 1);
    return position;
  };

  function template(values: {
    name: string;
    description: string;
    language?: string;
    categoryId?: string;
    serviceId?: string;
    areaAccessId?: string;
    enabled?: boolean;
  }) {
    const templateId = randomUUID();
    rows.templates.push({ id: templateId, ...at, ...values });
    const item = { templateId, ...at };

    const section = (title: string, type: 'DATA' | 'QUESTION' | 'CONTACTS', duplicable = false) => {
      const sectionId = randomUUID();
      rows.sections.push({ id: sectionId, ...item, title, type, duplicable, position: next(`s${templateId}`) });
      return {
        field: (label: string, type: string, required = false, value: string | null = null) => {
          rows.fields.push({ id: randomUUID(), ...item, sectionId, label, type, required, value, position: next(sectionId) });
        },
        question: (name: string, type: string, config: TQuestionConfig = {}, incidents: TSeedIncident[] = []) =>
          question(sectionId, name, type, config, incidents),
        /** A scored select question: Conforme 10, Mejorable 5, No conforme 0 (failed). */
        scored: (name: string, incidents: TSeedIncident[]) =>
          question(sectionId, name, 'select', { select: { multiselect: false, scoring: true, options: SCORED_OPTIONS() } }, incidents),
      };
    };
    const question = (sectionId: string, name: string, type: string, config: TQuestionConfig, incidents: TSeedIncident[]) => {
      const questionId = randomUUID();
      rows.questions.push({ id: questionId, ...item, sectionId, name, type, config, position: next(sectionId) });
      for (const [incidentName, riskLevel, deductionPercentage, tasks] of incidents) {
        const taskRows = tasks.map((task) => ({ _id: randomUUID(), name: task }));
        rows.incidents.push({
          id: randomUUID(),
          ...item,
          questionId,
          name: incidentName,
          riskLevel,
          deductionPercentage,
          tasks: taskRows,
          position: next(questionId),
        });
      }
    };
    const ieSection = (title: string, questions: [string, 'SIMPLE' | 'PARAGRAPH'][]) => {
      const sectionId = randomUUID();
      rows.ieSections.push({ id: sectionId, ...item, title, position: next(`ie${templateId}`) });
      for (const [question, type] of questions) rows.ieQuestions.push({ id: randomUUID(), ...item, sectionId, question, type, position: next(sectionId) });
    };
    return { id: templateId, section, ieSection };
  }

  async function write(tx: TDb) {
    if (rows.templates.length) await tx.insert(auditTemplates).values(rows.templates);
    await insertTree(tx, rows);
  }
  return { template, write, rows };
}
