import { z } from './zod.js';
import { LANGUAGES } from './constants.js';
import { isCalendarDay } from './dates.js';
import { ZSearchBody, zIdList } from './search.js';
import { boundProblem, readingBound } from './bounds.js';
import { MEASURE_UNITS, OPERATIONS, READING_BETWEEN_DEFAULT, type TOperation } from './templates.js';
import {
  AREA_ACCESSES,
  CLASSIFICATIONS,
  FREQUENCIES,
  frequencyFits,
  PARAM_TYPES,
  PERIOD_NAMES,
  REGISTER_NAME_MAX,
  REGISTER_SEARCH_SIZE,
  REGISTER_TEXT_MAX,
  REPORT_TYPES,
  TAKES_PER_DAY_MAX,
  type TFrequency,
} from './register-schedule.js';

/** The bodies and queries of the register calls (docs/decisions/0031, 0036, 0037): what the server accepts. */

// ---------------------------------------------------------------------------------------------
// Request schemas.

const ZUuid = z.string().uuid();
// The pattern first (it also tells OpenAPI and the probes' sampler what a day looks like), then a real calendar day.
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(isCalendarDay, 'YYYY-MM-DD');
const ZName = z.string().trim().min(1).max(REGISTER_NAME_MAX);
const ZText = z.string().max(REGISTER_TEXT_MAX);

export const ZRegisterTemplateInput = z.object({
  name: ZName,
  category: ZUuid,
  language: z.enum(LANGUAGES).default('es'),
  title: ZName,
  reportType: z.enum(REPORT_TYPES),
  registerType: z.string().max(100).nullish(),
  description: ZText.nullish(),
});
/** A patch sets only what it names (no defaults: a rename keeps the language). */
export const ZRegisterTemplatePatch = ZRegisterTemplateInput.extend({ language: z.enum(LANGUAGES) }).partial();

/** A section's item: a `field` is captured once per log sheet, a `param` per facility and take. */
const itemShape = {
  name: ZName,
  fieldType: z.enum(PARAM_TYPES),
  /** Select options, comma separated (product document section 3). */
  selectOption: z.string().max(2000).nullish(),
  unit: z.enum(MEASURE_UNITS).nullish(),
  operation: z.enum(OPERATIONS).nullish(),
  min: z.number().finite().nullish(),
  max: z.number().finite().nullish(),
  required: z.boolean().default(false),
};
export const ZRegisterItemInput = z
  .object(itemShape)
  .superRefine((p, ctx) => limitProblems(p).forEach((key) => ctx.addIssue({ code: 'custom', path: [key], message: `${p.operation} needs ${key}` })));
export const ZRegisterItemPatch = z.object({ ...itemShape, required: z.boolean() }).partial();

/** The limit problems of a number param (the keys that are missing or inconsistent). */
export function limitProblems(p: {
  fieldType?: string;
  unit?: string | null;
  operation?: TOperation | null;
  min?: number | null;
  max?: number | null;
  selectOption?: string | null;
}) {
  const problems: string[] = [];
  if (p.fieldType === 'select' && !(p.selectOption ?? '').split(',').some((o) => o.trim())) problems.push('selectOption');
  if (p.fieldType !== 'number' || !p.operation || p.operation === 'noFormat') return problems;
  // Limits within what the unit can measure (decision 0026), as the audit reading registry's.
  const bound = readingBound(p.unit);
  if (p.min != null && boundProblem(p.min, bound)) problems.push('min');
  if (p.max != null && boundProblem(p.max, bound)) problems.push('max');
  if (problems.length) return problems;
  if ((p.operation === 'greaterThan' || p.operation === 'equal') && p.min == null) problems.push('min');
  if (p.operation === 'lessThan' && p.max == null) problems.push('max');
  if (p.operation === 'between' && (p.min ?? READING_BETWEEN_DEFAULT.minValue) > (p.max ?? READING_BETWEEN_DEFAULT.maxValue)) problems.push('max');
  return problems;
}

export const ZRegisterSectionInput = z.object({ template: ZUuid, title: ZName, position: z.number().int().min(0).max(10000).optional() });
export const ZOrderBody = z.object({ position: z.number().int().min(0).max(10000) });

const ZAllOr = z.union([z.literal('all'), z.array(ZUuid).min(1).max(1000)]);
const registerShape = {
  name: ZName,
  areaAccess: z.enum(AREA_ACCESSES),
  classification: z.enum(CLASSIFICATIONS).default('measurement'),
  template: ZUuid,
  client: ZUuid,
  establishments: ZAllOr,
  areas: ZAllOr,
  typologies: z.array(ZUuid).max(100).default([]),
  category: ZUuid,
  period: z.enum(FREQUENCIES),
  frequency: z.enum(FREQUENCIES),
  takesPerDay: z.number().int().min(1).max(TAKES_PER_DAY_MAX).default(1),
  manualCompletion: z.boolean().default(false),
  dailyDisabled: z.boolean().default(false),
  description: ZText.nullish(),
};
/** The schedule problems of a register (keys): typologies only for measurement, frequency within period, several takes only daily. */
export function registerProblems(r: { classification?: string; typologies?: string[]; period?: TFrequency; frequency?: TFrequency; takesPerDay?: number }) {
  const problems: string[] = [];
  if (r.classification && r.classification !== 'measurement' && r.typologies?.length) problems.push('typologies');
  if (r.period && r.frequency && !frequencyFits(r.frequency, r.period)) problems.push('frequency');
  if ((r.takesPerDay ?? 1) > 1 && r.frequency && r.frequency !== 'daily') problems.push('takesPerDay');
  return problems;
}
export const ZRegisterInput = z
  .object(registerShape)
  .superRefine((r, ctx) => registerProblems(r).forEach((key) => ctx.addIssue({ code: 'custom', path: [key], message: 'invalid' })));
/** A patch sets only what it names (no defaults). */
export const ZRegisterPatch = z
  .object({
    ...registerShape,
    classification: z.enum(CLASSIFICATIONS),
    typologies: z.array(ZUuid).max(100),
    takesPerDay: z.number().int().min(1).max(TAKES_PER_DAY_MAX),
    manualCompletion: z.boolean(),
    dailyDisabled: z.boolean(),
  })
  .partial();
export const ZUpdateFrequency = z.object({ frequency: z.enum(FREQUENCIES) });
export const ZOpenClose = z.object({ period: z.enum(PERIOD_NAMES), date: ZDay, open: z.boolean() });

const ZValue = z.union([z.string().max(REGISTER_TEXT_MAX), z.number().finite(), z.null()]);
export const ZCheckRegisterData = z.object({
  date: ZDay,
  take: z.number().int().min(1).max(TAKES_PER_DAY_MAX).default(1),
  facilities: zIdList(1000),
});
export const ZAnswerAdd = z.object({
  date: ZDay,
  take: z.number().int().min(1).max(TAKES_PER_DAY_MAX).default(1),
  facilities: z
    .array(
      z.object({
        _id: ZUuid,
        values: z
          .array(z.object({ param: ZUuid, value: ZValue }))
          .max(200)
          .default([]),
        /** Completed by hand without values (only when the register allows manual completion). */
        completed: z.boolean().default(false),
        reason: ZText.nullish(),
      }),
    )
    .min(1)
    .max(1000),
  fields: z
    .array(z.object({ field: ZUuid, value: ZValue }))
    .max(200)
    .default([]),
  /** Overwrite what is stored (after the 422 dialog). */
  force: z.boolean().default(false),
});
export const ZRegisterSearchBody = ZSearchBody.extend({
  size: ZSearchBody.shape.size.unwrap().default(REGISTER_SEARCH_SIZE),
  area: z.enum(AREA_ACCESSES).nullish(),
  establishments: z.array(ZUuid).max(1000).nullish(),
  /** [from, to] days of the status lists. */
  dateRange: z.tuple([ZDay, ZDay]).nullish(),
});
export const ZCheckPending = z.object({ registers: z.array(ZUuid).max(1000).optional(), facility: ZUuid.nullish() });

// ---------------------------------------------------------------------------------------------
// Flags that beat paper logs (decision 0036): late entries and values repeated take after take.

/** Takes in a row with identical values that flag a facility as repeated, unless the view asks otherwise. */
export const REPEATED_TAKES_DEFAULT = 5;
export const REPEATED_TAKES_MIN = 2;
export const REPEATED_TAKES_MAX = 60;
export const ZRepeatTakes = z.number().int().min(REPEATED_TAKES_MIN).max(REPEATED_TAKES_MAX);

/** The log grid's request: the period containing `date` (default today); staff may set the repeated threshold. */
export const ZFacilityDataBody = z.object({
  date: ZDay.optional(),
  repeatTakes: ZRepeatTakes.optional(),
});

// ---------------------------------------------------------------------------------------------
// Downloads of the log (decision 0037).

/** Vertical: portrait, a row per take. Horizontal: landscape, a row per facility. */
export const LOG_ORIENTATIONS = ['vertical', 'horizontal'] as const;
export const ZLogDownload = z.object({
  orientation: z.enum(LOG_ORIENTATIONS).default('horizontal'),
  /** The document's language; the caller's by default. */
  language: z.enum(LANGUAGES).optional(),
  /** Only this take of each day ("day take number"); every take when absent. */
  take: z.number().int().min(1).max(TAKES_PER_DAY_MAX).nullish(),
  /** The whole calendar year of `date` instead of its period. */
  annual: z.boolean().default(false),
  /** A day of the period (or year) to download; today by default. */
  date: ZDay.optional(),
  /** The repeated-value threshold, as the log grid's (`REPEATED_TAKES_DEFAULT` when absent). */
  repeatTakes: ZRepeatTakes.optional(),
});
export type TLogDownload = z.infer<typeof ZLogDownload>;
/** The Excel's query string: the same options, as text. */
export const ZLogExcelQuery = z.object({
  language: z.enum(LANGUAGES).optional(),
  take: z.coerce.number().int().min(1).max(TAKES_PER_DAY_MAX).optional(),
  annual: z.enum(['true', 'false']).optional(),
  date: ZDay.optional(),
  repeatTakes: z.coerce.number().pipe(ZRepeatTakes).optional(),
});

export type TRegisterInput = z.infer<typeof ZRegisterInput>;
export type TAnswerAdd = z.infer<typeof ZAnswerAdd>;
