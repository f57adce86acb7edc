import { isLate } from '@audit/domain/registers';

/**
 * The marks a log shows beside its values in the PDF and the Excel (decision 0037): out of range
 * (stored with the value), late and repeated. Late is recomputed here from when the value was
 * entered against its take's window (in the space's zone) rather than trusted from the row; the
 * grid's own flags (modules/registers/flags.ts on the log grid's branch) should replace this file
 * once both are in.
 */

/** A facility's number that stays identical over this many consecutive takes is flagged for the auditor. */
export const REPEATED_TAKES = 5;

export const lateEntry = (windowEnd: string, enteredAt: Date, timeZone: string) => isLate(windowEnd, enteredAt, timeZone);

export interface TMarkable {
  facility: string;
  slot: string;
  take: number;
  values: { param: string; value: string | number | null }[];
}

/** Key of one value: facility, take and param. */
export const valueKey = (facility: string, slot: string, take: number, param: string) => `${facility}|${slot}|${take}|${param}`;

/**
 * Values that belong to a run of at least `threshold` consecutive recorded takes of one facility
 * and one number param with the same value ("pencil-whipping": the same 3.0 °C every day). The
 * entries must be in take order; a take with no number breaks the run.
 */
export function repeatedValues(entries: TMarkable[], numberParams: string[], threshold = REPEATED_TAKES): Set<string> {
  const flagged = new Set<string>();
  const byFacility = new Map<string, TMarkable[]>();
  for (const e of entries) byFacility.set(e.facility, [...(byFacility.get(e.facility) ?? []), e]);
  for (const [facility, list] of byFacility) {
    for (const param of numberParams) {
      let run: TMarkable[] = [];
      let last: number | null = null;
      const close = () => {
        if (run.length >= threshold) for (const r of run) flagged.add(valueKey(facility, r.slot, r.take, param));
      };
      for (const e of list) {
        const raw = e.values.find((v) => v.param === param)?.value;
        const value = typeof raw === 'number' ? raw : null;
        if (value !== null && value === last) run.push(e);
        else {
          close();
          run = value === null ? [] : [e];
        }
        last = value;
      }
      close();
    }
  }
  return flagged;
}
