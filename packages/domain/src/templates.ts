import { z } from './zod.js';
import { LANGUAGES, RISK_LEVELS } from './constants.js';
import { EMAIL_PATTERN } from './validators.js';
import { boundProblem, BOUNDS, readingBound, zBounded } from './bounds.js';

/**
 * Audit templates, shared by the server and the browser (product document, section 3: Question,
 * Section, Issue, Questionnaire, Template). Every item that an answer or an audit may point at has
 * a stable `_id` (questions, select options, places, fields, incident templates, tasks), and order is
 * a `position` kept by the server, so an audit can later copy a template wholesale.
 */
export const QUESTION_TYPES = [
  'audit_date',
  'date',
  'objective',
  'evolution',
  'summary',
  'paragraph',
  'location',
  'number',
  'select',
  'auditor',
  'readingRegistry',
  'pools_reported',
  'pools_audited',
  'pools_not_audited',
  'contact_information',
  'text',
] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];

export const SECTION_TYPES = ['DATA', 'QUESTION', 'CONTACTS'] as const;
export type TSectionType = (typeof SECTION_TYPES)[number];

/** Fields of a DATA section (the audit's cover). */
export const COVER_FIELD_TYPES = ['audit_date', 'date', 'objective', 'evolution', 'summary', 'paragraph', 'location', 'number', 'auditor', 'text'] as const;
/**
 * Fields of a CONTACTS section; the pool ones are offered only for pool services (product document,
 * section 6). The contacts list (name and e-mail per person) comes first: it is a new field's default.
 */
export const CONTACT_FIELD_TYPES = ['contact_information', 'text', 'email', 'phone', 'pools_reported', 'pools_audited', 'pools_not_audited'] as const;
export const POOL_FIELD_TYPES = ['pools_reported', 'pools_audited', 'pools_not_audited'] as const;
export const FIELD_TYPES = [...new Set([...COVER_FIELD_TYPES, ...CONTACT_FIELD_TYPES])] as [string, ...string[]];
export type TFieldType = (typeof COVER_FIELD_TYPES)[number] | (typeof CONTACT_FIELD_TYPES)[number];
/** The field types a section offers; the pool counts only in a pool service's template (product document, section 6). */
export const fieldTypesOf = (sectionType: TSectionType, isPoolService = false): readonly string[] =>
  sectionType === 'DATA' ? COVER_FIELD_TYPES : sectionType === 'CONTACTS' ? CONTACT_FIELD_TYPES.filter((type) => isPoolService || !isPoolField(type)) : [];

export const isPoolField = (type: string) => (POOL_FIELD_TYPES as readonly string[]).includes(type);

/** The fields an audit shows: a pool count only when the audit's service is a pool service. */
export const visibleFields = <F extends { type: string }>(fields: readonly F[], isPoolService: boolean): F[] =>
  fields.filter((field) => isPoolService || !isPoolField(field.type));

export const MEASURE_UNITS = ['celsius', 'fahrenheit', 'others', 'chlorine', 'co2', 'atp', 'mm', 'cm', 'm', 'm2', 'm3', 'ph', 'ppm'] as const;
export type TMeasureUnit = (typeof MEASURE_UNITS)[number];
export const OPERATIONS = ['noFormat', 'greaterThan', 'lessThan', 'equal', 'between'] as const;
export type TOperation = (typeof OPERATIONS)[number];
/** Calls document, section 9: a `between` reading without bounds accepts 0 to 999999. */
export const READING_BETWEEN_DEFAULT = { minValue: 0, maxValue: 999999 } as const;
/** The default range of a new `between` reading, within what its unit can measure (0 to 1000 °C, 0 to 14 pH). */
export const readingDefaultRange = (measure: string) => {
  const b = readingBound(measure);
  return { minValue: Math.max(READING_BETWEEN_DEFAULT.minValue, b.min), maxValue: Math.min(READING_BETWEEN_DEFAULT.maxValue, b.max) };
};

export { RISK_LEVELS };
export type TRiskLevel = (typeof RISK_LEVELS)[number];
export const IE_QUESTION_TYPES = ['SIMPLE', 'PARAGRAPH'] as const;
export const TEXT_ANSWER_TYPES = ['TEXT', 'PARAGRAPH'] as const;

export const SECTIONS_PAGE_SIZE = 35;
export const TEMPLATE_DEFAULT_LANGUAGE = 'es';
export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_TEXT_MAX = 2000;

const ZId = z.string().uuid();
const ZLabel = z.string().trim().min(1).max(TEMPLATE_NAME_MAX);
export const ZHexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);

/** A select option; `_id` is kept when sent (answers point at it) and generated when missing. */
export const ZSelectOption = z.object({
  _id: ZId.optional(),
  label: ZLabel,
  color: ZHexColor,
  score: zBounded(BOUNDS.optionScore),
  failed: z.boolean().default(false),
});
export const ZSelectConfig = z
  .object({
    multiselect: z.boolean().default(false),
    scoring: z.boolean().default(true),
    options: z.array(ZSelectOption).max(50).default([]),
  })
  .superRefine((config, ctx) => uniqueBy(config.options, (o) => o._id, ['options'], '_id', ctx));

/** A reading's key in the reading registry (the template editor and the server). */
export const READING_KEY_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
const ZReadingKey = z.string().trim().regex(READING_KEY_PATTERN);
/** One reading of a reading-registry question: its unit and the comparison that flags it. */
export const ZReadingOption = z.object({
  key: ZReadingKey.optional(),
  label: ZLabel,
  measure: z.enum(MEASURE_UNITS),
  operation: z.enum(OPERATIONS).default('noFormat'),
  minValue: zBounded(BOUNDS.reading).nullish(),
  maxValue: zBounded(BOUNDS.reading).nullish(),
});
export const ZPlaceMeasure = z.object({ _id: ZId.optional(), place: ZLabel, label: z.string().trim().max(TEMPLATE_NAME_MAX).nullish() });
export const ZReadingRegistryConfig = z
  .object({ options: z.array(ZReadingOption).max(50).default([]), placesMeasure: z.array(ZPlaceMeasure).max(100).default([]) })
  .superRefine((config, ctx) => {
    uniqueBy(config.options, (o) => o.key, ['options'], 'key', ctx);
    uniqueBy(config.placesMeasure, (p) => p.place.toLowerCase(), ['placesMeasure'], 'place', ctx);
    uniqueBy(config.placesMeasure, (p) => p._id, ['placesMeasure'], '_id', ctx);
    config.options.forEach((o, i) => {
      const need = (key: 'minValue' | 'maxValue') =>
        o[key] == null && ctx.addIssue({ code: 'custom', path: ['options', i, key], message: `${o.operation} needs ${key}` });
      if (o.operation === 'greaterThan' || o.operation === 'equal') need('minValue');
      if (o.operation === 'lessThan') need('maxValue');
      // Limits a reading of this unit can take (decision 0026): no freezer at -2,000,000 °C.
      for (const key of ['minValue', 'maxValue'] as const) {
        const value = o[key];
        if (value != null && boundProblem(value, readingBound(o.measure)))
          ctx.addIssue({ code: 'custom', path: ['options', i, key], message: `${key} outside the ${o.measure} range`, params: { bound: true } });
      }
      if (o.operation === 'between' && (o.minValue ?? READING_BETWEEN_DEFAULT.minValue) > (o.maxValue ?? READING_BETWEEN_DEFAULT.maxValue)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'minValue'], message: 'minValue must not exceed maxValue' });
      }
    });
  });
export const ZTextConfig = z.object({ answerType: z.enum(TEXT_ANSWER_TYPES).default('TEXT') });

/**
 * The stored configurations as the server answers them (every id given, defaults applied): the
 * response schemas of templates and audits, and the types both sides use.
 */
export const ZSelectOptionOut = z.object({ _id: z.string(), label: z.string(), color: z.string(), score: z.number(), failed: z.boolean() });
export const ZSelectConfigOut = z.object({ multiselect: z.boolean(), scoring: z.boolean(), options: z.array(ZSelectOptionOut) });
export const ZReadingOptionOut = z.object({
  key: z.string(),
  label: z.string(),
  measure: z.enum(MEASURE_UNITS),
  operation: z.enum(OPERATIONS),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
});
export const ZPlaceMeasureOut = z.object({ _id: z.string(), place: z.string(), label: z.string().nullable() });
export const ZReadingRegistryConfigOut = z.object({ options: z.array(ZReadingOptionOut), placesMeasure: z.array(ZPlaceMeasureOut) });
export const ZTextConfigOut = z.object({ answerType: z.enum(TEXT_ANSWER_TYPES) });

export type TSelectOption = z.infer<typeof ZSelectOptionOut>;
export type TSelectConfig = z.infer<typeof ZSelectConfigOut>;
export type TReadingOption = z.infer<typeof ZReadingOptionOut>;
export type TPlaceMeasure = z.infer<typeof ZPlaceMeasureOut>;
export type TReadingRegistryConfig = z.infer<typeof ZReadingRegistryConfigOut>;
export type TTextConfig = z.infer<typeof ZTextConfigOut>;
/** What a question row keeps in its jsonb `config`: only the part of its type. */
export interface TQuestionConfig {
  select?: TSelectConfig;
  readingRegistry?: TReadingRegistryConfig;
  text?: TTextConfig;
}

/** A question as written (add; an update is merged with the stored question and checked again). */
export const ZQuestionInput = z.object({
  name: z.string().trim().min(1).max(TEMPLATE_TEXT_MAX),
  type: z.enum(QUESTION_TYPES),
  description: z.string().trim().max(TEMPLATE_TEXT_MAX).nullish(),
  required: z.boolean().default(true),
  select: ZSelectConfig.nullish(),
  readingRegistry: ZReadingRegistryConfig.nullish(),
  text: ZTextConfig.nullish(),
});
/** PATCH bodies: every field optional and without defaults, so an absent field stays as it is. */
export const ZQuestionPatch = ZQuestionInput.extend({
  name: ZQuestionInput.shape.name.optional(),
  type: ZQuestionInput.shape.type.optional(),
  required: z.boolean().optional(),
});

/** Incident template of a question: what the auditor may raise when the answer fails. */
export const ZTask = z.object({ _id: ZId.optional(), name: ZLabel });
const incidentShape = {
  name: ZLabel,
  description: z.string().trim().max(TEMPLATE_TEXT_MAX).nullish(),
  riskLevel: z.enum(RISK_LEVELS),
  deductionPercentage: zBounded(BOUNDS.deductionPercentage),
  tasks: z.array(ZTask).max(50),
};
const uniqueTasks = (incident: { tasks?: { _id?: string }[] }, ctx: z.RefinementCtx) => uniqueBy(incident.tasks ?? [], (t) => t._id, ['tasks'], '_id', ctx);
export const ZIncidentTemplate = z
  .object({ ...incidentShape, deductionPercentage: incidentShape.deductionPercentage.default(0), tasks: incidentShape.tasks.default([]) })
  .superRefine(uniqueTasks);
export const ZIncidentPatch = z
  .object({
    ...incidentShape,
    name: ZLabel.optional(),
    riskLevel: incidentShape.riskLevel.optional(),
    deductionPercentage: incidentShape.deductionPercentage.optional(),
    tasks: incidentShape.tasks.optional(),
  })
  .superRefine(uniqueTasks);
export interface TTask {
  _id: string;
  name: string;
}

/** Cover field (DATA) or contact field (CONTACTS). `value` is an optional default; e-mail fields hold comma-separated e-mails. */
export const ZFieldInput = z.object({
  label: ZLabel,
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  value: z.string().trim().max(TEMPLATE_TEXT_MAX).nullish(),
});
export const ZFieldPatch = ZFieldInput.extend({ label: ZLabel.optional(), type: ZFieldInput.shape.type.optional(), required: z.boolean().optional() });

export const ZTemplateInput = z.object({
  name: ZLabel,
  description: z.string().trim().min(1).max(500),
  language: z.enum(LANGUAGES).default(TEMPLATE_DEFAULT_LANGUAGE),
  category: ZId.nullish(),
  service: ZId.nullish(),
  areaAccess: ZId.nullish(),
});
export const ZTemplatePatch = ZTemplateInput.extend({
  name: ZLabel.optional(),
  description: ZTemplateInput.shape.description.optional(),
  language: z.enum(LANGUAGES).optional(),
});

export const ZSectionInput = z.object({
  template: ZId,
  title: ZLabel,
  type: z.enum(SECTION_TYPES).default('QUESTION'),
  duplicable: z.boolean().default(false),
});

export const ZIeQuestionInput = z.object({ question: z.string().trim().min(1).max(TEMPLATE_TEXT_MAX), type: z.enum(IE_QUESTION_TYPES).default('SIMPLE') });
export const ZIeQuestionPatch = z.object({ question: ZIeQuestionInput.shape.question.optional(), type: z.enum(IE_QUESTION_TYPES).optional() });

/** E-mails of a template field: each comma-separated entry must be a valid e-mail. */
export function invalidEmails(value: string | null | undefined): string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => !EMAIL_PATTERN.test(e));
}

/** Fields live in DATA and CONTACTS sections; the type must suit the section and the value the type. Answers the offending field names. */
export function fieldProblems(sectionType: TSectionType, field: { type: string; value?: string | null }, isPoolService = false): string[] {
  if (sectionType === 'QUESTION') return ['section'];
  const problems: string[] = [];
  if (!fieldTypesOf(sectionType, isPoolService).includes(field.type)) problems.push('type');
  if (field.type === 'email' && invalidEmails(field.value).length) problems.push('value');
  return problems;
}

/** Whether a reading is within what its option expects (noFormat accepts anything). */
export function isReadingCompliant(option: Pick<TReadingOption, 'operation' | 'minValue' | 'maxValue'>, value: number): boolean {
  switch (option.operation) {
    case 'greaterThan':
      return value > (option.minValue ?? Number.NEGATIVE_INFINITY);
    case 'lessThan':
      return value < (option.maxValue ?? Number.POSITIVE_INFINITY);
    case 'equal':
      return value === option.minValue;
    case 'between':
      return value >= (option.minValue ?? READING_BETWEEN_DEFAULT.minValue) && value <= (option.maxValue ?? READING_BETWEEN_DEFAULT.maxValue);
    default:
      return true;
  }
}

/** Highest score a select question can give (sum of positive scores when multiselect). */
export function maxSelectScore(config: { multiselect: boolean; options: { score: number }[] }): number {
  const scores = config.options.map((o) => o.score);
  if (!scores.length) return 0;
  return config.multiselect ? scores.filter((s) => s > 0).reduce((a, b) => a + b, 0) : Math.max(...scores);
}

function uniqueBy<T>(items: T[], keyOf: (item: T) => unknown, path: (string | number)[], field: string, ctx: z.RefinementCtx) {
  const seen = new Set<unknown>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (key === undefined || key === null) return;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [...path, i, field], message: `duplicate ${field}` });
    seen.add(key);
  });
}

// ---------------------------------------------------------------- response schemas
/** What the server answers for templates and their trees (its allow-list; the web's types). */
export const ZRef = z.object({ _id: z.string(), name: z.string() });
export const ZCategoryRef = ZRef.extend({ color: z.string().nullable() });

export const ZFieldOut = z.object({
  _id: z.string(),
  section: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  value: z.string().nullable(),
  position: z.number(),
});

export const ZIncidentOut = z.object({
  _id: z.string(),
  question: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.string(),
  deductionPercentage: z.number(),
  tasks: z.array(z.object({ _id: z.string(), name: z.string() })),
  position: z.number(),
});

/**
 * What a question is, as a template's question and as an audit's copy of it both answer it
 * (`ZQuestionOut` here, `ZAuditQuestion` in audits.ts, each adding its own fields around it).
 */
export const QUESTION_OUT_FIELDS = {
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  position: z.number(),
  select: ZSelectConfigOut.nullable(),
  readingRegistry: ZReadingRegistryConfigOut.nullable(),
  text: ZTextConfigOut.nullable(),
  /** Highest score the question can give (select questions with scoring; 0 otherwise). */
  maxScore: z.number(),
};

export const ZQuestionOut = z.object({
  _id: z.string(),
  section: z.string(),
  ...QUESTION_OUT_FIELDS,
  incidents: z.array(ZIncidentOut),
});

export const ZSectionOut = z.object({
  _id: z.string(),
  template: z.string(),
  title: z.string(),
  type: z.string(),
  duplicable: z.boolean(),
  position: z.number(),
  /** Cover fields (DATA) or contact fields (CONTACTS), in order. */
  fields: z.array(ZFieldOut),
  questions: z.array(ZQuestionOut),
  maxScore: z.number(),
});

export const ZIeQuestionOut = z.object({ _id: z.string(), section: z.string(), question: z.string(), type: z.string(), position: z.number() });
export const ZIeSectionOut = z.object({ _id: z.string(), template: z.string(), title: z.string(), position: z.number(), questions: z.array(ZIeQuestionOut) });

export const ZTemplateSummary = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  language: z.string(),
  enabled: z.boolean(),
  category: ZCategoryRef.nullable(),
  /** isPoolService: the pool contact fields are offered only then (product document, section 6). */
  service: ZRef.extend({ isPoolService: z.boolean() }).nullable(),
  areaAccess: ZRef.nullable(),
  sectionsCount: z.number(),
  questionsCount: z.number(),
  space: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean(), duplicate: z.boolean() }),
});
export const ZTemplateOut = ZTemplateSummary.extend({ sections: z.array(ZSectionOut), ieSections: z.array(ZIeSectionOut) });

export type TTemplateRef = z.infer<typeof ZRef>;
export type TTemplateFieldOut = z.infer<typeof ZFieldOut>;
export type TIncidentOut = z.infer<typeof ZIncidentOut>;
export type TTemplateQuestionOut = z.infer<typeof ZQuestionOut>;
export type TTemplateSectionOut = z.infer<typeof ZSectionOut>;
export type TIeQuestionOut = z.infer<typeof ZIeQuestionOut>;
export type TIeSectionOut = z.infer<typeof ZIeSectionOut>;
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;
export type TTemplateOut = z.infer<typeof ZTemplateOut>;
