import { z } from './zod.js';

/**
 * Bounds of every number a user types (decision 0026), in one place: the server's schemas and the
 * web forms both read them, so the form refuses before saving exactly what the server would refuse.
 * `decimals` is the most decimal places kept (0: whole numbers).
 */
export interface TBound {
  min: number;
  max: number;
  decimals: number;
}

const bound = (min: number, max: number, decimals: number): TBound => ({ min, max, decimals });

export const BOUNDS = {
  /** An incident template's deduction of the audit score, a percentage. */
  deductionPercentage: bound(0, 100, 2),
  /** A select option's score (positive or negative). */
  optionScore: bound(-1000, 1000, 2),
  /** A service's price in euros, with cents. */
  servicePrice: bound(0, 999_999.99, 2),
  /** A service's execution time (hours). */
  executionTime: bound(0, 10_000, 2),
  /** Answers of number questions and number cover fields. */
  numberAnswer: bound(-999_999, 999_999, 4),
  /** Pool counts (reported, audited, not audited). */
  poolCount: bound(0, 9_999, 0),
  /** Limits of a reading option (and readings) of a unit without a physical range. */
  reading: bound(-999_999, 999_999, 4),
} as const satisfies Record<string, TBound>;

export type TBoundName = keyof typeof BOUNDS;

/** Readings per unit: temperatures not below absolute zero nor above an oven's; pH 0 to 14; amounts not negative. */
export const READING_BOUNDS: Record<string, TBound> = {
  celsius: bound(-273.15, 1000, 2),
  fahrenheit: bound(-459.67, 1832, 2),
  ph: bound(0, 14, 2),
  chlorine: bound(0, 999_999, 4),
  co2: bound(0, 999_999, 4),
  atp: bound(0, 999_999, 4),
  ppm: bound(0, 999_999, 4),
  mm: bound(0, 999_999, 4),
  cm: bound(0, 999_999, 4),
  m: bound(0, 999_999, 4),
  m2: bound(0, 999_999, 4),
  m3: bound(0, 999_999, 4),
};
export const readingBound = (measure: string | null | undefined): TBound => (measure && READING_BOUNDS[measure]) || BOUNDS.reading;

/** Number cover and contact fields: pool counts are whole and not negative. */
export const POOL_COUNT_FIELDS = ['pools_reported', 'pools_audited', 'pools_not_audited'];
export const fieldBound = (type: string): TBound | null =>
  type === 'number' ? BOUNDS.numberAnswer : POOL_COUNT_FIELDS.includes(type) ? BOUNDS.poolCount : null;

export type TBoundProblem = 'notNumber' | 'tooSmall' | 'tooLarge' | 'decimals';

const decimalsOf = (value: number) => {
  const text = String(value);
  if (/e/i.test(text)) return Number.POSITIVE_INFINITY;
  return text.includes('.') ? text.split('.')[1]!.length : 0;
};

/** What is wrong with a value for a bound, or null when it fits. */
export function boundProblem(value: number, b: TBound): TBoundProblem | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'notNumber';
  if (value < b.min) return 'tooSmall';
  if (value > b.max) return 'tooLarge';
  if (decimalsOf(value) > b.decimals) return 'decimals';
  return null;
}

/** A zod number within a bound (too_small / too_big issues, which the server answers as VAL0001). */
export function zBounded(b: TBound) {
  const base = z.number().finite().min(b.min).max(b.max);
  return base.refine((v) => boundProblem(v, b) !== 'decimals', { message: `at most ${b.decimals} decimals`, params: { bound: true } });
}

/**
 * A number as a person types it: a point or a comma as the decimal mark, no exponent, no thousands
 * separators. "1e9" is not a number here (never silently read as something else).
 */
export function parseTypedNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!trimmed) return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** A bound for display: "0 – 100", in the reader's locale. */
export function formatBound(b: TBound, language: string): { min: string; max: string } {
  const f = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'es-ES', { maximumFractionDigits: b.decimals, useGrouping: true });
  return { min: f.format(b.min), max: f.format(b.max) };
}
