import { describe, expect, it } from 'vitest';
import { daysBetween, monthWeeks, rangeOf, shift, weekDays } from './days';

describe('calendar days', () => {
  it('a month grid is whole weeks from Monday', () => {
    const weeks = monthWeeks('2026-12-15');
    expect(weeks[0]![0]).toBe('2026-11-30');
    expect(weeks.at(-1)![6]).toBe('2027-01-03');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
  it('a week is Monday to Sunday', () => {
    expect(weekDays('2026-11-29')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });
  it('ranges and moves by view', () => {
    expect(rangeOf('list', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('week', '2026-02-10')).toEqual({ from: '2026-02-09', to: '2026-02-15' });
    expect(shift('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shift('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shift('week', '2026-01-31', 1)).toBe('2026-02-07');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
  });
});
