/**
 * Numbers as auditors type them (product document, section 5: decimals with a comma). A comma or
 * a point is the decimal mark; thousands separators are not accepted, so "1.5" and "1,5" agree.
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!trimmed) return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** Shown with the comma of the Spanish locale, or the point in English. */
export function formatDecimal(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const text = String(value);
  return language.startsWith('es') ? text.replace('.', ',') : text;
}

/** Keeps what can still become a number while typing (digits, one mark, a leading sign). */
export const isDecimalDraft = (text: string) => /^[-+]?\d*([.,]\d*)?$/.test(text.replace(/\s/g, ''));
