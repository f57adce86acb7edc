import { addDays, todayInZone } from '@audit/domain/dates';

const DAY_MS = 86_400_000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whole days from `from` to `to` (YYYY-MM-DD each; negative when `to` comes first). */
export const daysBetween = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** The last `days` days up to today where the space is, both ends included: the client home's figures. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const to = todayInZone(timeZone, now);
  return { from: addDays(to, -days), to };
}
