import { benchReportView } from './report-view.js';
import { benchLighthouse } from './lighthouse.js';
import { benchRunView } from './run-view.js';
import type { TLine } from './measure.js';

/**
 * npm run bench pglite browser: issue 28's browser table on the tablet profile (bench/browser/profile.ts),
 * the generated audit (audit.ts), medians of BENCH_RUNS (3) with the load average beside each
 * figure (measure.ts). BENCH_QUESTIONS=2000 runs it on a generated audit of that many questions.
 * Needs the built app (`npm run build -w @audit/web`). Other parts (the report view) add their
 * lines to `parts`.
 */
const parts: Record<string, (engine: 'pglite' | 'postgres', options: { questions?: number }) => Promise<TLine[]>> = {
  'run-view': benchRunView,
  lighthouse: benchLighthouse,
  'report-view': benchReportView,
};

export async function benchBrowser(engine: 'pglite' | 'postgres') {
  const questions = process.env.BENCH_QUESTIONS ? Number(process.env.BENCH_QUESTIONS) : undefined;
  const only = process.env.BENCH_PART;
  const lines: TLine[] = [];
  for (const [name, part] of Object.entries(parts)) if (!only || only === name) lines.push(...(await part(engine, { questions })));
  return lines;
}
