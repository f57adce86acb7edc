import { describe, expect, it } from 'vitest';
import {
  dueTakes,
  frequencyFits,
  inCurrentPeriod,
  isLate,
  isWithinLimits,
  limitProblems,
  parseMeasure,
  periodOf,
  registerProblems,
  registerStatus,
  slotOf,
  takeSlotOf,
  ZAnswerAdd,
  ZRegisterInput,
  ZRegisterItemInput,
  ZRegisterItemPatch,
  ZRegisterPatch,
  ZRegisterTemplatePatch,
} from './registers.js';

describe('periods (decision 0031)', () => {
  it('spans each frequency on the calendar, weeks Monday to Sunday', () => {
    expect(periodOf('daily', '2026-03-15')).toEqual(['2026-03-15', '2026-03-15']);
    expect(periodOf('weekly', '2026-03-15')).toEqual(['2026-03-09', '2026-03-15']); // a Sunday
    expect(periodOf('weekly', '2026-03-16')).toEqual(['2026-03-16', '2026-03-22']); // a Monday
    expect(periodOf('monthly', '2024-02-10')).toEqual(['2024-02-01', '2024-02-29']);
    expect(periodOf('bimonthly', '2026-04-30')).toEqual(['2026-03-01', '2026-04-30']);
    expect(periodOf('quarterly', '2026-12-31')).toEqual(['2026-10-01', '2026-12-31']);
    expect(periodOf('semester', '2026-06-30')).toEqual(['2026-01-01', '2026-06-30']);
    expect(periodOf('yearly', '2026-07-01')).toEqual(['2026-01-01', '2026-12-31']);
    expect(slotOf('weekly', '2026-03-18')).toBe('2026-03-16');
  });

  it('refuses a frequency longer than the period', () => {
    expect(frequencyFits('daily', 'monthly')).toBe(true);
    expect(frequencyFits('monthly', 'monthly')).toBe(true);
    expect(frequencyFits('weekly', 'daily')).toBe(false);
  });

  it('lists the takes due by today: a month sheet of daily takes, two a day', () => {
    const due = dueTakes({ period: 'monthly', frequency: 'daily', takesPerDay: 2 }, '2026-03-20', '2026-03-03');
    expect(due).toEqual([
      { slot: '2026-03-01', end: '2026-03-01', take: 1 },
      { slot: '2026-03-01', end: '2026-03-01', take: 2 },
      { slot: '2026-03-02', end: '2026-03-02', take: 1 },
      { slot: '2026-03-02', end: '2026-03-02', take: 2 },
      { slot: '2026-03-03', end: '2026-03-03', take: 1 },
      { slot: '2026-03-03', end: '2026-03-03', take: 2 },
    ]);
    // A whole past month: 31 daily takes; weekly takes cut to the month (1 March 2026 is a Sunday).
    expect(dueTakes({ period: 'monthly', frequency: 'daily' }, '2026-03-01', '2026-04-10')).toHaveLength(31);
    expect(dueTakes({ period: 'monthly', frequency: 'weekly' }, '2026-03-01', '2026-03-10').map((d) => d.slot)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(takeSlotOf({ period: 'monthly', frequency: 'weekly' }, '2026-03-31')).toEqual({ slot: '2026-03-30', end: '2026-03-31' });
  });

  it('owes no take whose window ended before the register was created (decision 0064)', () => {
    // Created on the 29th: the 1st to the 28th were never due.
    expect(dueTakes({ period: 'monthly', frequency: 'daily' }, '2026-11-29', '2026-11-29', '2026-11-29')).toEqual([
      { slot: '2026-11-29', end: '2026-11-29', take: 1 },
    ]);
    // Created on a Wednesday: that week's take is owed (its window was open), not the week before.
    expect(dueTakes({ period: 'monthly', frequency: 'weekly' }, '2026-03-11', '2026-03-11', '2026-03-04').map((d) => d.slot)).toEqual([
      '2026-03-02',
      '2026-03-09',
    ]);
  });

  it('the current period and lateness are reckoned on the space’s days, not UTC days', () => {
    expect(inCurrentPeriod('monthly', '2026-03-01', '2026-03-31')).toBe(true);
    expect(inCurrentPeriod('monthly', '2026-02-28', '2026-03-01')).toBe(false);
    // 23:30 UTC on 1 March is already 2 March in Madrid: the take of 1 March is late there, not in UTC.
    const at = new Date('2026-03-01T23:30:00Z');
    expect(isLate('2026-03-01', at, 'Europe/Madrid')).toBe(true);
    expect(isLate('2026-03-01', at, 'UTC')).toBe(false);
  });

  it('derives the status', () => {
    expect(registerStatus({ closed: true, due: 3, done: 0 })).toBe('closed');
    expect(registerStatus({ closed: false, due: 3, done: 2 })).toBe('pending');
    expect(registerStatus({ closed: false, due: 3, done: 3 })).toBe('completed');
  });
});

describe('values and limits', () => {
  it('reads decimals with a comma or a point', () => {
    expect(parseMeasure('3,5')).toBe(3.5);
    expect(parseMeasure(' -18.2 ')).toBe(-18.2);
    expect(parseMeasure('4')).toBe(4);
    expect(parseMeasure('abc')).toBeNull();
    expect(parseMeasure('1,2,3')).toBeNull();
    expect(parseMeasure(null)).toBeNull();
  });

  it('checks greater than, less than, equal and between', () => {
    expect(isWithinLimits({ operation: 'greaterThan', min: 60 }, 65)).toBe(true);
    expect(isWithinLimits({ operation: 'greaterThan', min: 60 }, 60)).toBe(false);
    expect(isWithinLimits({ operation: 'lessThan', max: -18 }, -20)).toBe(true);
    expect(isWithinLimits({ operation: 'lessThan', max: -18 }, -10)).toBe(false);
    expect(isWithinLimits({ operation: 'equal', min: 7 }, 7)).toBe(true);
    expect(isWithinLimits({ operation: 'equal', min: 7 }, 7.2)).toBe(false);
    expect(isWithinLimits({ operation: 'between', min: 0, max: 5 }, 5)).toBe(true);
    expect(isWithinLimits({ operation: 'between', min: 0, max: 5 }, 6.5)).toBe(false);
    expect(isWithinLimits({ operation: null }, 1e6)).toBe(true);
  });

  it('a number param needs the limits its operation uses', () => {
    expect(limitProblems({ fieldType: 'number', operation: 'greaterThan' })).toEqual(['min']);
    expect(limitProblems({ fieldType: 'number', operation: 'between', min: 5, max: 0 })).toEqual(['max']);
    expect(limitProblems({ fieldType: 'select', selectOption: ' , ' })).toEqual(['selectOption']);
    expect(ZRegisterItemInput.safeParse({ name: 'Temperatura', fieldType: 'number', unit: 'celsius', operation: 'between', min: 0, max: 5 }).success).toBe(
      true,
    );
    expect(ZRegisterItemInput.safeParse({ name: 'Temperatura', fieldType: 'number', operation: 'lessThan' }).success).toBe(false);
  });
});

describe('register and log bodies', () => {
  const base = {
    name: 'Cámaras',
    areaAccess: 'KITCHEN',
    template: crypto.randomUUID(),
    client: crypto.randomUUID(),
    establishments: 'all',
    areas: 'all',
    category: crypto.randomUUID(),
    period: 'monthly',
    frequency: 'daily',
  };
  it('defaults to measurement and accepts all', () => {
    const parsed = ZRegisterInput.parse(base);
    expect(parsed).toMatchObject({ classification: 'measurement', typologies: [], takesPerDay: 1, manualCompletion: false });
  });
  it('typologies only for measurement; frequency within the period; several takes only daily', () => {
    expect(registerProblems({ classification: 'cleaning', typologies: ['x'] })).toEqual(['typologies']);
    expect(registerProblems({ period: 'weekly', frequency: 'monthly' })).toEqual(['frequency']);
    expect(registerProblems({ period: 'monthly', frequency: 'weekly', takesPerDay: 2 })).toEqual(['takesPerDay']);
    expect(ZRegisterInput.safeParse({ ...base, establishments: [] }).success).toBe(false);
    expect(ZRegisterInput.safeParse({ ...base, name: ' ' }).success).toBe(false);
  });
  it('a patch sets only what it names', () => {
    expect(ZRegisterPatch.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(ZRegisterTemplatePatch.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(ZRegisterItemPatch.parse({ min: 1 })).toEqual({ min: 1 });
  });
  it('a log needs at least one facility and a day', () => {
    expect(ZAnswerAdd.safeParse({ date: '2026-03-01', facilities: [] }).success).toBe(false);
    expect(ZAnswerAdd.safeParse({ date: '1-3-2026', facilities: [{ _id: crypto.randomUUID() }] }).success).toBe(false);
    expect(ZAnswerAdd.parse({ date: '2026-03-01', facilities: [{ _id: crypto.randomUUID() }] })).toMatchObject({ take: 1, force: false });
  });
});
