import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Audit dates are UTC days (start or end): read them in UTC so the day never shifts. */
export const formatDay = (iso: string | null | undefined) => (iso ? dayjs.utc(iso).format('DD-MM-YYYY') : '');

/** 85.25 → "85,3 %" (es) / "85.3 %" (en): scores show one decimal; '—' for none. */
export { formatPercent } from '@audit/domain/score';

/** Readings: decimals with the page language's separator. */
export const formatNumber = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(value);
