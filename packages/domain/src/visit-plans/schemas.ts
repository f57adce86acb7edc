import { z } from '../zod.js';
import { isCalendarDay } from '../dates.js';
import { zIdList } from '../search.js';

/**
 * The visit plan (decision 0089): what an active service contract's yearly quantities turn into.
 * A planned visit is a proposal the office confirms (it becomes an audit), moves or drops.
 */
export const PLANNED_VISIT_STATUSES = ['PROPOSED', 'CONFIRMED', 'DROPPED'] as const;
export type TPlannedVisitStatus = (typeof PLANNED_VISIT_STATUSES)[number];

/** The plan is by calendar year; a year far from today is no plan anyone makes. */
export const PLAN_YEARS = { min: 2000, max: 2100 } as const;
const ZYear = z.coerce.number().int().min(PLAN_YEARS.min).max(PLAN_YEARS.max);
const ZDay = z.string().max(10).refine(isCalendarDay, { message: 'a calendar day YYYY-MM-DD' });
/** At most this many visits confirmed in one call (each becomes an audit). */
export const CONFIRM_LIMIT = 200;

export const ZVisitPlanGenerate = z.object({ contract: z.string().uuid(), year: ZYear });
export type TVisitPlanGenerate = z.input<typeof ZVisitPlanGenerate>;

export const ZVisitPlanGenerated = z.object({
  /** Slots new in this run; slots already there are kept as the office left them. */
  created: z.number(),
  /** Untouched proposals placed again (the window changed); confirmed, moved and dropped ones never are. */
  updated: z.number(),
  /** Untouched proposals no longer in the plan (an establishment added or closed). */
  removed: z.number(),
  /** Visits the plan holds for this contract and year, dropped ones aside. */
  planned: z.number(),
  /** Visits with no allowed day in the period (the establishment's window allows none). */
  unplaced: z.number(),
});
export type TVisitPlanGenerated = z.infer<typeof ZVisitPlanGenerated>;

/** Every active contract in force some day of the year, at once (what the office does each January). */
export const ZVisitPlanGenerateYear = z.object({ year: ZYear });
export type TVisitPlanGenerateYear = z.input<typeof ZVisitPlanGenerateYear>;
/** The same counts, summed over the contracts generated. */
export const ZVisitPlanYearGenerated = ZVisitPlanGenerated.extend({ contracts: z.number() });
export type TVisitPlanYearGenerated = z.infer<typeof ZVisitPlanYearGenerated>;

export const ZVisitPlanVisitsQuery = z.object({ year: ZYear, client: z.string().uuid(), contract: z.string().uuid().optional() });

export const ZVisitPlanConfirm = z.object({
  visits: zIdList(CONFIRM_LIMIT),
  /** The auditor for visits that have none assigned yet. */
  auditor: z.string().uuid().optional(),
  /** The template; absent, the one template the service's goal offers at the establishment. */
  template: z.string().uuid().optional(),
});
export type TVisitPlanConfirm = z.input<typeof ZVisitPlanConfirm>;

/** Move a proposal (its new day must be allowed by the window) and/or give it an auditor (null: none). */
export const ZVisitPlanPatch = z
  .object({ date: ZDay.optional(), auditor: z.string().uuid().nullable().optional() })
  .refine((v) => v.date !== undefined || v.auditor !== undefined, { message: 'a date or an auditor', path: ['date'] });
export type TVisitPlanPatch = z.input<typeof ZVisitPlanPatch>;

const ZRef = z.object({ _id: z.string(), name: z.string() });
export const ZVisitWindowOut = z.object({
  openMonth: z.number().nullable(),
  closeMonth: z.number().nullable(),
  visitDays: z.array(z.number()),
  notVisitDays: z.array(z.number()),
});

export const ZPlannedVisit = z.object({
  _id: z.string(),
  contract: z.object({ _id: z.string(), reference: z.string().nullable() }),
  client: z.object({ _id: z.string() }),
  establishment: ZRef,
  service: ZRef,
  year: z.number(),
  seq: z.number(),
  /** The day the plan gave it; `date` differs when the office moved it. */
  plannedDate: z.string().nullable(),
  date: z.string().nullable(),
  moved: z.boolean(),
  status: z.enum(PLANNED_VISIT_STATUSES),
  auditor: ZRef.nullable(),
  /** The audit a confirmed visit became. */
  audit: z.string().nullable(),
  /** The establishment's visit window (its own fields over its client's), to say why a day is refused. */
  window: ZVisitWindowOut,
});
export type TPlannedVisit = z.infer<typeof ZPlannedVisit>;

const ZCounts = z.object({
  /** Visits the contracts hire for the year (the lines' yearly quantities). */
  hired: z.number(),
  /** Proposed + confirmed (dropped ones aside). */
  planned: z.number(),
  proposed: z.number(),
  confirmed: z.number(),
  /** Audits finished in the year of the hired services. */
  done: z.number(),
  /** Fewer planned than hired, or fewer done than the planned visits whose day has passed. */
  behind: z.boolean(),
});
export type TVisitPlanCounts = z.infer<typeof ZCounts>;

export const ZVisitPlanSummaryQuery = z.object({ year: ZYear, client: z.string().uuid().optional() });
export const ZVisitPlanSummary = z.object({
  year: z.number(),
  clients: z.array(
    ZCounts.extend({
      client: ZRef,
      contracts: z.array(ZCounts.extend({ _id: z.string(), reference: z.string().nullable(), status: z.string(), generated: z.boolean() })),
    }),
  ),
});
export type TVisitPlanSummary = z.infer<typeof ZVisitPlanSummary>;
