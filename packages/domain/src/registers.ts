import { z } from './zod.js';
import { LANGUAGES } from './constants.js';
import { addDays, dayInZone, isCalendarDay, type TDay } from './dates.js';
import { ZSearchBody } from './search.js';
import { boundProblem, readingBound } from './bounds.js';
import { isReadingCompliant, MEASURE_UNITS, OPERATIONS, READING_BETWEEN_DEFAULT, type TOperation } from './templates.js';

/**
 * Registers (product document sections 2 to 6; docs/decisions/0031): periodic checklists per
 * facility. Schemas of the calls and the pure rules the server and the web share: which takes are
 * due on which day (in the space's time zone), whether a reading is within its limits.
 */

export const AREA_ACCESSES = ['KITCHEN', 'POOL', 'LEGIONELLA', 'OTHERS'] as const;
export type TAreaAccess = (typeof AREA_ACCESSES)[number];
export const CLASSIFICATIONS = ['measurement', 'cleaning', 'maintenance'] as const;
/** Calls document, section 9: the values of both period and frequency, shortest first. */
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'bimonthly', 'quarterly', 'semester', 'yearly'] as const;
export type TFrequency = (typeof FREQUENCIES)[number];
/** The names open-close uses for a period (day … year), one to one with FREQUENCIES. */
export const PERIOD_NAMES = ['day', 'week', 'month', 'bimonth', 'quarter', 'semester', 'year'] as const;
export type TPeriodName = (typeof PERIOD_NAMES)[number];
export const periodNameOf = (frequency: TFrequency): TPeriodName => PERIOD_NAMES[FREQUENCIES.indexOf(frequency)]!;
export const REPORT_TYPES = ['Model_1', 'Model_2', 'Model_3'] as const;
export const PARAM_TYPES = ['number', 'counter', 'hour', 'author', 'select', 'date', 'text'] as const;
export type TParamType = (typeof PARAM_TYPES)[number];
export const ITEM_KINDS = ['field', 'param'] as const;
export const REGISTER_STATUSES = ['pending', 'completed', 'closed'] as const;
export type TRegisterStatus = (typeof REGISTER_STATUSES)[number];
/** Calls document, section 9: register searches answer 100 per page. */
export const REGISTER_SEARCH_SIZE = 100;
export const TAKES_PER_DAY_MAX = 6;
/** How long an administrator's correction of a past log holds it (RLD0001 for other writers). */
export const LOG_LOCK_MINUTES = 10;
export const REGISTER_TEXT_MAX = 500;
export const REGISTER_NAME_MAX = 200;

// ---------------------------------------------------------------------------------------------
// Periods and takes (pure; days are "YYYY-MM-DD" in the register's space's time zone).

const MONTHS_OF: Partial<Record<TFrequency, number>> = { monthly: 1, bimonthly: 2, quarterly: 3, semester: 6, yearly: 12 };
const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day of the span of `frequency` containing `day` (weeks run Monday to Sunday). */
export function periodOf(frequency: TFrequency, day: TDay): [TDay, TDay] {
  if (frequency === 'daily') return [day, addDays(day, 0)];
  if (frequency === 'weekly') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const start = addDays(day, -weekday);
    return [start, addDays(start, 6)];
  }
  const months = MONTHS_OF[frequency]!;
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = Math.floor((month - 1) / months) * months + 1;
  const lastMonth = first + months - 1;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return [`${year}-${pad(first)}-01`, `${year}-${pad(lastMonth)}-${pad(lastDay)}`];
}

/** The first day of the span of `frequency` containing `day`. */
export const slotOf = (frequency: TFrequency, day: TDay): TDay => periodOf(frequency, day)[0];

/** A frequency may not be longer than its period (decision 0031). */
export const frequencyFits = (frequency: TFrequency, period: TFrequency) => FREQUENCIES.indexOf(frequency) <= FREQUENCIES.indexOf(period);

export interface TSchedule {
  period: TFrequency;
  frequency: TFrequency;
  takesPerDay?: number;
}

export interface TDueTake {
  /** First day of the take's slot. */
  slot: TDay;
  /** Last day of its window: a value entered later is late. */
  end: TDay;
  take: number;
}

/**
 * The take slot containing `day`: the span of the frequency cut to the period (a week straddling two
 * months is two slots of a monthly sheet). Its first day names the take; its last ends its window.
 */
export function takeSlotOf(schedule: TSchedule, day: TDay): { slot: TDay; end: TDay } {
  const [periodStart, periodEnd] = periodOf(schedule.period, day);
  const [start, end] = periodOf(schedule.frequency, day);
  return { slot: start < periodStart ? periodStart : start, end: end > periodEnd ? periodEnd : end };
}

/** How many takes each slot has: several only for a daily frequency. */
export const takesPerSlot = (schedule: TSchedule) => (schedule.frequency === 'daily' ? Math.max(1, schedule.takesPerDay ?? 1) : 1);

/**
 * The takes of the period containing `day` that are due by `today` (their slot has started), in
 * order. Takes of slots starting after today are not yet due.
 */
export function dueTakes(schedule: TSchedule, day: TDay, today: TDay): TDueTake[] {
  const [start, end] = periodOf(schedule.period, day);
  const takes = takesPerSlot(schedule);
  const due: TDueTake[] = [];
  for (let slot = start; slot <= end && slot <= today;) {
    const { end: slotEnd } = takeSlotOf(schedule, slot);
    for (let take = 1; take <= takes; take++) due.push({ slot, end: slotEnd, take });
    slot = addDays(slotEnd, 1);
  }
  return due;
}

/** Whether `day` is in the period that contains `today`. */
export const inCurrentPeriod = (period: TFrequency, day: TDay, today: TDay) => {
  const [start, end] = periodOf(period, today);
  return day >= start && day <= end;
};

/** A value entered at `enteredAt` for a take whose window ends `end` is late when entered on a later day there. */
export const isLate = (end: TDay, enteredAt: Date, timeZone: string) => dayInZone(enteredAt, timeZone) > end;

/**
 * The derived status of a register in its current period (decision 0031): closed when the period
 * is closed; pending when a due take of a facility is neither recorded nor completed by hand.
 */
export function registerStatus(input: { closed: boolean; due: number; done: number }): TRegisterStatus {
  if (input.closed) return 'closed';
  return input.done >= input.due ? 'completed' : 'pending';
}

// ---------------------------------------------------------------------------------------------
// Values.

/** A measure typed with a decimal comma or point ("3,5", "-18.2"); null when it is not a number. */
export function parseMeasure(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value == null) return null;
  const text = value.trim().replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

export interface TParamLimits {
  operation?: TOperation | null;
  min?: number | null;
  max?: number | null;
}

/** Whether a number param's value is within its limits (greater than min, less than max, equal to min, between min and max). */
export const isWithinLimits = (limits: TParamLimits, value: number) =>
  isReadingCompliant({ operation: limits.operation ?? 'noFormat', minValue: limits.min ?? null, maxValue: limits.max ?? null }, value);

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
  facilities: z.array(ZUuid).min(1).max(1000),
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
// Response schemas (the allow-list of what leaves the server).

const ZRef = z.object({ _id: z.string(), name: z.string() });
export const ZRegisterItemOut = z.object({
  _id: z.string(),
  type: z.enum(ITEM_KINDS),
  name: z.string(),
  fieldType: z.enum(PARAM_TYPES),
  selectOption: z.string().nullable(),
  unit: z.string().nullable(),
  operation: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  required: z.boolean(),
  position: z.number(),
});
export const ZRegisterSectionOut = z.object({
  _id: z.string(),
  template: z.string(),
  title: z.string(),
  position: z.number(),
  fields: z.array(ZRegisterItemOut),
  params: z.array(ZRegisterItemOut),
});
export const ZRegisterTemplateCan = z.object({ update: z.boolean(), delete: z.boolean(), duplicate: z.boolean() });
export const ZRegisterTemplateOut = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  language: z.string(),
  reportType: z.string(),
  registerType: z.string().nullable(),
  category: ZRef.nullable(),
  order: z.number(),
  sections: z.array(ZRegisterSectionOut),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: ZRegisterTemplateCan,
});
export const ZRegisterCan = z.object({ update: z.boolean(), delete: z.boolean(), write: z.boolean(), correct: z.boolean(), openClose: z.boolean() });
export const ZRegisterOut = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  areaAccess: z.enum(AREA_ACCESSES),
  classification: z.enum(CLASSIFICATIONS),
  template: ZRef,
  client: ZRef,
  category: ZRef.nullable(),
  establishments: z.union([z.literal('all'), z.array(ZRef)]),
  areas: z.union([z.literal('all'), z.array(ZRef)]),
  establishmentsTotal: z.number(),
  areasTotal: z.number(),
  typologies: z.array(ZRef),
  period: z.enum(FREQUENCIES),
  frequency: z.enum(FREQUENCIES),
  takesPerDay: z.number(),
  manualCompletion: z.boolean(),
  dailyDisabled: z.boolean(),
  hasData: z.boolean(),
  status: z.enum(REGISTER_STATUSES),
  createdAt: z.string(),
  can: ZRegisterCan,
});
export const ZLogValueOut = z.object({ param: z.string(), value: z.union([z.string(), z.number(), z.null()]), outOfRange: z.boolean() });
export const ZLogEntryOut = z.object({
  _id: z.string(),
  facility: z.string(),
  date: z.string(),
  slot: z.string(),
  take: z.number(),
  values: z.array(ZLogValueOut),
  fields: z.array(z.object({ field: z.string(), value: z.union([z.string(), z.number(), z.null()]) })),
  completed: z.boolean(),
  reason: z.string().nullable(),
  outOfRange: z.boolean(),
  late: z.boolean(),
  enteredBy: ZRef.nullable(),
  enteredAt: z.string(),
});
export const ZCheckRegisterDataOut = z.object({ exists: z.boolean(), entries: z.array(ZLogEntryOut) });
export const ZFacilityDataOut = z.object({
  period: z.tuple([z.string(), z.string()]),
  closed: z.boolean(),
  closedDays: z.array(z.string()),
  takes: z.array(z.object({ slot: z.string(), end: z.string(), take: z.number() })),
  facilities: z.array(ZRef.extend({ establishment: z.string() })),
  entries: z.array(ZLogEntryOut),
});

export type TRegisterTemplateOut = z.infer<typeof ZRegisterTemplateOut>;
export type TRegisterOut = z.infer<typeof ZRegisterOut>;
export type TRegisterInput = z.infer<typeof ZRegisterInput>;
export type TAnswerAdd = z.infer<typeof ZAnswerAdd>;
export type TLogEntryOut = z.infer<typeof ZLogEntryOut>;

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

/** A facility's run of identical values: its first and last take and the entries in it. */
export const ZRepeatedRun = z.object({
  facility: z.string(),
  takes: z.number(),
  from: z.object({ slot: z.string(), take: z.number() }),
  to: z.object({ slot: z.string(), take: z.number() }),
  entries: z.array(z.string()),
});
/** The flags of a grid: late entries (by id) for everyone; repeated runs only for staff (null otherwise). */
export const ZLogFlagsOut = z.object({
  late: z.array(z.string()),
  repeatTakes: z.number(),
  repeated: z.array(ZRepeatedRun).nullable(),
});
/** The log grid with its flags and the template's sections (facility-data's answer: client staff cannot read templates). */
export const ZFacilityDataFlaggedOut = ZFacilityDataOut.extend({ flags: ZLogFlagsOut, sections: z.array(ZRegisterSectionOut) });

export type TRepeatedRun = z.infer<typeof ZRepeatedRun>;
export type TLogFlagsOut = z.infer<typeof ZLogFlagsOut>;
export type TFacilityDataOut = z.infer<typeof ZFacilityDataFlaggedOut>;
export type TCheckRegisterDataOut = z.infer<typeof ZCheckRegisterDataOut>;
export type TRegisterSectionOut = z.infer<typeof ZRegisterSectionOut>;
export type TRegisterItemOut = z.infer<typeof ZRegisterItemOut>;

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
});
export type TLogDownload = z.infer<typeof ZLogDownload>;
/** The Excel's query string: the same options, as text. */
export const ZLogExcelQuery = z.object({
  language: z.enum(LANGUAGES).optional(),
  take: z.coerce.number().int().min(1).max(TAKES_PER_DAY_MAX).optional(),
  annual: z.enum(['true', 'false']).optional(),
  date: ZDay.optional(),
});

// ---------------------------------------------------------------------------------------------
// Register traces (/register-traces; decision 0037).

/** What a register trace is about: a register, its template (and sections, items), its log, a download. */
export const REGISTER_TRACE_SECTIONS = ['registers', 'register-logs', 'template-registers', 'register-sections', 'typologies', 'register-downloads'] as const;
export const ZRegisterTraceOut = z.object({
  _id: z.string(),
  date: z.string(),
  type: z.string(),
  section: z.string(),
  entity: ZRef.nullable(),
  owner: ZRef.nullable(),
  /** What changed, as recorded (the fields set, the log's date, take and facilities…). */
  payload: z.unknown(),
});
export type TRegisterTraceOut = z.infer<typeof ZRegisterTraceOut>;
