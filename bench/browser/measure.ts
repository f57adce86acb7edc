import { loadavg } from 'node:os';

/**
 * Medians of repeated runs, each figure with the machine's load average (1 min) at the time it was
 * taken: on a shared machine a figure describes the load as much as the code.
 */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface TSample {
  values: Record<string, number>;
  load: number;
}

/** A sample's figures, with the load average now. */
export const sample = (values: Record<string, number>): TSample => ({ values, load: loadavg()[0]! });

export interface TLine {
  line: string;
  figure: string;
  goal: string;
  load: string;
  runs: number;
}

/**
 * One printed line: `format` turns the medians of each value into the figure text; the load is
 * given as its range over the runs.
 */
export function line(name: string, samples: TSample[], format: (m: Record<string, number>) => string, goal: string): TLine {
  const keys = Object.keys(samples[0]?.values ?? {});
  // A figure that could not be taken (NaN) is left out of its median.
  const medians = Object.fromEntries(keys.map((k) => [k, median(samples.map((s) => s.values[k]!).filter((v) => !Number.isNaN(v)))]));
  const loads = samples.map((s) => s.load);
  return {
    line: name,
    figure: samples.length ? format(medians) : 'not measured',
    goal,
    load: samples.length ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : '',
    runs: samples.length,
  };
}

/** Runs `once` RUNS times, in order (never in parallel: they share two CPUs). */
export async function measure<T>(once: (run: number) => Promise<T>, runs = RUNS): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < runs; i++) out.push(await once(i));
  return out;
}

export const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const ms = (v: number) => `${Math.round(v)} ms`;
