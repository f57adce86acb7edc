/** Percent scores with one decimal (calls document, section 9), in the page's language; '—' for none. */
export { formatPercent } from '@audit/domain/score';

export const formatNumber = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
