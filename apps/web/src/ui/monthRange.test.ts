import { describe, expect, it } from 'vitest';
import { monthsToPicker, pickerToMonths } from './monthRange';

describe('the filters’ month range', () => {
  it('goes to the picker and back unchanged, across a year', () => {
    const picked = monthsToPicker(['2025-11', '2026-02'])!;
    expect(picked.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2025-11-01', '2026-02-01']);
    expect(pickerToMonths(picked)).toEqual(['2025-11', '2026-02']);
  });

  it('no range either way when none is chosen or the picker is cleared', () => {
    expect(monthsToPicker(undefined)).toBeUndefined();
    expect(pickerToMonths(null)).toBeUndefined();
    expect(pickerToMonths(undefined)).toBeUndefined();
  });
});
