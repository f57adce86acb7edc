import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import type { TQuestionConfig, TTask } from '@audit/domain/templates';
import { catalogueTable } from '../nomenclatures/catalogue-table.js';

/**
 * Audit templates: catalogue rows of the audit company's space (readable from the spaces below,
 * written only in their own space). Every row of a template's tree copies the template's space and
 * secure path and carries `template_id`, so the whole tree loads (and copies) with one query per
 * table; siblings are ordered by `position` (0, 1, 2, ... with no gaps), kept by the server.
 */
export const auditTemplates = catalogueTable(
  'audit_templates',
  {
    language: text('language').notNull().default('es'),
    categoryId: uuid('category_id'),
    serviceId: uuid('service_id'),
    /** Facility type: an area type id. */
    areaAccessId: uuid('area_access_id'),
    enabled: boolean('enabled').notNull().default(false),
  },
  { uniqueName: false, indexOn: ['language', 'categoryId', 'serviceId', 'areaAccessId', 'enabled'] },
);

/** Columns every row of a template's tree has. */
const treeColumns = () => ({
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  templateId: uuid('template_id')
    .notNull()
    .references((): AnyPgColumn => auditTemplates.id, { onDelete: 'cascade' }),
  spaceId: uuid('space_id').notNull(),
  secureSpacePath: text('secure_space_path').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const pathIndex = (name: string, column: ExtraConfigColumn) => index(`${name}_path_idx`).using('btree', column.op('text_pattern_ops'));

export const templateSections = pgTable(
  'template_sections',
  {
    ...treeColumns(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    duplicable: boolean('duplicable').notNull().default(false),
  },
  (t) => [
    pathIndex('template_sections', t.secureSpacePath),
    index('template_sections_template_idx').on(t.templateId, t.position),
    index('template_sections_type_idx').on(t.type),
  ],
);

/** Cover fields of DATA sections and contact fields of CONTACTS sections. */
export const templateFields = pgTable(
  'template_fields',
  {
    ...treeColumns(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => templateSections.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    value: text('value'),
  },
  (t) => [
    pathIndex('template_fields', t.secureSpacePath),
    index('template_fields_section_idx').on(t.sectionId, t.position),
    index('template_fields_template_idx').on(t.templateId),
  ],
);

/** Questions of QUESTION sections; `config` holds the part of their type (select, readingRegistry, text). */
export const templateQuestions = pgTable(
  'template_questions',
  {
    ...treeColumns(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => templateSections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(true),
    config: jsonb('config').$type<TQuestionConfig>().notNull().default({}),
  },
  (t) => [
    pathIndex('template_questions', t.secureSpacePath),
    index('template_questions_section_idx').on(t.sectionId, t.position),
    index('template_questions_template_idx').on(t.templateId),
    index('template_questions_type_idx').on(t.type),
  ],
);

/** Incident templates of a question, each with its corrective tasks. */
export const templateIncidents = pgTable(
  'template_incidents',
  {
    ...treeColumns(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => templateQuestions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    riskLevel: text('risk_level').notNull(),
    deductionPercentage: doublePrecision('deduction_percentage').notNull().default(0),
    tasks: jsonb('tasks').$type<TTask[]>().notNull().default([]),
  },
  (t) => [
    pathIndex('template_incidents', t.secureSpacePath),
    index('template_incidents_question_idx').on(t.questionId, t.position),
    index('template_incidents_template_idx').on(t.templateId),
    index('template_incidents_risk_idx').on(t.riskLevel),
  ],
);

/** Incident-and-emergency questionnaire sections of a template. */
export const templateIeSections = pgTable('template_ie_sections', { ...treeColumns(), title: text('title').notNull() }, (t) => [
  pathIndex('template_ie_sections', t.secureSpacePath),
  index('template_ie_sections_template_idx').on(t.templateId, t.position),
]);

export const templateIeQuestions = pgTable(
  'template_ie_questions',
  {
    ...treeColumns(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => templateIeSections.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    type: text('type').notNull().default('SIMPLE'),
  },
  (t) => [
    pathIndex('template_ie_questions', t.secureSpacePath),
    index('template_ie_questions_section_idx').on(t.sectionId, t.position),
    index('template_ie_questions_template_idx').on(t.templateId),
  ],
);

export type TTemplateRow = typeof auditTemplates.$inferSelect;
export type TSectionRow = typeof templateSections.$inferSelect;
export type TFieldRow = typeof templateFields.$inferSelect;
export type TQuestionRow = typeof templateQuestions.$inferSelect;
export type TIncidentRow = typeof templateIncidents.$inferSelect;
export type TIeSectionRow = typeof templateIeSections.$inferSelect;
export type TIeQuestionRow = typeof templateIeQuestions.$inferSelect;
