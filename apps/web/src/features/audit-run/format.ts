/** Percent scores with one decimal (calls document, section 9), in the page's language. */
export function formatPercent(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '—';
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} %`;
}

export const formatNumber = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
