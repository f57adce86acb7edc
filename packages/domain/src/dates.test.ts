import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateValueText,
  dayInZone,
  dayOfInput,
  dayOfStored,
  DEFAULT_TIME_ZONE,
  endOfDayInZone,
  formatDay,
  formatInstant,
  formatInstantDay,
  formatStoredDay,
  formatStoredRange,
  isCalendarDay,
  isValidTimeZone,
  monthOf,
  startOfDayInZone,
  timeZoneNames,
  todayInZone,
  zoneOr,
} from './dates.js';

const MADRID = 'Europe/Madrid';
const HOUR = 3_600_000;

describe('days in a zone', () => {
  it('puts an audit done at 00:30 in Madrid on 2 March on 2 March (1 March in UTC)', () => {
    expect(dayInZone('2026-03-01T23:30:00Z', MADRID)).toBe('2026-03-02');
    expect(dayInZone('2026-03-01T23:30:00Z', 'UTC')).toBe('2026-03-01');
    expect(todayInZone(MADRID, new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
  });

  it('follows summer time: 00:30 in July is 22:30 UTC of the day before', () => {
    expect(dayInZone('2026-07-14T22:30:00Z', MADRID)).toBe('2026-07-15');
    expect(dayInZone('2026-07-14T21:59:59Z', MADRID)).toBe('2026-07-14');
  });

  it('puts days west of UTC on the day before (New York)', () => {
    expect(dayInZone('2026-03-02T03:00:00Z', 'America/New_York')).toBe('2026-03-01');
  });

  it('starts a winter day at 23:00 UTC and a summer day at 22:00 UTC in Madrid', () => {
    expect(startOfDayInZone('2026-03-02', MADRID).toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(startOfDayInZone('2026-07-15', MADRID).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(endOfDayInZone('2026-03-02', MADRID).toISOString()).toBe('2026-03-02T22:59:59.999Z');
  });

  it('has a 23-hour day on the last Sunday of March (clocks go forward at 02:00)', () => {
    const day = '2026-03-29';
    const start = startOfDayInZone(day, MADRID);
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(endOfDayInZone(day, MADRID).getTime() + 1 - start.getTime()).toBe(23 * HOUR);
    // 01:59 winter time and 03:00 summer time are one minute apart, same day.
    expect(dayInZone('2026-03-29T00:59:00Z', MADRID)).toBe(day);
    expect(dayInZone('2026-03-29T01:00:00Z', MADRID)).toBe(day);
    expect(dayInZone('2026-03-29T21:59:59Z', MADRID)).toBe(day);
    expect(dayInZone('2026-03-29T22:00:00Z', MADRID)).toBe('2026-03-30');
    expect(startOfDayInZone('2026-03-30', MADRID).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('has a 25-hour day on the last Sunday of October (clocks go back at 03:00)', () => {
    const day = '2026-10-25';
    const start = startOfDayInZone(day, MADRID);
    expect(start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(endOfDayInZone(day, MADRID).getTime() + 1 - start.getTime()).toBe(25 * HOUR);
    expect(dayInZone('2026-10-25T22:59:59Z', MADRID)).toBe(day);
    expect(dayInZone('2026-10-25T23:00:00Z', MADRID)).toBe('2026-10-26');
    expect(startOfDayInZone('2026-10-26', MADRID).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('starts a day whose midnight does not exist at its first real instant (Santiago, September change at 00:00)', () => {
    // Chile moves clocks from 00:00 to 01:00 on the first Sunday of September.
    const start = startOfDayInZone('2026-09-06', 'America/Santiago');
    expect(dayInZone(start, 'America/Santiago')).toBe('2026-09-06');
    expect(dayInZone(start.getTime() - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('counts days across month, year and leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(monthOf('2024-02-10')).toEqual(['2024-02-01', '2024-02-29']);
  });
});

describe('day inputs and stored days', () => {
  it('reads a plain day, the UTC start or end of a chosen day, and any other instant in the zone', () => {
    expect(dayOfInput('2026-03-02', MADRID)).toBe('2026-03-02');
    expect(dayOfInput('2026-03-02T00:00:00.000Z', MADRID)).toBe('2026-03-02');
    expect(dayOfInput('2026-03-02T23:59:59.999Z', MADRID)).toBe('2026-03-02');
    expect(dayOfInput('2026-03-01T23:30:00Z', MADRID)).toBe('2026-03-02');
    expect(dayOfInput('2026-03-02T00:30:00+01:00', MADRID)).toBe('2026-03-02');
    expect(dayOfInput('2026-03-01T23:30:00Z', 'UTC')).toBe('2026-03-01');
  });

  it('asks for a zone given as a function only when the instant needs one', () => {
    const asked: string[] = [];
    const zone = (value: string) => () => (asked.push(value), MADRID);
    expect(dayOfInput('2026-03-02', zone('day'))).toBe('2026-03-02');
    expect(dayOfInput('2026-03-02T00:00:00.000Z', zone('start'))).toBe('2026-03-02');
    expect(dayOfInput('2026-03-02T23:59:59.999Z', zone('end'))).toBe('2026-03-02');
    expect(dayOfInput('2026-03-01T23:30:00Z', zone('instant'))).toBe('2026-03-02');
    expect(asked).toEqual(['instant']);
  });

  it('reads a stored day as its UTC day, whatever the zone', () => {
    expect(dayOfStored('2026-03-02T00:00:00.000Z')).toBe('2026-03-02');
    expect(dayOfStored(new Date('2026-03-02T23:59:59.999Z'))).toBe('2026-03-02');
  });
});

describe('DD-MM-YYYY', () => {
  it('formats days, stored days, ranges and instants in the zone', () => {
    expect(formatDay('2026-03-02')).toBe('02-03-2026');
    expect(formatStoredDay('2025-07-01T00:00:00.000Z')).toBe('01-07-2025');
    expect(formatStoredDay(null)).toBe('');
    expect(formatStoredRange(['2025-07-01T00:00:00.000Z', '2025-07-03T23:59:59.999Z'])).toBe('01-07-2025 – 03-07-2025');
    expect(formatStoredRange(['2025-07-01T00:00:00.000Z', '2025-07-01T23:59:59.999Z'], true)).toBe('01-07-2025');
    expect(formatInstantDay('2026-03-01T23:30:00Z', MADRID)).toBe('02-03-2026');
    expect(formatInstantDay('2026-03-01T23:30:00Z', 'UTC')).toBe('01-03-2026');
    expect(formatInstantDay('not a date', MADRID)).toBe('');
    expect(formatInstant('2026-03-01T23:30:00Z', MADRID)).toBe('02-03-2026 00:30');
    expect(formatInstant('2026-10-25T01:30:00Z', MADRID)).toBe('25-10-2026 02:30');
  });
});

describe('time zone names', () => {
  it("accepts Intl's IANA names and refuses anything else", () => {
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('Atlantic/Canary')).toBe(true);
    expect(isValidTimeZone('Europe/Atlantis')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
    expect(zoneOr(null)).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOr('Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOr('Atlantic/Canary')).toBe('Atlantic/Canary');
  });

  it('lists the zones with Europe/Madrid first', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('Europe/Madrid');
    expect(names).toContain('Atlantic/Canary');
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('date values of answers and fields', () => {
  it('shows days and ranges in every stored form as DD-MM-YYYY, and nothing else', () => {
    expect(dateValueText('2026-11-22')).toBe('22-11-2026');
    expect(dateValueText('2025-03-04T00:00:00.000Z')).toBe('04-03-2025');
    expect(dateValueText('["2026-11-22","2026-11-23"]')).toBe('22-11-2026 – 23-11-2026');
    expect(dateValueText('["2025-03-04T00:00:00.000Z","2025-03-05T23:59:59.999Z"]')).toBe('04-03-2025 – 05-03-2025');
    expect(dateValueText('2026-11-22/2026-11-23')).toBe('22-11-2026 – 23-11-2026');
    expect(dateValueText('2026-11-22, 2026-11-23')).toBe('22-11-2026 – 23-11-2026');
    expect(dateValueText('["2026-11-22","2026-11-22"]')).toBe('22-11-2026');
    expect(dateValueText('Cocina / office')).toBeNull();
    expect(dateValueText('[1, 2]')).toBeNull();
    // A day picked at local midnight and saved as an instant is that day where the audit is, not the UTC day before.
    expect(dateValueText('2026-11-05T23:00:00.000Z', 'Europe/Madrid')).toBe('06-11-2026');
    expect(dateValueText('["2026-11-05T23:00:00.000Z","2026-11-06T22:59:59.999Z"]', 'Europe/Madrid')).toBe('06-11-2026');
    expect(dateValueText('2026-11-06T05:00:00.000Z', 'America/New_York')).toBe('06-11-2026');
    expect(dateValueText('2026-13-45')).toBeNull();
    expect(dateValueText('')).toBeNull();
  });
});

describe('isCalendarDay', () => {
  it('takes real days only (the database refuses 2030-02-31)', () => {
    expect(['2030-02-28', '2028-02-29', '2030-12-31'].map(isCalendarDay)).toEqual([true, true, true]);
    expect(['2030-02-31', '2030-02-29', '2030-13-01', '2030-00-10', '2030-1-01', '30-01-2030', ''].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
