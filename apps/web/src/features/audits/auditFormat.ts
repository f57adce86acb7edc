import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { TAuditStatus } from '@audit/domain/audits';
import { formatPercent as percentIn } from '@audit/domain/score';

dayjs.extend(utc);

/** How audits read on screen: status colours, dates kept as UTC days, scores with one decimal. */
export const STATUS_COLORS: Record<TAuditStatus, string> = { draft: 'default', accepted: 'blue', running: 'processing', finished: 'success' };

export const DAY_FORMAT = 'DD-MM-YYYY';

/** Audit dates are stored as UTC start (or end) of day: read them in UTC so the day never shifts. */
export const formatDay = (iso: string | null | undefined) => (iso ? dayjs.utc(iso).format(DAY_FORMAT) : '');
export const formatRange = (range: readonly [string, string] | null | undefined) => (range ? `${formatDay(range[0])} – ${formatDay(range[1])}` : '');

/** 85.25 → "85,3 %" (es) / "85.3 %" (en); null → "". */
export const formatPercent = (value: number | null | undefined, language: string) => percentIn(value, language, '');

/** A calendar day (the picker's local date) as the ISO instant of its UTC start or end. */
export function utcDay(day: { year: number; month: number; date: number }, end = false): string {
  const ms = end ? Date.UTC(day.year, day.month, day.date, 23, 59, 59, 999) : Date.UTC(day.year, day.month, day.date);
  return new Date(ms).toISOString();
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The audit's start date from the chosen year and month (product document, section 5): a month
 * later than the current one starts on day 1; otherwise the current day of the month is kept
 * (the month's last day when it is shorter). `month` counts from 0.
 */
export function startDateFor(year: number, month: number, now: Date = new Date()): string {
  const later = year > now.getFullYear() || (year === now.getFullYear() && month > now.getMonth());
  const date = later ? 1 : Math.min(now.getDate(), daysIn(year, month));
  return utcDay({ year, month, date });
}

/** [from, to] picked as local days → [UTC start of the first, UTC end of the last]. */
export function utcRange(from: Date, to: Date): [string, string] {
  const day = (d: Date) => ({ year: d.getFullYear(), month: d.getMonth(), date: d.getDate() });
  return [utcDay(day(from)), utcDay(day(to), true)];
}
