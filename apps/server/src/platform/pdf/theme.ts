/** Look of the product's PDFs (the audit report, register logs): A4, one brand colour, one accent. */
export const PAGE = { size: 'A4' as const, width: 595.28, height: 841.89, margin: { top: 62, bottom: 58, left: 50, right: 50 } };
export const CONTENT_WIDTH = PAGE.width - PAGE.margin.left - PAGE.margin.right;

export const COLORS = {
  brand: '#12355b',
  brandLight: '#e8eef6',
  accent: '#1677ff',
  text: '#1f2329',
  muted: '#6b7280',
  faint: '#9aa1ab',
  line: '#d9dde3',
  panel: '#f5f7fa',
  note: '#fff8e1',
  noteBorder: '#f0c36d',
  good: '#389e0d',
  bad: '#cf1322',
  white: '#ffffff',
};

/** Embedded Unicode fonts (fonts.ts), not the built-in Latin-1 Helvetica. */
export { FONT } from './fonts.js';

/** Dark text on light fills (yellow, light option colours), white on dark ones. */
export function textOn(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return COLORS.white;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => parseInt(c!, 16) / 255) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.62 ? COLORS.text : COLORS.white;
}
