import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { DEFAULT_FILTER, QUICK_RANGES, daysOf, parseStoredFilter, quickRangeDays, toStatisticsBody } from './statisticsFilter';
import { filterStorageKey } from './useStoredFilter';

const UUID = '11111111-1111-4111-8111-111111111111';

describe('the statistics filter bar’s quick ranges (calls document section 9), with a fixed clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // 23:30 UTC on Tuesday 31 March 2026 is already Wednesday 1 April in Madrid (UTC+2 in summer time).
    vi.setSystemTime(new Date('2026-03-31T23:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts every quick range from the space’s calendar day, not the UTC one', () => {
    const today = todayInZone('Europe/Madrid');
    expect(today).toBe('2026-04-01');
    expect(Object.fromEntries(QUICK_RANGES.map((range) => [range, quickRangeDays(range, dayjs(today))]))).toEqual({
      today: { from: '2026-04-01', to: '2026-04-01' },
      // dayjs's default week starts on Sunday (the same as every list's picker presets).
      thisWeek: { from: '2026-03-29', to: '2026-04-04' },
      last7Days: { from: '2026-03-26', to: '2026-04-01' },
      thisMonth: { from: '2026-04-01', to: '2026-04-30' },
      last30Days: { from: '2026-03-03', to: '2026-04-01' },
      lastMonth: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(todayInZone('UTC')).toBe('2026-03-31');
  });

  it('crosses a year and a leap February', () => {
    expect(quickRangeDays('lastMonth', dayjs('2024-03-15'))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(quickRangeDays('last7Days', dayjs('2026-01-03'))).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(quickRangeDays('lastMonth', dayjs('2026-01-03'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('keeps a quick range by its name: stored today, it still means "this month" next month', () => {
    const filter = { range: 'thisMonth' as const };
    expect(daysOf(filter, '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(daysOf(filter, '2026-05-20')).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(daysOf({ range: 'custom', from: '2026-01-05', to: '2026-02-01' }, '2026-05-20')).toEqual({ from: '2026-01-05', to: '2026-02-01' });
    expect(daysOf({ range: 'all' }, '2026-05-20')).toEqual({});
  });
});

describe('the filter as the statistics calls’ body', () => {
  it('leaves empty lists out and sends the days', () => {
    expect(toStatisticsBody({ range: 'today', clients: [], establishments: [UUID], riskLevels: ['high'] }, '2026-04-01')).toEqual({
      from: '2026-04-01',
      to: '2026-04-01',
      establishments: [UUID],
      riskLevels: ['high'],
    });
    expect(toStatisticsBody({ range: 'all' }, '2026-04-01')).toEqual({});
  });

  it('reads a stored filter back, and anything malformed as the default (every date)', () => {
    expect(parseStoredFilter(JSON.stringify({ range: 'lastMonth', establishments: [UUID] }))).toMatchObject({ range: 'lastMonth', establishments: [UUID] });
    expect(parseStoredFilter(JSON.stringify({ range: 'custom', from: '2026-01-01', to: '2026-01-31' }))).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    for (const bad of [
      null,
      '',
      '{',
      '"x"',
      JSON.stringify({ range: 'nextYear' }),
      JSON.stringify({ range: 'custom', from: '2026-02-01', to: '2026-01-01' }),
    ]) {
      expect(parseStoredFilter(bad)).toEqual(DEFAULT_FILTER);
    }
    expect(parseStoredFilter(JSON.stringify({ range: 'today', clients: [1, 2] })).clients).toBeUndefined();
  });

  it('is kept per user and per screen', () => {
    expect(filterStorageKey('resume', 'u1')).not.toBe(filterStorageKey('resume', 'u2'));
    expect(filterStorageKey('resume', 'u1')).not.toBe(filterStorageKey('analytics-client', 'u1'));
  });
});
