import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { describe, expect, it } from 'vitest';
import './index';

/** Time buckets of the calls document, section 9: days under 30, months under 12, then years. */
const ago = (amount: number, unit: 'day' | 'month', locale = 'en') => dayjs().subtract(amount, unit).locale(locale).fromNow();

describe('relative times', () => {
  it('counts days up to 29 and says "a month" from 30', () => {
    expect(ago(26, 'day')).toBe('26 days ago');
    expect(ago(29, 'day')).toBe('29 days ago');
    expect(ago(30, 'day')).toBe('a month ago');
    expect(ago(26, 'day', 'es')).toBe('hace 26 días');
  });

  it('counts months up to 11 and says "a year" from 12', () => {
    expect(ago(3, 'month')).toBe('3 months ago');
    expect(ago(11, 'month')).toBe('11 months ago');
    expect(ago(12, 'month')).toBe('a year ago');
    expect(ago(11, 'month', 'es')).toBe('hace 11 meses');
  });
});
