import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildAuditFixture, buildFixturePhotos } from '../apps/server/src/modules/reports/test/fixture.js';
import { pdfLabels } from '../apps/server/src/modules/reports/pdf/labels.js';
import type * as TRun from '../apps/server/src/modules/reports/pdf/run.js';

/**
 * Issue 14, item 5: the report PDF of the large fixture (300 questions, 40 photos) rendered in the
 * worker thread, median of three, budget 2 s: from the TypeScript sources (tests, `npm run dev`:
 * the worker registers tsx) and from the compiled server (`npm start`: `npm run build:server`
 * first), each cold (a worker booted for the report, as before) and warm (the spare worker booted
 * ahead of need, decision 0028). The job queue's wait before the job starts (up to JOB_POLL_MS)
 * is not in these figures: bench/audits measures the request-to-file time.
 */
const RUNS = 3;

export async function benchPdf(): Promise<Record<string, { medianMs: number; runsMs: number[] }>> {
  const fixture = buildAuditFixture();
  const photos = await buildFixturePhotos(fixture.photoIds);
  const labels = pdfLabels('es');
  const compiled = new URL('../apps/server/dist/modules/reports/pdf/run.js', import.meta.url);
  const variants: [string, typeof TRun][] = [['sources', await import('../apps/server/src/modules/reports/pdf/run.js')]];
  if (existsSync(compiled)) variants.push(['compiled', (await import(compiled.href)) as typeof TRun]);
  else console.log('no apps/server/dist: run `npm run build:server` to measure the compiled server');
  const figures: Record<string, { medianMs: number; runsMs: number[] }> = {};
  const time = async (run: typeof TRun) => {
    const t0 = performance.now();
    const pdf = await run.renderInWorker(fixture.audit, photos, labels, { company: 'Higiene Demo S.L.' });
    if (pdf.length < 1000) throw new Error('empty PDF');
    return Math.round(performance.now() - t0);
  };
  for (let round = 0; round < RUNS; round++)
    for (const [name, run] of variants) {
      // Cold: no spare waiting (the one a previous render booted is used up by a throw-away render first).
      (figures[`${name}_cold`] ??= { medianMs: 0, runsMs: [] }).runsMs.push(await coldTime(run, time));
      // Warm: the spare had time to boot, as it has between two reports.
      run.warmPdfWorker();
      await sleep(3000);
      (figures[`${name}_warm`] ??= { medianMs: 0, runsMs: [] }).runsMs.push(await time(run));
    }
  for (const figure of Object.values(figures)) figure.medianMs = [...figure.runsMs].sort((a, b) => a - b)[Math.floor(figure.runsMs.length / 2)]!;
  return figures;
}

/** A render with no spare booted: its worker boots on demand, as every report's did before. */
async function coldTime(run: typeof TRun, time: (run: typeof TRun) => Promise<number>) {
  run.discardSpareWorker();
  return time(run);
}
