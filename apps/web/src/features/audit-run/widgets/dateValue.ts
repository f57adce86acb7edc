import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DAY_FORMAT, dayOfInput, zoneOr } from '@audit/domain/dates';

dayjs.extend(customParseFormat);

/**
 * Dates are kept as ISO days (YYYY-MM-DD; a range as the JSON list ["from","to"], the form the
 * report and its PDF read) and shown DD-MM-YYYY. Values typed by hand in DD-MM-YYYY, ranges
 * stored earlier as "from/to" (ISO 8601 interval), and instants are read too. An instant is read
 * as the report and the PDF read it (packages/domain dayOfInput): a UTC start or end of day names
 * that day, any other instant its day in the audit's time zone. Cutting it to its first ten
 * characters read Madrid's midnight of 6 November (2026-11-05T23:00:00Z) as the 5th, a day before
 * the PDF (issue 13).
 */
export const DATE_FORMAT = DAY_FORMAT;
const ISO_DAY = 'YYYY-MM-DD';
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * `timeZone` is the audit's as stored (null, or one this browser does not know: Europe/Madrid), checked
 * only for an instant that is not a UTC day bound: checking it builds an Intl.DateTimeFormat of the
 * zone, whose data took 0.1 s of the run view's first render on a tablet for a cover's dates that need
 * no zone (decision 0124).
 */
export function parseDay(text: string | null | undefined, timeZone?: string | null): Dayjs | null {
  const value = text?.trim();
  if (!value) return null;
  if (INSTANT.test(value)) {
    try {
      return dayjs(
        dayOfInput(value, () => zoneOr(timeZone)),
        ISO_DAY,
        true,
      );
    } catch {
      return null;
    }
  }
  const day = dayjs(value, [ISO_DAY, DATE_FORMAT], true);
  return day.isValid() ? day : null;
}

function rangeParts(text: string): unknown[] {
  if (text.trim().startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }
  return text.split('/');
}

export function parseRange(text: string | null | undefined, timeZone?: string | null): [Dayjs, Dayjs] | null {
  const [from, to] = rangeParts(text ?? '');
  const a = typeof from === 'string' ? parseDay(from, timeZone) : null;
  const b = typeof to === 'string' ? parseDay(to, timeZone) : null;
  return a && b ? [a, b] : null;
}

export const formatDay = (day: Dayjs) => day.format(ISO_DAY);
export const formatRange = (range: [Dayjs, Dayjs]) => JSON.stringify([formatDay(range[0]), formatDay(range[1])]);
