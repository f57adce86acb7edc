import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { addDays, startOfDayInZone, todayInZone, zoneOr, type TDay } from '@audit/domain/dates';
import type { TDb } from '../../platform/db.js';
import * as repo from './repo.js';

/**
 * Today where a row's space is (decision 0094): a row's days (a corrective action's due date, its
 * age) are counted in the time zone of the space it belongs to, whoever reads it, not in UTC nor in
 * the reader's zone. One object per call, at one instant, for the caller's scope: the rows it shows
 * (`todayOf`) and the SQL that filters or counts them (`beforeToday`, `withinDays`) agree.
 */
export interface TSpaceDays {
  /** The instant the days are counted at. */
  readonly now: Date;
  /** The zone of the space at `path` (a row's secure_space_path in the scope): the deepest space of the path that sets one, else the scope's. */
  zoneOf(path: string): string;
  /** Today in the space at `path`. */
  todayOf(path: string): TDay;
  /** SQL: the day `day` (a date) is before today in the row's space (`path`: the row's secure_space_path). */
  beforeToday(day: SQLWrapper, path: SQLWrapper): SQL;
  /** SQL: the instant `at` fell on a day at most `days` days before today, both days counted in the row's space (its age in days ≤ `days`). */
  withinDays(at: SQLWrapper, path: SQLWrapper, days: number): SQL;
}

/** The scope's zones (its own and those set below it), read once; see TSpaceDays. */
export async function spaceDays(tx: TDb, scopePath: string, now: Date = new Date()): Promise<TSpaceDays> {
  return daysOfZones(await repo.zonesOfScope(tx, scopePath), now);
}

/**
 * The SQL compares with parameters, never a zone per row: with one zone in the scope (the usual
 * case) a bound is a single day or instant (a range the indexes serve). Zones a midnight apart give
 * the bound an earliest and a latest value; only the rows between the two read their own zone's (a
 * CASE over the few spaces that set a zone, their path prefixes as parameters).
 */
export function daysOfZones(zones: { zone: string; below: { path: string; zone: string }[] }, now: Date): TSpaceDays {
  const base = zoneOr(zones.zone);
  // Deepest first: a space's own zone wins over an ancestor's.
  const below = zones.below.map((b) => ({ path: b.path, zone: zoneOr(b.zone) })).sort((x, y) => y.path.length - x.path.length);
  const zoneOf = (path: string) => below.find((b) => path.startsWith(b.path))?.zone ?? base;
  const zonesInScope = [...new Set([base, ...below.map((b) => b.zone)])];
  const today = (zone: string) => todayInZone(zone, now);
  /** The smallest and largest of a per-zone value (ISO days and instants sort as text). */
  const extremes = (valueOf: (zone: string) => string) => {
    const values = zonesInScope.map(valueOf).sort();
    return [values[0]!, values[values.length - 1]!] as const;
  };
  /** A per-zone value for each row, by the row's path. */
  const perRow = (path: SQLWrapper, valueOf: (zone: string) => string, type: 'date' | 'timestamptz') => {
    const value = (zone: string) => sql`${valueOf(zone)}::${sql.raw(type)}`;
    const branches = below.map((b) => sql`when starts_with(${path}, ${b.path}) then ${value(b.zone)}`);
    return sql`(case ${sql.join(branches, sql` `)} else ${value(base)} end)`;
  };
  return {
    now,
    zoneOf,
    todayOf: (path) => today(zoneOf(path)),
    beforeToday(day, path) {
      const [earliest, latest] = extremes(today);
      if (earliest === latest) return sql`${day} < ${earliest}::date`;
      return sql`(${day} < ${latest}::date and (${day} < ${earliest}::date or ${day} < ${perRow(path, today, 'date')}))`;
    },
    withinDays(at, path, days) {
      // Age ≤ n days ⟺ the instant is at or after the start of the day n days before today, in the zone.
      const since = (zone: string) => startOfDayInZone(addDays(today(zone), -days), zone).toISOString();
      const [first, last] = extremes(since);
      if (first === last) return sql`${at} >= ${first}::timestamptz`;
      return sql`(${at} >= ${first}::timestamptz and (${at} >= ${last}::timestamptz or ${at} >= ${perRow(path, since, 'timestamptz')}))`;
    },
  };
}
