/**
 * How a score is shown, the same on every screen and in the PDF (decision 0019): a section's
 * percentage, and the band of a score against its goal.
 */
import { formatDecimal } from './number-format.js';

/** A section's score as a percentage with one decimal, or null when the section scores nothing. */
export function sectionPercent(section: { totalScore: number; finalScore: number }): number | null {
  return section.totalScore > 0 ? Math.round((section.finalScore * 1000) / section.totalScore) / 10 : null;
}

/** Points below the goal that still count as close (orange rather than red). */
export const GOAL_CLOSE_POINTS = 10;

export type TGoalBand = 'reached' | 'close' | 'below';

/** reached: at or above the goal; close: less than GOAL_CLOSE_POINTS below it; below: further. Null without a score or a goal. */
export function goalBand(percentage: number | null, goal: number | null): TGoalBand | null {
  if (percentage == null || goal == null) return null;
  if (percentage >= goal) return 'reached';
  return percentage >= goal - GOAL_CLOSE_POINTS ? 'close' : 'below';
}

/** The band's colour (green, orange, red), for the screen's bars and the PDF's ring and bars. */
export const GOAL_BAND_COLORS: Record<TGoalBand, string> = { reached: '#389e0d', close: '#fa8c16', below: '#cf1322' };

/** A percentage with one decimal in the reader's language: 85.25 → "85,3 %" (es), "85.3 %" (en); `empty` when there is none. */
export function formatPercent(value: number | null | undefined, locale: string, empty = '—'): string {
  if (value == null || !Number.isFinite(value)) return empty;
  return `${formatDecimal(value, locale, 1, 1)} %`;
}
