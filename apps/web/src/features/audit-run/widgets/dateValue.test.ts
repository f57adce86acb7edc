import { describe, expect, it } from 'vitest';
import { formatDay, parseDay, parseRange } from './dateValue';

const days = (range: ReturnType<typeof parseRange>) => range && range.map(formatDay);

describe('date values in the run view', () => {
  it('reads a Madrid midnight saved as an instant as that day, as the report and the PDF do (issue 13)', () => {
    // 2026-11-05T23:00:00Z is 00:00 on 6 November in Madrid: the PDF prints 06-11-2026.
    expect(formatDay(parseDay('2026-11-05T23:00:00.000Z', 'Europe/Madrid')!)).toBe('2026-11-06');
    expect(days(parseRange('["2026-11-05T23:00:00.000Z","2026-11-06T22:59:59.999Z"]', 'Europe/Madrid'))).toEqual(['2026-11-06', '2026-11-06']);
    // The same instants in another zone name the day there.
    expect(formatDay(parseDay('2026-11-05T23:00:00.000Z', 'America/New_York')!)).toBe('2026-11-05');
  });

  it('keeps days, UTC day bounds, typed DD-MM-YYYY and the earlier "from/to" form as written', () => {
    expect(formatDay(parseDay('2026-11-06', 'Pacific/Kiritimati')!)).toBe('2026-11-06');
    expect(formatDay(parseDay('06-11-2026')!)).toBe('2026-11-06');
    expect(days(parseRange('["2026-11-06T00:00:00.000Z","2026-11-07T23:59:59.999Z"]', 'Pacific/Kiritimati'))).toEqual(['2026-11-06', '2026-11-07']);
    expect(days(parseRange('2026-11-06/2026-11-07'))).toEqual(['2026-11-06', '2026-11-07']);
  });

  it('reads an instant in Madrid when the audit has no zone or one this browser does not know', () => {
    expect(formatDay(parseDay('2026-11-05T23:00:00.000Z', null)!)).toBe('2026-11-06');
    expect(formatDay(parseDay('2026-11-05T23:00:00.000Z', 'Mars/Olympus_Mons')!)).toBe('2026-11-06');
    expect(days(parseRange('["2026-11-05T23:00:00.000Z","2026-11-06T22:59:59.999Z"]', undefined))).toEqual(['2026-11-06', '2026-11-06']);
  });

  it('gives nothing for what is not a date', () => {
    expect(parseDay('')).toBeNull();
    expect(parseDay('mañana')).toBeNull();
    expect(parseDay('2026-13-45T10:00:00Z')).toBeNull();
    expect(parseRange('["2026-11-06"]')).toBeNull();
  });
});
