/**
 * Decimal figures in the app's languages, written as Intl.NumberFormat writes them, without Intl for
 * Spanish and English: a browser's first Intl.NumberFormat loads its number data, 120–150 ms on a
 * tablet (4× CPU), paid in the run view's and the report's first render for one score (decision 0124).
 * Other languages, non-finite figures, more than five decimals and figures too large for exact integer
 * arithmetic go to Intl.
 */

/** The app's languages as i18n and the screens name them (en-IN, es-MX... group otherwise: Intl's). */
const OWN_LOCALES = new Set(['es', 'en', 'es-ES', 'en-GB', 'en-US']);
/** Decimal and thousands separators, and the digits from which the thousands are grouped (CLDR: Spanish from five, English from four). */
const SEPARATORS: Record<string, { decimal: string; group: string; groupFrom: number }> = {
  es: { decimal: ',', group: '.', groupFrom: 5 },
  en: { decimal: '.', group: ',', groupFrom: 4 },
};

const formats = new Map<string, Intl.NumberFormat>();
function intl(value: number, locale: string, minDecimals: number, maxDecimals: number) {
  const key = `${locale}|${minDecimals}|${maxDecimals}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals })));
  return format.format(value);
}

/** `value` as `new Intl.NumberFormat(locale, { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals }).format(value)` writes it. */
export function formatDecimal(value: number, locale: string, minDecimals: number, maxDecimals: number): string {
  const separators = OWN_LOCALES.has(locale) ? SEPARATORS[locale.slice(0, 2)] : undefined;
  const scale = 10 ** maxDecimals;
  const magnitude = Math.abs(value);
  if (!separators || !Number.isFinite(value) || !Number.isInteger(maxDecimals) || maxDecimals < minDecimals || maxDecimals > 5 || magnitude * scale >= 1e15)
    return intl(value, locale, minDecimals, maxDecimals);
  // Rounded from the figure's shortest decimal writing, as ICU does (2.55 → 2.6 with one decimal,
  // though the double is 2.5499…), half away from zero; as an integer of the last decimal's unit.
  const written = String(magnitude);
  let units = 0;
  if (!written.includes('e')) {
    const [whole, fraction = ''] = written.split('.') as [string, string?];
    units =
      Number(whole) * scale + Number(fraction.slice(0, maxDecimals).padEnd(maxDecimals, '0') || '0') + (Number(fraction[maxDecimals] ?? '0') >= 5 ? 1 : 0);
  } // else a figure below 1e-6 (String writes it with an exponent), which rounds to 0 at five decimals or fewer
  const whole = String(Math.floor(units / scale));
  let decimals = maxDecimals ? String(units % scale).padStart(maxDecimals, '0') : '';
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = whole.length >= separators.groupFrom ? whole.replace(/\B(?=(\d{3})+$)/g, separators.group) : whole;
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped}${decimals ? separators.decimal + decimals : ''}`;
}
