import type { TAuditStatus } from '@audit/domain/audits';
import { formatPercent as percentIn } from '@audit/domain/score';
import { formatStoredDay, formatStoredRange, type TDay } from '@audit/domain/dates';

/** How audits read on screen: status colours, dates kept as stored days, scores with one decimal. */
export const STATUS_COLORS: Record<TAuditStatus, string> = { draft: 'default', accepted: 'blue', running: 'processing', finished: 'success' };

/** Audit dates are stored as the UTC start (or end) of their day: they name the day in any zone (packages/domain dates.ts). */
export const formatDay = (iso: string | null | undefined) => formatStoredDay(iso);
export const formatRange = (range: readonly [string, string] | null | undefined) => formatStoredRange(range);

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
 * (the month's last day when it is shorter). `month` counts from 0; `today` is today in the
 * space's time zone (todayInZone), not in the browser's.
 */
export function startDateFor(year: number, month: number, today: TDay): string {
  const [nowYear, nowMonth, nowDate] = today.split('-').map(Number) as [number, number, number];
  const later = year > nowYear || (year === nowYear && month > nowMonth - 1);
  const date = later ? 1 : Math.min(nowDate, daysIn(year, month));
  return utcDay({ year, month, date });
}

/** The year and month (from 0) of a day, as the wizard's period picker holds them. */
export const periodOf = (today: TDay) => ({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) - 1 });

/** [from, to] picked as local days → [UTC start of the first, UTC end of the last]. */
export function utcRange(from: Date, to: Date): [string, string] {
  const day = (d: Date) => ({ year: d.getFullYear(), month: d.getMonth(), date: d.getDate() });
  return [utcDay(day(from)), utcDay(day(to), true)];
}
