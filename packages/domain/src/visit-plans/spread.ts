import { isOpenMonth, visitDaysOfMonth, type TVisitWindow } from '../visits/window.js';

/**
 * The spreading of a contract's yearly visits over the plan (decision 0089). Pure: the server
 * generates the plan with it, the bench measures it, the tests pin it. Every day it gives is one
 * the shared visit-window rule (visits/window.ts) allows; it has no rule of its own.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** `count` slots spread evenly over `size` places: slot i goes to the middle of its share. */
const evenly = (count: number, size: number) => Array.from({ length: count }, (_, i) => Math.floor(((2 * i + 1) * size) / (2 * count)));

/**
 * `count` visit days (YYYY-MM-DD, in order) in `year`, spread evenly over the months the window is
 * open and, inside a month, over its allowed days; only days between `from` and `to` (inclusive,
 * YYYY-MM-DD) when given. A month with no allowed day is skipped. More visits than allowed days
 * share days. No allowed day in the whole year: none (the caller reports them as unplaced).
 */
export function spreadVisits(input: { year: number; count: number; window: TVisitWindow; from?: string | null; to?: string | null }): string[] {
  const { year, count, window } = input;
  if (count <= 0) return [];
  const inPeriod = (day: string) => (!input.from || day >= input.from) && (!input.to || day <= input.to);
  const months: { days: string[] }[] = [];
  for (let month = 1; month <= 12; month += 1) {
    if (!isOpenMonth(window, month)) continue;
    const days = visitDaysOfMonth(window, year, month)
      .map((d) => dayText(year, month, d))
      .filter(inPeriod);
    if (days.length) months.push({ days });
  }
  if (!months.length) return [];
  const perMonth = new Array<number>(months.length).fill(0);
  for (const m of evenly(count, months.length)) perMonth[m]! += 1;
  return months.flatMap((m, i) => evenly(perMonth[i]!, m.days.length).map((d) => m.days[d]!));
}

/** How many of `count` visits each of `places` gets: equal shares, the remainder from `offset` on. */
export function shareVisits(count: number, places: number, offset = 0): number[] {
  if (places <= 0) return [];
  const base = Math.floor(count / places);
  const rest = count % places;
  return Array.from({ length: places }, (_, i) => base + ((((i - offset) % places) + places) % places < rest ? 1 : 0));
}

export interface TPlanLine {
  service: string;
  quantity: number;
}
export interface TPlanPlace {
  id: string;
  window: TVisitWindow;
}
export interface TPlannedSlot {
  establishment: string;
  service: string;
  /** The nth visit (1..) of this service at this establishment in the year: the slot's identity. */
  seq: number;
  /** The day, or null when the establishment has no allowed day in the period. */
  date: string | null;
}

/**
 * A contract's plan for a year: each line's yearly quantity is the client's, shared among its
 * establishments (the remainder goes round, a line further on each time), each share spread over
 * that establishment's own window.
 */
export function planContract(input: {
  year: number;
  lines: readonly TPlanLine[];
  places: readonly TPlanPlace[];
  from?: string | null;
  to?: string | null;
}): TPlannedSlot[] {
  // Two lines of one service are one yearly quantity (the slot is named by service and number).
  const byService = new Map<string, number>();
  for (const l of input.lines) byService.set(l.service, (byService.get(l.service) ?? 0) + l.quantity);
  const slots: TPlannedSlot[] = [];
  let offset = 0;
  for (const [service, quantity] of byService) {
    const line = { service, quantity };
    const shares = shareVisits(line.quantity, input.places.length, offset);
    offset += line.quantity % Math.max(1, input.places.length);
    input.places.forEach((place, p) => {
      const count = shares[p]!;
      const days = spreadVisits({ year: input.year, count, window: place.window, from: input.from, to: input.to });
      for (let i = 0; i < count; i += 1) slots.push({ establishment: place.id, service: line.service, seq: i + 1, date: days[i] ?? null });
    });
  }
  return slots;
}
