import { describe, expect, it } from 'vitest';
import { readableValue } from './values.js';

describe('readableValue', () => {
  it('shows dates and date ranges as DD-MM-YYYY, in every stored form', () => {
    expect(readableValue('2026-11-22')).toBe('22-11-2026');
    expect(readableValue('["2026-11-22","2026-11-23"]')).toBe('22-11-2026 – 23-11-2026');
    expect(readableValue('2026-11-22/2026-11-23')).toBe('22-11-2026 – 23-11-2026');
    expect(readableValue('["2026-11-22","2026-11-22"]')).toBe('22-11-2026');
    expect(readableValue('Cocina / office')).toBe('Cocina / office');
  });
});
