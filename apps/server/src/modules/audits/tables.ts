import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import type { TAuditTask, TDeduction, TIncidence, TQuestionnaireAnswer, TTemplateAnswer } from '@audit/domain/audits';
import type { TQuestionConfig } from '@audit/domain/templates';

/**
 * Audits (docs/decisions/0007-audit-scoring.md). An audit belongs to its establishment's space, so
 * the establishment's client users read it and the audit company (an ancestor space) runs it.
 * Creating an audit snapshots the template into audit_sections / audit_fields / audit_questions
 * (incident templates ride along in `incidences`); every row carries audit_id, space_id and
 * secure_space_path so the whole audit loads with one query per table, under the tenant policy.
 */
export const audits = pgTable(
  'audits',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id').notNull(),
    secureSpacePath: text('secure_space_path').notNull(),
    status: text('status').notNull().default('draft'),
    templateId: uuid('template_id'),
    templateName: text('template_name').notNull(),
    language: text('language').notNull().default('es'),
    clientId: uuid('client_id').notNull(),
    establishmentId: uuid('establishment_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    areaAccessId: uuid('area_access_id'),
    auditorId: uuid('auditor_id'),
    ownerId: uuid('owner_id'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    dateFrom: timestamp('date_from', { withTimezone: true }).notNull(),
    dateTo: timestamp('date_to', { withTimezone: true }).notNull(),
    valueGoal: doublePrecision('value_goal'),
    /** The audit of the same establishment, service and template finished before this one was created. */
    previousAuditId: uuid('previous_audit_id'),
    /** Scores and counts stored when the audit finishes (while running they are computed on read). */
    totalScore: doublePrecision('total_score').notNull().default(0),
    finalScore: doublePrecision('final_score').notNull().default(0),
    percentage: doublePrecision('percentage'),
    deductions: jsonb('deductions').$type<TDeduction[]>().notNull().default([]),
    recalculatedRisk: text('recalculated_risk').notNull().default('LOW'),
    totalIssuesCount: integer('total_issues_count').notNull().default(0),
    totalIssuesResolved: integer('total_issues_resolved').notNull().default(0),
    highRiskIssuesCount: integer('high_risk_issues_count').notNull().default(0),
    ieIssuesCount: integer('ie_issues_count').notNull().default(0),
    mediumIssuesCount: integer('medium_issues_count').notNull().default(0),
    lowIssuesCount: integer('low_issues_count').notNull().default(0),
    infraIssuesCount: integer('infra_issues_count').notNull().default(0),
    /** Public link /share-audit-report/{id}: open only while the audit is finished and this is true. */
    shareEnabled: boolean('share_enabled').notNull().default(false),
    /** The PDF of the report: none, queued, ready or failed; `pdf_of` is the updated_at it was made from. */
    pdfStatus: text('pdf_status').notNull().default('none'),
    pdfFileId: uuid('pdf_file_id'),
    pdfOf: timestamp('pdf_of', { withTimezone: true }),
    finishedDate: timestamp('finished_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audits_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('audits_status_idx').on(t.status),
    index('audits_client_idx').on(t.clientId),
    index('audits_establishment_idx').on(t.establishmentId, t.serviceId, t.finishedDate),
    index('audits_service_idx').on(t.serviceId),
    index('audits_auditor_idx').on(t.auditorId),
    // (column, id): a list's order with its tie-breaker, read forwards or backwards (decision 0028).
    index('audits_start_idx').on(t.startDate, t.id),
    index('audits_created_idx').on(t.createdAt, t.id),
    // ILIKE '%text%' of the list's search (pg_trgm, migration 0018).
    index('audits_template_name_trgm').using('gin', t.templateName.op('gin_trgm_ops')),
    index('audits_risk_idx').on(t.recalculatedRisk),
    // The calendar's "visits meeting [from, to]" (audits/repo.ts visitsBetween): an overlap of ranges.
    // least/greatest: a row whose dates were ever stored the wrong way round must not make writes fail.
    index('audits_dates_range_idx').using('gist', sql`tstzrange(least(${t.dateFrom}, ${t.dateTo}), greatest(${t.dateFrom}, ${t.dateTo}), '[]')`),
  ],
);

/** Columns every row of an audit's tree has. */
const auditColumns = () => ({
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  auditId: uuid('audit_id')
    .notNull()
    .references((): AnyPgColumn => audits.id, { onDelete: 'cascade' }),
  spaceId: uuid('space_id').notNull(),
  secureSpacePath: text('secure_space_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/**
 * The audit tree's rows are always read by audit id: their tables have no path index (it cannot
 * serve the RLS filter, whose pattern is not a constant, and only cost every answer's write:
 * decision 0028). Tables also listed across audits (issues, questionnaires) keep theirs.
 */
const pathIndex = (name: string, column: ExtraConfigColumn) => index(`${name}_path_idx`).using('btree', column.op('text_pattern_ops'));

export const auditSections = pgTable(
  'audit_sections',
  {
    ...auditColumns(),
    templateSectionId: uuid('template_section_id'),
    title: text('title').notNull(),
    type: text('type').notNull(),
    duplicable: boolean('duplicable').notNull().default(false),
    /** Set on copies made while running: the section copied. */
    duplicatedFrom: uuid('duplicated_from'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('audit_sections_audit_idx').on(t.auditId, t.position)],
);

/** Cover fields (DATA sections) and contact fields (CONTACTS sections) with their values. */
export const auditFields = pgTable(
  'audit_fields',
  {
    ...auditColumns(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => auditSections.id, { onDelete: 'cascade' }),
    templateFieldId: uuid('template_field_id'),
    label: text('label').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    value: text('value'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('audit_fields_audit_idx').on(t.auditId), index('audit_fields_section_idx').on(t.sectionId, t.position)],
);

export const auditQuestions = pgTable(
  'audit_questions',
  {
    ...auditColumns(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => auditSections.id, { onDelete: 'cascade' }),
    templateQuestionId: uuid('template_question_id'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(true),
    config: jsonb('config').$type<TQuestionConfig>().notNull().default({}),
    /** The incident templates the auditor may raise on this question (copied from the template). */
    incidences: jsonb('incidences').$type<TIncidence[]>().notNull().default([]),
    note: text('note'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('audit_questions_audit_idx').on(t.auditId), index('audit_questions_section_idx').on(t.sectionId, t.position)],
);

/** One answer per question (the unique index makes a replayed add an update, never a second answer). */
export const auditAnswers = pgTable(
  'audit_answers',
  {
    ...auditColumns(),
    sectionId: uuid('section_id').notNull(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => auditQuestions.id, { onDelete: 'cascade' }),
    templateAnswer: jsonb('template_answer').$type<TTemplateAnswer>().notNull(),
    score: doublePrecision('score').notNull().default(0),
    failed: boolean('failed').notNull().default(false),
    authorId: uuid('author_id'),
  },
  (t) => [index('audit_answers_audit_idx').on(t.auditId), uniqueIndex('audit_answers_question_key').on(t.questionId)],
);

/** Issues: incidences selected on a question, with their tasks (each selected or not). */
export const auditIssues = pgTable(
  'audit_issues',
  {
    ...auditColumns(),
    sectionId: uuid('section_id').notNull(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => auditQuestions.id, { onDelete: 'cascade' }),
    /** The incidence (incident template) it was raised from. */
    templateIssueId: uuid('template_issue_id'),
    name: text('name').notNull(),
    description: text('description'),
    riskLevel: text('risk_level').notNull(),
    deductionPercentage: doublePrecision('deduction_percentage').notNull().default(0),
    solvedInPlace: boolean('solved_in_place').notNull().default(false),
    tasks: jsonb('tasks').$type<TAuditTask[]>().notNull().default([]),
  },
  (t) => [
    pathIndex('audit_issues', t.secureSpacePath),
    index('audit_issues_audit_idx').on(t.auditId),
    uniqueIndex('audit_issues_question_incidence_key').on(t.questionId, t.templateIssueId),
    index('audit_issues_risk_idx').on(t.riskLevel),
  ],
);

/** Photos: note images of a question (issue_id null) and evidences of an issue. */
export const auditMedia = pgTable(
  'audit_media',
  {
    ...auditColumns(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => auditQuestions.id, { onDelete: 'cascade' }),
    issueId: uuid('issue_id').references(() => auditIssues.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileId: uuid('file_id').notNull(),
    observation: text('observation'),
  },
  (t) => [index('audit_media_audit_idx').on(t.auditId), index('audit_media_question_idx').on(t.questionId)],
);

/** The incident-and-emergency questionnaire of an audit (copied from the template's IE sections). */
export const auditQuestionnaires = pgTable(
  'audit_questionnaires',
  {
    ...auditColumns(),
    sent: boolean('sent').notNull().default(false),
    questionsAnswers: jsonb('questions_answers')
      .$type<(Omit<TQuestionnaireAnswer, 'images'> & { images: { _id: string; fileId: string }[] })[]>()
      .notNull()
      .default([]),
  },
  (t) => [pathIndex('audit_questionnaires', t.secureSpacePath), uniqueIndex('audit_questionnaires_audit_key').on(t.auditId)],
);

export type TAuditRow = typeof audits.$inferSelect;
export type TAuditSectionRow = typeof auditSections.$inferSelect;
export type TAuditFieldRow = typeof auditFields.$inferSelect;
export type TAuditQuestionRow = typeof auditQuestions.$inferSelect;
export type TAuditAnswerRow = typeof auditAnswers.$inferSelect;
export type TAuditIssueRow = typeof auditIssues.$inferSelect;
export type TAuditMediaRow = typeof auditMedia.$inferSelect;
export type TAuditQuestionnaireRow = typeof auditQuestionnaires.$inferSelect;
