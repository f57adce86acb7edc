import { describe, expect, it } from 'vitest';
import { unitText } from './labUnits';

describe('a lab result unit', () => {
  it('reads CFU in English and UFC in Spanish, whichever was typed', () => {
    expect(unitText('UFC/L', 'en')).toBe('CFU/L');
    expect(unitText('UFC/100 mL', 'en')).toBe('CFU/100 mL');
    expect(unitText('CFU/g', 'es')).toBe('UFC/g');
    expect(unitText('UFC/g', 'es')).toBe('UFC/g');
  });
  it('leaves other units, and none, as they are', () => {
    expect(unitText('mg/L', 'en')).toBe('mg/L');
    expect(unitText(null, 'en')).toBe('');
  });
});
