import { addDays, type TDay } from '@audit/domain/dates';

/** The calendar's views and the days each shows (weeks start on Monday, as in Spain). */
export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type TCalendarView = (typeof CALENDAR_VIEWS)[number];

/** Day of the week, Monday 0 … Sunday 6. */
export const weekdayOf = (day: TDay) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
export const mondayOf = (day: TDay) => addDays(day, -weekdayOf(day));
const firstOfMonth = (day: TDay) => `${day.slice(0, 8)}01`;
const lastOfMonth = (day: TDay) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return `${day.slice(0, 8)}${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The month grid: whole weeks from the Monday before the 1st to the Sunday after the last day. */
export function monthWeeks(anchor: TDay): TDay[][] {
  const start = mondayOf(firstOfMonth(anchor));
  const end = addDays(mondayOf(lastOfMonth(anchor)), 6);
  const weeks: TDay[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  return weeks;
}

export const weekDays = (anchor: TDay) => Array.from({ length: 7 }, (_, i) => addDays(mondayOf(anchor), i));

/** The days a view reads: the month grid (list: the month itself), or the week. */
/** The view the calendar opens on: the month grid, or the list on a phone. */
export const openingView = (phone: boolean): TCalendarView => (phone ? 'list' : 'month');

export function rangeOf(view: TCalendarView, anchor: TDay): { from: TDay; to: TDay } {
  if (view === 'week') return { from: mondayOf(anchor), to: addDays(mondayOf(anchor), 6) };
  if (view === 'list') return { from: firstOfMonth(anchor), to: lastOfMonth(anchor) };
  const weeks = monthWeeks(anchor);
  return { from: weeks[0]![0]!, to: weeks.at(-1)![6]! };
}

/** Previous / next period: a week, or the same day of the month before/after (clamped to its end). */
export function shift(view: TCalendarView, anchor: TDay, by: 1 | -1): TDay {
  if (view === 'week') return addDays(anchor, 7 * by);
  const [y, m] = anchor.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 10);
  return first;
}

export { daysBetween } from '@audit/domain/dates';
