import { randomUUID } from 'node:crypto';
import type { TIncidence } from '@audit/domain/audits';
import type { TQuestionConfig, TRiskLevel } from '@audit/domain/templates';
import type { readTemplate } from '../templates/service.js';
import type { auditFields, auditQuestionnaires, auditQuestions, auditSections } from './tables.js';

/**
 * The copy of a template an audit keeps (docs/decisions/0007): sections, fields with their default
 * values, questions with their select / reading / text config, and each question's incident
 * templates as `incidences`. Option, place, incidence and task ids are the template's, so answers
 * and issues point at stable ids; rows get ids of their own. IE sections become the questionnaire.
 */
type TTemplate = Awaited<ReturnType<typeof readTemplate>>;
type TQuestion = TTemplate['sections'][number]['questions'][number];
export interface TAuditPlace {
  auditId: string;
  spaceId: string;
  secureSpacePath: string;
}

export const configOf = (q: Pick<TQuestion, 'select' | 'readingRegistry' | 'text'>): TQuestionConfig => ({
  ...(q.select ? { select: q.select as TQuestionConfig['select'] } : {}),
  ...(q.readingRegistry ? { readingRegistry: q.readingRegistry as TQuestionConfig['readingRegistry'] } : {}),
  ...(q.text ? { text: q.text as TQuestionConfig['text'] } : {}),
});

export const incidencesOf = (q: TQuestion): TIncidence[] =>
  q.incidents.map((i) => ({
    _id: i._id,
    name: i.name,
    description: i.description,
    riskLevel: i.riskLevel as TRiskLevel,
    deductionPercentage: i.deductionPercentage,
    tasks: i.tasks,
  }));

/** `auditorName`: an empty cover field of type auditor starts with the assigned auditor's name (decision 0064). */
export function snapshotOf(template: TTemplate, at: TAuditPlace, auditorName?: string) {
  const sections: (typeof auditSections.$inferInsert)[] = [];
  const fields: (typeof auditFields.$inferInsert)[] = [];
  const questions: (typeof auditQuestions.$inferInsert)[] = [];
  template.sections.forEach((s, position) => {
    const sectionId = randomUUID();
    sections.push({ id: sectionId, ...at, templateSectionId: s._id, title: s.title, type: s.type, duplicable: s.duplicable, position });
    s.fields.forEach((f, i) =>
      fields.push({
        ...at,
        sectionId,
        templateFieldId: f._id,
        label: f.label,
        type: f.type,
        required: f.required,
        value: f.type === 'auditor' && !f.value?.trim() && auditorName ? auditorName : f.value,
        position: i,
      }),
    );
    s.questions.forEach((q, i) =>
      questions.push({
        ...at,
        sectionId,
        templateQuestionId: q._id,
        name: q.name,
        type: q.type,
        description: q.description,
        required: q.required,
        config: configOf(q),
        incidences: incidencesOf(q),
        position: i,
      }),
    );
  });
  const questionsAnswers = template.ieSections.flatMap((s) =>
    s.questions.map((q) => ({
      _id: randomUUID(),
      sectionTitle: s.title,
      question: q.question,
      type: q.type as 'SIMPLE' | 'PARAGRAPH',
      answer: null,
      images: [],
    })),
  );
  const questionnaire: typeof auditQuestionnaires.$inferInsert | null = questionsAnswers.length ? { ...at, questionsAnswers } : null;
  return { sections, fields, questions, questionnaire };
}
