import { addDays, todayInZone } from '@audit/domain/dates';

/** The last `days` days up to today where the space is, both ends included: the client home's figures. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const to = todayInZone(timeZone, now);
  return { from: addDays(to, -days), to };
}
