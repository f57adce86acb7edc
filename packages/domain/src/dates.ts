/**
 * Days, as the product computes them. A "day" is a calendar day where the space is (its IANA time
 * zone, Europe/Madrid by default), never a UTC day: an audit finished at 00:30 in Madrid on
 * 2 March is on 2 March although it is still 1 March in UTC. See docs/decisions/0015.
 *
 * A day travels as its ISO form "YYYY-MM-DD". A day the product stores (an audit's start date and
 * visit range, product document section 5) is kept as the UTC start (or end) of that day, so the
 * stored value names the day whatever the zone; `dayOfStored` reads it back.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** The product's one way of showing a day (product document: DD-MM-YYYY). */
export const DAY_FORMAT = 'DD-MM-YYYY';

/** A calendar day "YYYY-MM-DD". */
export type TDay = string;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string) {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows this IANA time zone (the list the space settings offer). */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > 64) return false;
  try {
    partsIn(value);
    return true;
  } catch {
    return false;
  }
}

/** Every IANA time zone this runtime knows (for the settings' select), Europe/Madrid first. */
export function timeZoneNames(): string[] {
  // Not in every runtime (nor in the lib this package targets): asked for, not assumed.
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const names = intl.supportedValuesOf?.('timeZone') ?? [];
  return [DEFAULT_TIME_ZONE, ...names.filter((n) => n !== DEFAULT_TIME_ZONE)];
}

/** The zone to use: the space's, or the default when it has none (or an unknown one). */
export const zoneOr = (timeZone: string | null | undefined) => (timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);

const toDate = (instant: Date | string | number) => (instant instanceof Date ? instant : new Date(instant));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsIn(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar day an instant falls on in a zone: dayInZone('2026-03-01T23:30:00Z', 'Europe/Madrid') = '2026-03-02'. */
export function dayInZone(instant: Date | string | number, timeZone: string): TDay {
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const w = wallClock(date, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today where the space is. */
export const todayInZone = (timeZone: string, now: Date = new Date()) => dayInZone(now, timeZone);

/** Minutes the zone is ahead of UTC at an instant (Madrid: 60 in winter, 120 in summer). */
function offsetMinutes(instant: Date, timeZone: string) {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** Whether the text is a real calendar day "YYYY-MM-DD" (not 2030-02-31, which the database refuses). */
export function isCalendarDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  return !!m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === text;
}

function parseDay(day: TDay) {
  const m = ISO_DAY.exec(day);
  const parts = m && { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (!parts || new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).toISOString().slice(0, 10) !== day) throw new RangeError(`Not a day: ${day}`);
  return parts;
}

/**
 * The first instant of a day in a zone (its local midnight; on a day whose midnight does not exist,
 * the first instant that does). 2026-03-29 in Madrid starts at 2026-03-28T23:00:00Z.
 */
export function startOfDayInZone(day: TDay, timeZone: string): Date {
  const { year, month, day: d } = parseDay(day);
  const midnightUtc = Date.UTC(year, month - 1, d);
  // Two passes: the offset at a first guess, then at the corrected instant (DST changes near midnight).
  let guess = midnightUtc - offsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  guess = midnightUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  if (dayInZone(guess, timeZone) !== day) guess += 3_600_000; // midnight skipped by a DST change
  return new Date(guess);
}

/** The last millisecond of a day in a zone (one before the next day starts): 23 or 25 hours after the start on DST days. */
export function endOfDayInZone(day: TDay, timeZone: string): Date {
  return new Date(startOfDayInZone(addDays(day, 1), timeZone).getTime() - 1);
}

/** A day plus (or minus) whole days. */
export function addDays(day: TDay, days: number): TDay {
  const { year, month, day: d } = parseDay(day);
  return new Date(Date.UTC(year, month - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one day to another (to − from; negative when `to` comes first). */
export function daysBetween(from: TDay, to: TDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The stored form of a day (section 5: UTC start of day, or UTC end of day for a range's end). */
export function storedDayStart(day: TDay): Date {
  parseDay(day);
  return new Date(`${day}T00:00:00.000Z`);
}
export function storedDayEnd(day: TDay): Date {
  parseDay(day);
  return new Date(`${day}T23:59:59.999Z`);
}

/** The day a stored day value names (it is the UTC day of the stored instant). */
export function dayOfStored(value: Date | string): TDay {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  return date.toISOString().slice(0, 10);
}

/**
 * The day a client sent for a day field: "YYYY-MM-DD" as written; the UTC start or end of a day
 * (how the web and the stored form encode a chosen day) as that day; any other instant as the day
 * it is in the space's zone (an API caller sending "2026-03-01T23:30:00Z" for Madrid means 2 March).
 * The zone may be a function, asked only for such an instant (a zone's first Intl.DateTimeFormat
 * loads its data: 0.1 s on a tablet, decision 0124).
 */
export function dayOfInput(value: string, timeZone: string | (() => string)): TDay {
  if (ISO_DAY.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const iso = date.toISOString();
  if (iso.endsWith('T00:00:00.000Z') || iso.endsWith('T23:59:59.999Z')) return iso.slice(0, 10);
  return dayInZone(date, typeof timeZone === 'function' ? timeZone() : timeZone);
}

/** A day as DD-MM-YYYY. */
export function formatDay(day: TDay): string {
  const { year, month, day: d } = parseDay(day);
  return `${pad(d)}-${pad(month)}-${pad(year, 4)}`;
}

/** An instant as the DD-MM-YYYY of its day in the zone; "" for nothing. */
export function formatInstantDay(instant: Date | string | null | undefined, timeZone: string): string {
  if (instant == null || instant === '') return '';
  const date = toDate(instant);
  return Number.isNaN(date.getTime()) ? '' : formatDay(dayInZone(date, timeZone));
}

/** An instant as DD-MM-YYYY HH:mm in the zone. */
export function formatInstant(instant: Date | string | null | undefined, timeZone: string): string {
  if (instant == null || instant === '') return '';
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) return '';
  const w = wallClock(date, timeZone);
  return `${formatDay(dayInZone(date, timeZone))} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** A stored day value (UTC start or end of the day) as DD-MM-YYYY; "" for nothing. */
export function formatStoredDay(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : formatDay(dayOfStored(date));
}

/** A stored range as "from – to"; with `collapse`, one day when both ends are the same day. */
export function formatStoredRange(range: readonly [Date | string, Date | string] | null | undefined, collapse = false): string {
  if (!range) return '';
  const [from, to] = [formatStoredDay(range[0]), formatStoredDay(range[1])];
  return collapse && from === to ? from : `${from} – ${to}`;
}

/** The first and last day of a day's month ("2026-03-15" -> ["2026-03-01", "2026-03-31"]). */
export function monthOf(day: TDay): [TDay, TDay] {
  const { year, month } = parseDay(day);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${pad(year, 4)}-${pad(month)}-01`, `${pad(year, 4)}-${pad(month)}-${pad(last)}`];
}

const DAY_VALUE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/**
 * '' for something shaped like a day that is not one (2026-13-45). An instant reads as dayOfInput
 * reads it (a UTC start or end of day names that day, any other instant its day in the zone): a
 * date picked at local midnight in Madrid (2026-11-05T23:00:00Z) is 6 November, not the 5th.
 */
function dayValue(value: string, timeZone: string) {
  try {
    return formatDay(dayOfInput(value, timeZone));
  } catch {
    return '';
  }
}

/**
 * A date answer or field as text (the report and its PDF): a day "DD-MM-YYYY", a range "from – to"
 * (one day when both ends are the same) from a JSON list ["from","to"], or the "from/to" and
 * "from,to" forms of earlier releases. Null when the value is not a date. `timeZone` is the
 * audit's (the establishment's), for values saved as instants.
 */
export function dateValueText(value: string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const v = value?.trim() ?? '';
  if (!v) return null;
  if (DAY_VALUE.test(v)) return dayValue(v, timeZone) || null;
  let parts: unknown = null;
  if (v.startsWith('[')) {
    try {
      parts = JSON.parse(v);
    } catch {
      return null;
    }
  } else if (v.includes('/') || v.includes(',')) parts = v.split(v.includes('/') ? '/' : ',').map((p) => p.trim());
  if (!Array.isArray(parts) || !parts.length || parts.length > 2 || !parts.every((p) => typeof p === 'string' && DAY_VALUE.test(p))) return null;
  const days = [...new Set((parts as string[]).map((p) => dayValue(p, timeZone)))];
  return days.every(Boolean) ? days.join(' – ') : null;
}
