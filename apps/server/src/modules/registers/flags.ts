import { REPEATED_TAKES_DEFAULT, type TLogFlagsOut, type TRepeatedRun } from '@audit/domain/registers';

/**
 * The flags that beat paper logs (decision 0036), pure so the grid, the PDF and the Excel share
 * them. Late: a value entered after its take's window (stored with the entry when it is saved, in
 * the space's time zone). Repeated: a facility whose values are identical over `repeatTakes`
 * stored takes in a row, the mark of a log filled in from memory ("pencil-whipped"). The one
 * rule of both: the grid's flags and the downloads' marks (log-sheet.ts) read them from here.
 */
export interface TFlaggableEntry {
  id: string;
  facilityId: string;
  slot: string;
  take: number;
  values: { param: string; value: unknown }[];
  completed: boolean;
  late: boolean;
}

/** What a take's values look like, param by param; null when there is nothing to compare (completed by hand, all empty). */
export function valuesSignature(entry: Pick<TFlaggableEntry, 'values' | 'completed'>): string | null {
  const filled = entry.values.filter((v) => v.value !== null && v.value !== '');
  if (!filled.length) return null;
  return JSON.stringify(filled.map((v) => [v.param, v.value]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

const byTake = (a: TFlaggableEntry, b: TFlaggableEntry) => (a.slot === b.slot ? a.take - b.take : a.slot < b.slot ? -1 : 1);

/**
 * Runs of at least `repeatTakes` consecutive stored takes of one facility with identical values.
 * A take without values (completed by hand, or empty) ends a run; a take not stored is skipped
 * (a missing take is flagged as pending, not as a break in a copied series).
 */
export function repeatedRuns(entries: TFlaggableEntry[], repeatTakes = REPEATED_TAKES_DEFAULT): TRepeatedRun[] {
  const byFacility = new Map<string, TFlaggableEntry[]>();
  for (const e of entries) byFacility.set(e.facilityId, [...(byFacility.get(e.facilityId) ?? []), e]);
  const runs: TRepeatedRun[] = [];
  for (const [facility, list] of byFacility) {
    let run: TFlaggableEntry[] = [];
    let signature: string | null = null;
    const close = () => {
      if (run.length >= repeatTakes) {
        const first = run[0]!;
        const last = run[run.length - 1]!;
        runs.push({
          facility,
          takes: run.length,
          from: { slot: first.slot, take: first.take },
          to: { slot: last.slot, take: last.take },
          entries: run.map((e) => e.id),
        });
      }
    };
    for (const entry of [...list].sort(byTake)) {
      const current = valuesSignature(entry);
      if (current !== null && current === signature) {
        run.push(entry);
        continue;
      }
      close();
      run = current === null ? [] : [entry];
      signature = current;
    }
    close();
  }
  return runs;
}

/** The ids of the entries inside a repeated run: the downloads mark their values. */
export const repeatedEntries = (entries: TFlaggableEntry[], repeatTakes = REPEATED_TAKES_DEFAULT) =>
  new Set(repeatedRuns(entries, repeatTakes).flatMap((r) => r.entries));

/**
 * The flags of a grid's entries. `showRepeated` is whether the reader is the audit company's staff
 * (administrator or auditor): the repeated flag is for the auditor, not a verdict shown to the
 * client's own staff. `earlier`: the takes just before the grid's period, read only so that a run
 * that started there is found; the late marks are the grid's own entries'.
 */
export function logFlags(entries: TFlaggableEntry[], options: { repeatTakes?: number; showRepeated: boolean; earlier?: TFlaggableEntry[] }): TLogFlagsOut {
  const repeatTakes = options.repeatTakes ?? REPEATED_TAKES_DEFAULT;
  return {
    late: entries.filter((e) => e.late).map((e) => e.id),
    repeatTakes,
    repeated: options.showRepeated ? repeatedRuns([...(options.earlier ?? []), ...entries], repeatTakes) : null,
  };
}
