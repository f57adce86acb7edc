import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEmployeeOldEnough } from './age.js';

const MADRID = 'Europe/Madrid';

describe('an employee is 16 or older on the company’s calendar day', () => {
  afterEach(() => vi.useRealTimers());

  it('on a fixed day: the sixteenth birthday passes, the day after it (15 years old) does not', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T10:00:00Z') });
    expect(isEmployeeOldEnough('2010-03-15', MADRID)).toBe(true);
    expect(isEmployeeOldEnough('2010-03-14', MADRID)).toBe(true);
    expect(isEmployeeOldEnough('2010-03-16', MADRID)).toBe(false);
    expect(isEmployeeOldEnough('2011-01-01', MADRID)).toBe(false);
    expect(isEmployeeOldEnough('1970-06-30', MADRID)).toBe(true);
  });

  it('the birthday turns at midnight in the company’s zone, not at UTC’s', () => {
    // 23:30 UTC on the 14th is 00:30 on the 15th in Madrid (winter, UTC+1).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-14T23:30:00Z') });
    expect(isEmployeeOldEnough('2010-03-15', MADRID)).toBe(true);
    expect(isEmployeeOldEnough('2010-03-15', 'UTC')).toBe(false);
    expect(isEmployeeOldEnough('2010-03-15', 'America/New_York')).toBe(false);
  });

  it('a leap-day birthday and impossible days', () => {
    const now = new Date('2026-02-28T12:00:00Z');
    expect(isEmployeeOldEnough('2010-02-28', MADRID, now)).toBe(true);
    expect(isEmployeeOldEnough('2008-02-29', MADRID, new Date('2024-02-29T12:00:00Z'))).toBe(true);
    expect(isEmployeeOldEnough('2008-02-29', MADRID, new Date('2024-02-28T12:00:00Z'))).toBe(false);
    expect(isEmployeeOldEnough('2010-02-30', MADRID, now)).toBe(false);
    expect(isEmployeeOldEnough('not-a-day', MADRID, now)).toBe(false);
  });
});
