/**
 * Figures as ratios to an anchor measured in the same run (issue 14): on a shared 2-core machine an
 * absolute figure says more about the neighbours than about the code. Each line is measured with
 * its anchor right before it, the whole set of lines RUNS times over (interleaved: anchor, project,
 * next line's anchor, ...), and the table gives the medians, their spread (min-max) and the median
 * of the per-run ratios.
 *
 * To add lines (lists, the PDF, ...): a TLine each, from a TLineSource registered in speed.ts.
 */
/** A run's figure, and the CPU time per operation when the line knows it (cpu.ts). */
export type TFigure = number | { value: number; cpuMsPerOp?: number };
const valueOf = (f: TFigure) => (typeof f === 'number' ? f : f.value);
const cpuOf = (f: TFigure) => (typeof f === 'number' ? undefined : f.cpuMsPerOp);

export interface TLine {
  /** What is measured, as the issue's table names it. */
  what: string;
  /** '/s' (more is better) or 'ms' (less is better). */
  unit: '/s' | 'ms';
  /** The project's figure for one run. */
  measure: () => Promise<TFigure>;
  /** The anchor (what the machine itself manages for the same work), measured right before. */
  anchor?: { what: string; measure: () => Promise<TFigure> };
  /** The goal: a ratio to the anchor (at least, for '/s'), or a bound on the figure itself. */
  goal?: { ratio?: number; below?: number };
}

export interface TRow {
  what: string;
  anchor: string;
  anchorMedian: number | null;
  anchorSpread: string;
  median: number;
  spread: string;
  unit: string;
  ratio: number | null;
  ratioSpread: string;
  /** CPU ms per operation (median), the anchor's and this run's, and anchor / this: the ratio the neighbours do not skew. */
  anchorCpuMs: number | null;
  cpuMs: number | null;
  cpuRatio: number | null;
  goal: string;
  met: boolean | null;
  /** The ratio goal judged on CPU time instead of the wall clock. */
  metByCpu: boolean | null;
}

export const RUNS = 3;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const round = (x: number) => (Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 100) / 100);
const spreadOf = (xs: number[]) => `${round(Math.min(...xs))}-${round(Math.max(...xs))}`;

/** Measures every line RUNS times, interleaved with its anchor, and sums them up. */
export async function measureLines(lines: TLine[], runs = RUNS, log: (line: string) => void = console.log): Promise<TRow[]> {
  const figures = lines.map(() => ({ anchor: [] as number[], project: [] as number[], anchorCpu: [] as number[], projectCpu: [] as number[] }));
  for (let run = 1; run <= runs; run++) {
    for (const [i, line] of lines.entries()) {
      const f = figures[i]!;
      if (line.anchor) {
        const a = await line.anchor.measure();
        f.anchor.push(valueOf(a));
        if (cpuOf(a) !== undefined) f.anchorCpu.push(cpuOf(a)!);
      }
      const p = await line.measure();
      f.project.push(valueOf(p));
      if (cpuOf(p) !== undefined) f.projectCpu.push(cpuOf(p)!);
      const a = f.anchor.at(-1);
      const cpu = f.projectCpu.length === run ? `, ${round(f.projectCpu.at(-1)!)} CPU ms/op` : '';
      const acpu = f.anchorCpu.length === run ? `, ${round(f.anchorCpu.at(-1)!)} CPU ms/op` : '';
      log(`  run ${run}/${runs} ${line.what}: ${round(f.project.at(-1)!)} ${line.unit}${cpu}${a === undefined ? '' : ` (anchor ${round(a)}${acpu})`}`);
    }
  }
  return lines.map((line, i) => {
    const { anchor, project, anchorCpu, projectCpu } = figures[i]!;
    const cpuRatios = anchorCpu.length === projectCpu.length && projectCpu.length ? projectCpu.map((p, r) => anchorCpu[r]! / p) : [];
    // A ratio is "how much of the anchor": rate / anchor rate, or anchor time / time.
    const ratios = anchor.length ? project.map((p, r) => (line.unit === '/s' ? p / anchor[r]! : anchor[r]! / p)) : [];
    const ratio = ratios.length ? round(median(ratios)) : null;
    const value = round(median(project));
    const goal = line.goal?.ratio !== undefined ? `ratio >= ${line.goal.ratio}` : line.goal?.below !== undefined ? `< ${line.goal.below} ${line.unit}` : '';
    const met = line.goal?.ratio !== undefined && ratio !== null ? ratio >= line.goal.ratio : line.goal?.below !== undefined ? value < line.goal.below : null;
    return {
      what: line.what,
      anchor: line.anchor?.what ?? '',
      anchorMedian: anchor.length ? round(median(anchor)) : null,
      anchorSpread: anchor.length ? spreadOf(anchor) : '',
      median: value,
      spread: spreadOf(project),
      unit: line.unit,
      ratio,
      ratioSpread: ratios.length ? spreadOf(ratios) : '',
      anchorCpuMs: anchorCpu.length ? round(median(anchorCpu)) : null,
      cpuMs: projectCpu.length ? round(median(projectCpu)) : null,
      cpuRatio: cpuRatios.length ? round(median(cpuRatios)) : null,
      goal,
      met,
      metByCpu: line.goal?.ratio !== undefined && cpuRatios.length ? median(cpuRatios) >= line.goal.ratio : null,
    };
  });
}

/** The table as the issue shows it (markdown, so it can be pasted into a note). */
export function formatTable(engine: string, rows: TRow[]): string {
  const head = `| ${engine}: what | anchor in the same run | anchor median (spread) | this run median (spread) | ratio (spread) | CPU ms/op anchor / this | ratio by CPU time | goal | met |`;
  const rule = '|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.what} | ${r.anchor || '-'} | ${r.anchorMedian === null ? '-' : `${r.anchorMedian} ${r.unit} (${r.anchorSpread})`} | ${r.median} ${r.unit} (${r.spread}) | ${
        r.ratio === null ? '-' : `${r.ratio} (${r.ratioSpread})`
      } | ${r.cpuMs === null ? '-' : `${r.anchorCpuMs ?? '-'} / ${r.cpuMs}`} | ${r.cpuRatio ?? '-'} | ${r.goal || '-'} | ${r.met === null ? '-' : r.met ? 'yes' : 'NO'}${r.metByCpu === null ? '' : ` (by CPU: ${r.metByCpu ? 'yes' : 'NO'})`} |`,
  );
  return [head, rule, ...body].join('\n');
}
