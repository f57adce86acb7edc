/** A number with 1 decimal ("4,5" days), '–' when there is none. */
export const formatDecimal = (value: number | null | undefined, language: string) =>
  value === null || value === undefined ? '–' : new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** Percentages are shown with 1 decimal (calls document section 9; the server keeps 2). */
export const formatPct = (value: number | null | undefined, language: string) =>
  value === null || value === undefined ? '–' : `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} %`;

export const formatCount = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

/** A 'YYYY-MM' period as a short month and year in the user's language ("mar 2026"). */
export function formatPeriod(period: string, language: string) {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}
