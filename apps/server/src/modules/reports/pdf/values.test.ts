import { describe, expect, it } from 'vitest';
import { readableValue } from './values.js';

describe('readableValue', () => {
  it('shows dates and date ranges as DD-MM-YYYY, in every stored form', () => {
    expect(readableValue('2026-11-22')).toBe('22-11-2026');
    expect(readableValue('["2026-11-22","2026-11-23"]')).toBe('22-11-2026 – 23-11-2026');
    expect(readableValue('2026-11-22/2026-11-23')).toBe('22-11-2026 – 23-11-2026');
    expect(readableValue('["2026-11-22","2026-11-22"]')).toBe('22-11-2026');
    expect(readableValue('Cocina / office')).toBe('Cocina / office');
    // Saved as an instant (a day picked at local midnight): its day where the audit is, as the cover's audit date reads.
    expect(readableValue('2026-11-05T23:00:00.000Z', 'Europe/Madrid')).toBe('06-11-2026');
  });
});
