import dayjs, { type Dayjs } from 'dayjs';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { RISK_LEVELS } from '@audit/domain/constants';
import { quickDayRanges, type TQuickRange } from '../../../ui/DateRangeFilter';

export type TRiskLevel = (typeof RISK_LEVELS)[number];

/**
 * What the statistics filter bar holds (decision 0079): a quick range or a custom day range, and the
 * lists of the spec's filters. Days are 'YYYY-MM-DD' calendar days of the space's zone; a quick
 * range is kept by its name, so "this month" stays this month when the screen is opened next week.
 */
export interface TBarFilter {
  /** A quick range's name, 'custom' for the days below, or 'all' for no date limit. */
  range: TQuickRange | 'custom' | 'all';
  from?: string;
  to?: string;
  clients?: string[];
  establishments?: string[];
  areas?: string[];
  services?: string[];
  templates?: string[];
  categories?: string[];
  riskLevels?: TRiskLevel[];
}

export const QUICK_RANGES: readonly TQuickRange[] = ['today', 'thisWeek', 'last7Days', 'thisMonth', 'last30Days', 'lastMonth'];
/** A first visit shows every date: audits come monthly or less, so a short range opens empty (decision 0079). */
export const DEFAULT_FILTER: TBarFilter = { range: 'all' };

const DAY = 'YYYY-MM-DD';

/** The days of a quick range counted from `today` (a calendar day), both included. */
export function quickRangeDays(range: TQuickRange, today: Dayjs): { from: string; to: string } {
  const found = quickDayRanges(today).find((r) => r.key === range)!;
  return { from: found.value[0].format(DAY), to: found.value[1].format(DAY) };
}

/** The days the filter covers on `today` (none for 'all'). */
export function daysOf(filter: TBarFilter, today: string): { from?: string; to?: string } {
  if (filter.range === 'all') return {};
  if (filter.range === 'custom') return { from: filter.from, to: filter.to };
  return quickRangeDays(filter.range, dayjs(today));
}

const list = <T>(values: T[] | undefined) => (values?.length ? values : undefined);

/** The statistics calls' body (decision 0078): empty lists left out, the range resolved to days. */
export function toStatisticsBody(filter: TBarFilter, today: string): TStatisticsFilter {
  const body: TStatisticsFilter = {
    ...daysOf(filter, today),
    clients: list(filter.clients),
    establishments: list(filter.establishments),
    areas: list(filter.areas),
    services: list(filter.services),
    templates: list(filter.templates),
    categories: list(filter.categories),
    riskLevels: list(filter.riskLevels),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as TStatisticsFilter;
}

const ids = (value: unknown) => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined);
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid();

/** A stored filter read back: anything malformed (an old version, a hand edit) falls back to the default. */
export function parseStoredFilter(raw: string | null): TBarFilter {
  if (!raw) return DEFAULT_FILTER;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const range = value.range;
    const custom = range === 'custom' && isDay(value.from) && isDay(value.to) && value.from <= value.to;
    const known = range === 'all' || custom || QUICK_RANGES.includes(range as TQuickRange);
    if (!known) return DEFAULT_FILTER;
    return {
      range: range as TBarFilter['range'],
      ...(custom ? { from: value.from as string, to: value.to as string } : {}),
      clients: ids(value.clients),
      establishments: ids(value.establishments),
      areas: ids(value.areas),
      services: ids(value.services),
      templates: ids(value.templates),
      categories: ids(value.categories),
      riskLevels: ids(value.riskLevels) as TRiskLevel[] | undefined,
    };
  } catch {
    return DEFAULT_FILTER;
  }
}
