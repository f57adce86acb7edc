import { describe, expect, it } from 'vitest';
import { formatDecimal } from './number-format.js';

/** Ties (x.x5 held exactly or not), negatives and zeros, thousands, tiny and large figures, and many random ones. */
function figures() {
  const all = [
    Number.NaN,
    Infinity,
    -Infinity,
    0,
    -0,
    0.05,
    0.25,
    0.75,
    1.25,
    2.45,
    2.55,
    1.005,
    85.25,
    99.95,
    99.96,
    100,
    -0.04,
    -0.05,
    -0.25,
    -12.35,
    1234.5,
    9999.95,
    12345.67,
  ];
  all.push(
    123456789.05,
    1e9 + 0.125,
    99999999999.995,
    1e13 + 0.25,
    1e14 + 0.25,
    1e-7,
    -1e-7,
    0.04999,
    0.000005,
    0.0000049,
    9e-7,
    -5e-7,
    5e-7,
    0.0000015,
    1e20,
    5e-324,
  );
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++)
    all.push(Math.round((random() * 2 - 0.4) * (i % 3 === 0 ? 1e7 : 100) * 1e4) / 1e4, random() * 100, (i / 20) * 1.1, random() * 1e-3);
  return all;
}

describe('formatDecimal', () => {
  it.each([
    [1, 1],
    [0, 2],
    [0, 4],
    [0, 0],
    [2, 2],
    [0, 5],
    [0, 6],
  ])('writes every figure as Intl.NumberFormat does, with %i to %i decimals, in each language', (min, max) => {
    for (const locale of ['es', 'en', 'es-ES', 'en-GB', 'en-US', 'fr', 'en-IN'])
      for (const value of figures()) {
        const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);
        expect(formatDecimal(value, locale, min, max), `${value} in ${locale}`).toBe(intl);
      }
  });

  it('writes Spanish and English without Intl', () => {
    const original = Intl.NumberFormat;
    Intl.NumberFormat = function () {
      throw new Error('Intl.NumberFormat was called');
    } as unknown as typeof Intl.NumberFormat;
    try {
      expect(formatDecimal(85.25, 'es', 1, 1)).toBe('85,3');
      expect(formatDecimal(12345.5, 'en', 0, 2)).toBe('12,345.5');
    } finally {
      Intl.NumberFormat = original;
    }
  });
});
