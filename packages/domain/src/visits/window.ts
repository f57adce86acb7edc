/**
 * A client's visit window (product document §3, the client's fields): the months it is open
 * (openMonth..closeMonth, 1–12, wrapping over the new year when open > close, e.g. October to March),
 * the days of the month a visit may fall on (visitDays, 1–31; none listed = any day) and the days it
 * may not (notVisitDays). An establishment's own fields, when it has them, replace its client's.
 *
 * One rule for everything that places a visit: moving an audit's date in the calendar, and spreading
 * a contract's yearly visits over the plan. Both read the reason a day is refused from here.
 */
export type TVisitWindow = {
  openMonth: number | null;
  closeMonth: number | null;
  visitDays: readonly number[];
  notVisitDays: readonly number[];
};

/** Why a day is refused; `null` when a visit may fall on it. */
export type TVisitRefusal = 'closedMonth' | 'notVisitDay' | 'notOnVisitDays';

export type TStructureWindowFields = {
  openMonth?: number | null;
  closeMonth?: number | null;
  visitDays?: readonly number[] | null;
  notVisitDays?: readonly number[] | null;
};

/** The window of an establishment: each of its own fields that is set, else its client's. */
export function visitWindowOf(own: TStructureWindowFields | null | undefined, client: TStructureWindowFields | null | undefined): TVisitWindow {
  const months = own?.openMonth != null || own?.closeMonth != null ? own : client;
  const listed = (list: readonly number[] | null | undefined) => (list && list.length > 0 ? list : null);
  return {
    openMonth: months?.openMonth ?? null,
    closeMonth: months?.closeMonth ?? null,
    visitDays: listed(own?.visitDays) ?? listed(client?.visitDays) ?? [],
    notVisitDays: listed(own?.notVisitDays) ?? listed(client?.notVisitDays) ?? [],
  };
}

/** Whether the month (1–12) is inside the open months; no months set = open all year. */
export function isOpenMonth(window: TVisitWindow, month: number): boolean {
  const { openMonth: open, closeMonth: close } = window;
  if (open == null && close == null) return true;
  const from = open ?? 1;
  const to = close ?? 12;
  return from <= to ? month >= from && month <= to : month >= from || month <= to;
}

/**
 * Why a visit may not fall on this calendar day (year, month 1–12, day 1–31 of the client's own
 * calendar: the caller turns an instant into the space's local date first), or null.
 */
export function visitRefusal(window: TVisitWindow, day: { month: number; day: number }): TVisitRefusal | null {
  if (!isOpenMonth(window, day.month)) return 'closedMonth';
  if (window.notVisitDays.includes(day.day)) return 'notVisitDay';
  if (window.visitDays.length > 0 && !window.visitDays.includes(day.day)) return 'notOnVisitDays';
  return null;
}

/** The days of a month (1–12) a visit may fall on, in order. */
export function visitDaysOfMonth(window: TVisitWindow, year: number, month: number): number[] {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const days: number[] = [];
  for (let day = 1; day <= last; day += 1) if (visitRefusal(window, { month, day }) === null) days.push(day);
  return days;
}
