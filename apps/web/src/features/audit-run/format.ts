import { formatDecimal } from '@audit/domain/number-format';

/** Percent scores with one decimal (calls document, section 9), in the page's language; '—' for none. */
export { formatPercent } from '@audit/domain/score';

/** Points with up to two decimals in the page's language (without Intl for es and en: decision 0124). */
export const formatNumber = (value: number, language: string) => formatDecimal(value, language, 0, 2);
