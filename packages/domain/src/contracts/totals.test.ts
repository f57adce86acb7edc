import { describe, expect, it } from 'vitest';
import { contractTotals, formatCents, lineTotals, percentOfCents, toCents } from './totals.js';
import { ZServiceContractInput, ZServiceContractLineInput } from './schemas.js';

describe('service contract totals (decision 0083): integer cents, IVA per line rounded half up', () => {
  it('converts typed euros to exact cents', () => {
    expect([0.01, 19.99, 33.33, 0.1 + 0.2, 999_999.99].map(toCents)).toEqual([1, 1999, 3333, 30, 99_999_999]);
  });

  it('rounds a percentage half up to the cent', () => {
    expect(percentOfCents(5, 10)).toBe(1); // 0.5 cent → 1
    expect(percentOfCents(4, 10)).toBe(0); // 0.4 cent → 0
    expect(percentOfCents(50, 21)).toBe(11); // 10.5 cents → 11
    expect(percentOfCents(1, 21)).toBe(0); // 0.21 cent → 0
    expect(percentOfCents(3, 21)).toBe(1); // 0.63 cent → 1
  });

  it('a cent at 21 %: no IVA on the line (0.21 of a cent rounds down)', () => {
    expect(lineTotals({ quantity: 1, unitPriceCents: 1, groupIva: 'typeC' })).toEqual({ netCents: 1, ivaCents: 0, totalCents: 1 });
  });

  it('33.33 × 3 at 10 %: 99.99 net, 10.00 IVA (9.999 rounds up), 109.99', () => {
    expect(lineTotals({ quantity: 3, unitPriceCents: toCents(33.33), groupIva: 'typeB' })).toEqual({ netCents: 9999, ivaCents: 1000, totalCents: 10999 });
  });

  it('19.99 × 7 at 21 %: 139.93 net, 29.39 IVA (29.3853), 169.32', () => {
    expect(lineTotals({ quantity: 7, unitPriceCents: toCents(19.99), groupIva: 'typeC' })).toEqual({ netCents: 13993, ivaCents: 2939, totalCents: 16932 });
  });

  it('an exact half cent rounds up: 2.50 at 21 % is 0.525 → 0.53', () => {
    expect(lineTotals({ quantity: 1, unitPriceCents: 250, groupIva: 'typeC' }).ivaCents).toBe(53);
  });

  it('typeA is exempt: no IVA whatever the price', () => {
    expect(lineTotals({ quantity: 12, unitPriceCents: toCents(1234.56), groupIva: 'typeA' })).toEqual({
      netCents: 1_481_472,
      ivaCents: 0,
      totalCents: 1_481_472,
    });
  });

  it('IVA is rounded per line, then summed: two lines of 0.05 at 10 % give 0.02, not the 0.01 of their 0.10 sum', () => {
    const t = contractTotals([
      { quantity: 1, unitPriceCents: 5, groupIva: 'typeB' },
      { quantity: 1, unitPriceCents: 5, groupIva: 'typeB' },
    ]);
    expect([t.netCents, t.ivaCents, t.totalCents]).toEqual([10, 2, 12]);
    expect(t.byGroup).toEqual([{ groupIva: 'typeB', percentage: 10, netCents: 10, ivaCents: 2 }]);
  });

  it('a contract of the three groups adds its lines exactly and groups them', () => {
    const t = contractTotals([
      { quantity: 7, unitPriceCents: 1999, groupIva: 'typeC' },
      { quantity: 3, unitPriceCents: 3333, groupIva: 'typeB' },
      { quantity: 1, unitPriceCents: 1, groupIva: 'typeC' },
      { quantity: 4, unitPriceCents: 2500, groupIva: 'typeA' },
    ]);
    // 139.93 + 99.99 + 0.01 + 100.00 = 339.93 net; 29.39 + 10.00 + 0 + 0 = 39.39 IVA.
    expect([t.netCents, t.ivaCents, t.totalCents]).toEqual([33_993, 3_939, 37_932]);
    expect(t.byGroup.map((g) => [g.groupIva, g.netCents, g.ivaCents])).toEqual([
      ['typeA', 10_000, 0],
      ['typeB', 9_999, 1_000],
      ['typeC', 13_994, 2_939],
    ]);
    expect(t.lines.reduce((s, l) => s + l.totalCents, 0)).toBe(t.totalCents);
  });

  it('the largest lines stay exact integers', () => {
    const big = { quantity: 10_000, unitPriceCents: toCents(999_999.99), groupIva: 'typeC' as const };
    const line = lineTotals(big);
    expect(line.netCents).toBe(999_999_990_000);
    // 999,999,990,000 × 21 % = 209,999,997,900 exactly.
    expect(line.ivaCents).toBe(209_999_997_900);
    const all = contractTotals(Array.from({ length: 100 }, () => big));
    expect(all.totalCents).toBe(100 * 1_209_999_987_900);
    expect(Number.isSafeInteger(all.totalCents)).toBe(true);
  });

  it('an empty contract is zero', () => {
    expect(contractTotals([])).toMatchObject({ netCents: 0, ivaCents: 0, totalCents: 0, byGroup: [] });
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => lineTotals({ quantity: -1, unitPriceCents: 100, groupIva: 'typeA' })).toThrow(RangeError);
    expect(() => lineTotals({ quantity: 1, unitPriceCents: -1, groupIva: 'typeA' })).toThrow(RangeError);
    expect(() => lineTotals({ quantity: 1.5, unitPriceCents: 100, groupIva: 'typeA' })).toThrow(RangeError);
  });

  it('formats cents in euros in each language', () => {
    expect(formatCents(16_932, 'es')).toBe('169,32 €');
    expect(formatCents(123_456, 'es')).toBe('1.234,56 €');
    expect(formatCents(120_999_998_790_000, 'es')).toBe('1.209.999.987.900,00 €');
    expect(formatCents(5, 'en')).toBe('€0.05');
    expect(formatCents(123_456, 'en')).toBe('€1,234.56');
  });
});

describe('service contract bodies', () => {
  const service = '00000000-0000-4000-8000-000000000001';
  it('refuse negative quantities and prices, fractional quantities and a third decimal', () => {
    for (const line of [
      { service, quantity: -1 },
      { service, quantity: 0 },
      { service, quantity: 1.5 },
      { service, quantity: 1, unitPrice: -0.01 },
      { service, quantity: 1, unitPrice: 1.001 },
    ]) {
      expect(ZServiceContractLineInput.safeParse(line).success).toBe(false);
    }
    expect(ZServiceContractLineInput.safeParse({ service, quantity: 3, unitPrice: 33.33, groupIva: 'typeB' }).success).toBe(true);
  });

  it('need a line, a start, and an end not before the start', () => {
    const base = { client: service, startDate: '2026-01-01', lines: [{ service, quantity: 1 }] };
    expect(ZServiceContractInput.safeParse(base).success).toBe(true);
    expect(ZServiceContractInput.safeParse({ ...base, lines: [] }).success).toBe(false);
    expect(ZServiceContractInput.safeParse({ ...base, endDate: '2025-12-31' }).success).toBe(false);
    expect(ZServiceContractInput.safeParse({ ...base, startDate: '2026-02-30' }).success).toBe(false);
  });
});
