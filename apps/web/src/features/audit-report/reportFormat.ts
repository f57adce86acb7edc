import { formatInstantDay, formatStoredDay, zoneOr } from '@audit/domain/dates';
import type { TAudit } from '@audit/domain/audits';
import { formatDecimal } from '@audit/domain/number-format';

/** The visit dates are stored days (UTC start or end): they name their day in any zone. */
export const formatDay = (iso: string | null | undefined) => formatStoredDay(iso);

/** The finished date is an instant: its day where the establishment is (00:30 in Madrid on 2 March is 2 March). */
export const finishedDay = (audit: Pick<TAudit, 'finishedDate' | 'timeZone'>) => formatInstantDay(audit.finishedDate, zoneOr(audit.timeZone));

/** 85.25 → "85,3 %" (es) / "85.3 %" (en): scores show one decimal; '—' for none. */
export { formatPercent } from '@audit/domain/score';

/** Readings: decimals with the page language's separator. */
export const formatNumber = (value: number, language: string) => formatDecimal(value, language, 0, 4);
