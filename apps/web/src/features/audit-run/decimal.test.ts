import { describe, expect, it } from 'vitest';
import { formatDecimal, isDecimalDraft, parseDecimal } from './decimal';

describe('decimals typed by auditors', () => {
  it('read a comma or a point as the decimal mark', () => {
    expect(parseDecimal('3,5')).toBe(3.5);
    expect(parseDecimal('3.5')).toBe(3.5);
    expect(parseDecimal('-0,25')).toBe(-0.25);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('12')).toBe(12);
  });
  it('answer null when empty and NaN when not a number', () => {
    expect(parseDecimal('  ')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNaN();
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('1.000,5')).toBeNaN();
  });
  it('show the comma in Spanish and the point in English', () => {
    expect(formatDecimal(3.5, 'es')).toBe('3,5');
    expect(formatDecimal(3.5, 'en')).toBe('3.5');
    expect(formatDecimal(null, 'es')).toBe('');
  });
  it('accept partial input while typing', () => {
    expect(isDecimalDraft('3,')).toBe(true);
    expect(isDecimalDraft('-')).toBe(true);
    expect(isDecimalDraft('3,5a')).toBe(false);
  });
});
