import { describe, expect, it } from 'vitest';
import { isOpenMonth, visitDaysOfMonth, visitRefusal, visitWindowOf, type TVisitWindow } from './window.js';

const open = (openMonth: number | null, closeMonth: number | null): TVisitWindow => ({ openMonth, closeMonth, visitDays: [], notVisitDays: [] });

describe('a client visit window', () => {
  it('is open all year when no months are set, and within open..close otherwise', () => {
    expect([1, 6, 12].every((m) => isOpenMonth(open(null, null), m))).toBe(true);
    expect([4, 5, 10].map((m) => isOpenMonth(open(4, 10), m))).toEqual([true, true, true]);
    expect([3, 11].map((m) => isOpenMonth(open(4, 10), m))).toEqual([false, false]);
  });

  it('wraps over the new year when it opens after it closes (a ski hotel, October to March)', () => {
    expect([10, 12, 1, 3].map((m) => isOpenMonth(open(10, 3), m))).toEqual([true, true, true, true]);
    expect([4, 9].map((m) => isOpenMonth(open(10, 3), m))).toEqual([false, false]);
  });

  it('refuses a closed month first, then a not-visit day, then a day outside the visit days', () => {
    const window: TVisitWindow = { openMonth: 5, closeMonth: 9, visitDays: [1, 15], notVisitDays: [15] };
    expect(visitRefusal(window, { month: 4, day: 15 })).toBe('closedMonth');
    expect(visitRefusal(window, { month: 6, day: 15 })).toBe('notVisitDay');
    expect(visitRefusal(window, { month: 6, day: 2 })).toBe('notOnVisitDays');
    expect(visitRefusal(window, { month: 6, day: 1 })).toBeNull();
  });

  it('takes an establishment its own fields and the rest from its client', () => {
    const client = { openMonth: 3, closeMonth: 11, visitDays: [5], notVisitDays: [6] };
    expect(visitWindowOf({ visitDays: [], notVisitDays: [20] }, client)).toEqual({ openMonth: 3, closeMonth: 11, visitDays: [5], notVisitDays: [20] });
    expect(visitWindowOf({ openMonth: 6, closeMonth: null }, client).openMonth).toBe(6);
    expect(visitWindowOf({ openMonth: 6, closeMonth: null }, client).closeMonth).toBeNull();
    expect(visitWindowOf(null, null)).toEqual({ openMonth: null, closeMonth: null, visitDays: [], notVisitDays: [] });
  });

  it('lists the visit days of a month, knowing its length', () => {
    const window: TVisitWindow = { openMonth: null, closeMonth: null, visitDays: [28, 29, 30, 31], notVisitDays: [30] };
    expect(visitDaysOfMonth(window, 2027, 2)).toEqual([28]);
    expect(visitDaysOfMonth(window, 2028, 2)).toEqual([28, 29]);
    expect(visitDaysOfMonth(window, 2027, 1)).toEqual([28, 29, 31]);
  });
});
