import { describe, expect, it } from 'vitest';
import { formatPercent, GOAL_BAND_COLORS, goalBand, sectionPercent } from './score.js';

describe('sectionPercent', () => {
  it('is the final score over the total, with one decimal', () => {
    expect(sectionPercent({ totalScore: 30, finalScore: 20 })).toBe(66.7);
    expect(sectionPercent({ totalScore: 8, finalScore: 8 })).toBe(100);
    expect(sectionPercent({ totalScore: 3, finalScore: 0 })).toBe(0);
  });

  it('is null for a section that scores nothing', () => {
    expect(sectionPercent({ totalScore: 0, finalScore: 0 })).toBeNull();
  });
});

describe('goalBand', () => {
  it('has three bands: at or above the goal, within 10 points below, further below', () => {
    expect(goalBand(80, 80)).toBe('reached');
    expect(goalBand(95.5, 80)).toBe('reached');
    expect(goalBand(79.9, 80)).toBe('close');
    expect(goalBand(70, 80)).toBe('close');
    expect(goalBand(69.9, 80)).toBe('below');
    expect(goalBand(0, 80)).toBe('below');
  });

  it('has no band without a score or without a goal', () => {
    expect(goalBand(null, 80)).toBeNull();
    expect(goalBand(75, null)).toBeNull();
  });

  it('gives each band its own colour', () => {
    expect(new Set(Object.values(GOAL_BAND_COLORS)).size).toBe(3);
  });
});

describe('formatPercent', () => {
  it("shows one decimal with the language's separator", () => {
    expect(formatPercent(85.25, 'es')).toBe('85,3 %');
    expect(formatPercent(85.25, 'en')).toBe('85.3 %');
    expect(formatPercent(100, 'es')).toBe('100,0 %');
  });

  it('writes a figure as Intl.NumberFormat does (number-format.test.ts compares many)', () => {
    expect(formatPercent(2.55, 'es')).toBe('2,6 %');
    expect(formatPercent(12345.67, 'es')).toBe('12.345,7 %');
    expect(formatPercent(1234.5, 'en-GB')).toBe('1,234.5 %');
  });

  it('shows the empty mark for no value', () => {
    expect(formatPercent(null, 'es')).toBe('—');
    expect(formatPercent(undefined, 'en', '')).toBe('');
    expect(formatPercent(Number.NaN, 'es', '-')).toBe('-');
  });
});
