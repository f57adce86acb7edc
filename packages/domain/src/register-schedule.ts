import { addDays, dayInZone, type TDay } from './dates.js';
import { isReadingCompliant, type TOperation } from './templates.js';

/**
 * Registers (product document sections 2 to 6; docs/decisions/0031): periodic checklists per
 * facility. Their constants and the pure rules the server and the web share: which takes are due
 * on which day (in the space's time zone), whether a reading is within its limits. The calls'
 * schemas are in register-requests.ts and register-responses.ts; registers.ts gathers all three.
 */

// In constants.ts: users.ts needs it, and the sign-in page's code should not build the registers' schemas.
export { AREA_ACCESSES, type TAreaAccess } from './constants.js';
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
 * order. Takes of slots starting after today are not yet due, and takes whose window ended before
 * `since` (the day the register was created, in its space's zone) never were: a register created
 * on the 29th owes nothing for the 1st to the 28th (decision 0064).
 */
export function dueTakes(schedule: TSchedule, day: TDay, today: TDay, since?: TDay): TDueTake[] {
  const [start, end] = periodOf(schedule.period, day);
  const takes = takesPerSlot(schedule);
  const due: TDueTake[] = [];
  for (let slot = start; slot <= end && slot <= today;) {
    const { end: slotEnd } = takeSlotOf(schedule, slot);
    if (!since || slotEnd >= since) for (let take = 1; take <= takes; take++) due.push({ slot, end: slotEnd, take });
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
