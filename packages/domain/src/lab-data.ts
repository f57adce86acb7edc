import { z } from './zod.js';
import { type TBound, zBounded } from './bounds.js';
import { isCalendarDay } from './dates.js';
import { ZSearchBody } from './search.js';

/**
 * Lab data (docs/decisions/0044): laboratory reports with their results, the organisms their
 * result codes name, and the lab incidents a result outside its limits raises (DRAFT → RUNNING →
 * SOLVED, product document §4). Pure: the server runs these rules, the web reads them.
 */

export { LAB_CATEGORIES, LAB_ACCESS_OF, labCategoriesFor, type TLabCategory } from './lab-data-categories.js';
import { LAB_CATEGORIES } from './lab-data-categories.js';

/**
 * Result code → organism (product document §3): the five codes every company starts with. The codes are
 * a nomenclature (decision 0053, `/lab-result-codes`); this list seeds it. The names are Latin.
 */
export const LAB_ORGANISMS = {
  LIS: 'Listeria monocytogenes',
  SAL: 'Salmonella spp.',
  LEG: 'Legionella pneumophila',
  ECO: 'Escherichia coli',
  COL: 'Coliformes',
} as const;
export type TLabResultCode = keyof typeof LAB_ORGANISMS;
export const LAB_RESULT_CODES = Object.keys(LAB_ORGANISMS) as TLabResultCode[];
export const organismOf = (code: string | null | undefined): string | null =>
  code && Object.hasOwn(LAB_ORGANISMS, code) ? LAB_ORGANISMS[code as TLabResultCode] : null;

/** What a result code looks like (uppercase letters and digits); whether it exists is the nomenclature's word. */
export const LAB_RESULT_CODE_FORMAT = /^[A-Z0-9]{1,10}$/;
export const ZLabResultCodeOption = z.object({ code: z.string(), organism: z.string() });
export type TLabResultCodeOption = z.infer<typeof ZLabResultCodeOption>;

// ---------------------------------------------------------------------------------------------
// Results: within limits or not; the report's qualification and score.

/** A measured value (counts of colony-forming units reach millions; pH has decimals). */
export const LAB_VALUE_BOUND: TBound = { min: -999_999_999, max: 999_999_999, decimals: 4 };

export interface TLabLimits {
  value: number;
  minValue: number | null;
  maxValue: number | null;
}

/** A result is qualified when its value is within both limits (a missing limit does not bind). */
export const isWithinLimits = (r: TLabLimits) => (r.minValue === null || r.value >= r.minValue) && (r.maxValue === null || r.value <= r.maxValue);

/** The report is qualified when every result is; its score is the share of qualified results (0–100, whole). */
export function qualificationOf(results: readonly TLabLimits[]): { qualified: boolean; score: number | null } {
  if (!results.length) return { qualified: true, score: null };
  const ok = results.filter(isWithinLimits).length;
  return { qualified: ok === results.length, score: Math.round((ok * 100) / results.length) };
}

// ---------------------------------------------------------------------------------------------
// The lab incident machine (decision 0044): uppercase statuses, as the spec's filter sends them.

export const LAB_INCIDENT_STATUSES = ['DRAFT', 'RUNNING', 'SOLVED'] as const;
export type TLabIncidentStatus = (typeof LAB_INCIDENT_STATUSES)[number];

const LAB_MOVES: Record<TLabIncidentStatus, readonly TLabIncidentStatus[]> = {
  DRAFT: ['RUNNING'],
  RUNNING: ['SOLVED', 'DRAFT'],
  SOLVED: ['RUNNING'],
};
/** Moves out of a status: open it, solve it, put it back to draft, reopen a solved one. */
export const labTransitionsFrom = (from: TLabIncidentStatus): readonly TLabIncidentStatus[] => LAB_MOVES[from];
export const mayMoveLabIncident = (from: TLabIncidentStatus, to: TLabIncidentStatus) => LAB_MOVES[from].includes(to);
/** An incident still to be dealt with: a new out-of-limit result of the same parameter does not open a second one. */
export const isOpenLabIncident = (status: TLabIncidentStatus) => status !== 'SOLVED';

export const LAB_STATUS_COLOURS: Record<TLabIncidentStatus, string> = { DRAFT: 'default', RUNNING: 'blue', SOLVED: 'green' };

// ---------------------------------------------------------------------------------------------
// Schemas of the calls.

export const LAB_TEXT_MAX = 200;
export const LAB_RESULTS_MAX = 100;
const ZText = (max: number) => z.string().trim().min(1).max(max);
const ZOptionalText = (max: number) => z.string().trim().max(max).nullish();
export const ZLabDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(isCalendarDay, 'YYYY-MM-DD');

const ZLabValue = zBounded(LAB_VALUE_BOUND);

export const ZLabResultInput = z
  .object({
    parameter: ZText(LAB_TEXT_MAX),
    value: ZLabValue,
    unit: ZOptionalText(40),
    minValue: ZLabValue.nullish(),
    maxValue: ZLabValue.nullish(),
  })
  .refine((r) => r.minValue == null || r.maxValue == null || r.minValue <= r.maxValue, { message: 'min ≤ max', path: ['maxValue'] });
export type TLabResultInput = z.input<typeof ZLabResultInput>;

export const ZLabReportInput = z.object({
  category: z.enum(LAB_CATEGORIES),
  number: ZText(60),
  /** The establishment, or an area of it (the measuring point). */
  space: z.string().uuid(),
  /** A code of the result-codes nomenclature (decision 0053). */
  resultCode: z.string().trim().toUpperCase().regex(LAB_RESULT_CODE_FORMAT).nullish(),
  result: ZOptionalText(LAB_TEXT_MAX),
  extractionDate: ZLabDay,
  /** The laboratory's certificate: a PDF uploaded by POST /files/upload. */
  pdf: z.string().uuid().nullish(),
  results: z.array(ZLabResultInput).max(LAB_RESULTS_MAX).default([]),
});
export type TLabReportInput = z.input<typeof ZLabReportInput>;

export const ZLabReportPatch = ZLabReportInput.omit({ category: true }).partial();
export type TLabReportPatch = z.input<typeof ZLabReportPatch>;

const ZRef = z.object({ _id: z.string(), name: z.string() });

export const ZLabResultOut = z.object({
  _id: z.string(),
  parameter: z.string(),
  value: z.number(),
  unit: z.string().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  qualified: z.boolean(),
});
export type TLabResultOut = z.infer<typeof ZLabResultOut>;

export const ZLabReportOut = z.object({
  _id: z.string(),
  category: z.enum(LAB_CATEGORIES),
  number: z.string(),
  resultCode: z.string().nullable(),
  organism: z.string().nullable(),
  result: z.string().nullable(),
  extractionDate: z.string(),
  client: ZRef.nullable(),
  establishment: ZRef.nullable(),
  /** The measuring point: an area of the establishment, or none. */
  measuringPoint: ZRef.nullable(),
  qualified: z.boolean(),
  score: z.number().nullable(),
  results: z.array(ZLabResultOut),
  pdf: z.object({ _id: z.string(), url: z.string(), name: z.string().nullable() }).nullable(),
  openIncidents: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TLabReportOut = z.infer<typeof ZLabReportOut>;

export const ZLabSearchBody = ZSearchBody;

export const ZLabIncidentOut = z.object({
  _id: z.string(),
  status: z.enum(LAB_INCIDENT_STATUSES),
  category: z.enum(LAB_CATEGORIES),
  parameter: z.string(),
  value: z.number(),
  unit: z.string().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  report: z.object({ _id: z.string(), number: z.string() }),
  place: z.string().nullable(),
  openDate: z.string(),
  changedBy: ZRef.nullable(),
  changedAt: z.string().nullable(),
  moves: z.array(z.enum(LAB_INCIDENT_STATUSES)),
  can: z.object({ changeStatus: z.boolean() }),
});
export type TLabIncidentOut = z.infer<typeof ZLabIncidentOut>;

export const ZLabIncidentStatusChange = z.object({ status: z.enum(LAB_INCIDENT_STATUSES) });

/** The CSV import: the file's text (read by the browser), the page's category and the establishment it belongs to. */
export const LAB_CSV_MAX_CHARS = 1_000_000;
/** The largest Excel file the import takes (1 MB), and that size in base64. */
export const LAB_XLSX_MAX_BYTES = 1_000_000;
export const LAB_XLSX_MAX_BASE64 = Math.ceil(LAB_XLSX_MAX_BYTES / 3) * 4;
export const ZLabImportBody = z
  .object({
    category: z.enum(LAB_CATEGORIES),
    space: z.string().uuid(),
    /** The text of a CSV file; or, instead, */
    csv: z.string().min(1).max(LAB_CSV_MAX_CHARS).optional(),
    /** an Excel workbook (.xlsx) in base64: its first sheet is read like the CSV (decision 0053). */
    xlsx: z
      .string()
      .min(1)
      .max(LAB_XLSX_MAX_BASE64)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/)
      .optional(),
  })
  .refine((b) => (b.csv === undefined) !== (b.xlsx === undefined), { path: ['csv'], message: 'csv or xlsx' });
export type TLabImportBody = z.input<typeof ZLabImportBody>;

export const ZLabImportRowError = z.object({ row: z.number(), field: z.string(), problem: z.string() });
export const ZLabImportPreview = z.object({
  reports: z.array(
    z.object({
      number: z.string(),
      extractionDate: z.string().nullable(),
      measuringPoint: z.string().nullable(),
      resultCode: z.string().nullable(),
      results: z.number(),
      outOfLimits: z.number(),
    }),
  ),
  rows: z.number(),
  errors: z.array(ZLabImportRowError),
});
export type TLabImportPreview = z.infer<typeof ZLabImportPreview>;
export const ZLabImportDone = z.object({ reports: z.number(), results: z.number(), incidents: z.number() });

/** Where a report may be placed: the establishments of the caller's scope with their areas (the forms' pickers). */
export const ZLabPlace = z.object({
  _id: z.string(),
  name: z.string(),
  client: z.string().nullable(),
  areas: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type TLabPlace = z.infer<typeof ZLabPlace>;
