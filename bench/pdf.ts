import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serialize } from 'node:v8';
import { buildAuditFixture, buildFixturePhotos } from '../apps/server/src/modules/reports/test/fixture.js';
import { pdfLabels } from '../apps/server/src/modules/reports/pdf/labels.js';
import * as run from '../apps/server/src/modules/reports/pdf/run.js';

/**
 * Issue 14, item 5: the report PDF of the large fixture (300 questions, 40 photos) rendered in the
 * worker thread, median of three, budget 2 s: from the TypeScript sources (tests, `npm run dev`:
 * the worker registers tsx) and from the compiled server (`npm start`: `npm run build:server`
 * first), each cold (a worker booted for the report, as before) and warm (the spare worker booted
 * ahead of need, decision 0028). The job queue's wait before the job starts (up to JOB_POLL_MS)
 * is not in these figures: bench/audits measures the request-to-file time. The compiled runs are in a
 * process of their own (bench/pdf-compiled.mjs), started as `npm run serve` starts the server.
 */
const RUNS = 3;

export async function benchPdf(): Promise<Record<string, { medianMs: number; runsMs: number[] }>> {
  const fixture = buildAuditFixture();
  const photos = await buildFixturePhotos(fixture.photoIds);
  const labels = pdfLabels('es');
  const compiled = existsSync(new URL('../apps/server/dist/modules/reports/pdf/run.js', import.meta.url));
  if (!compiled) console.log('no apps/server/dist: run `npm run build:server` to measure the compiled server');
  const input = join(tmpdir(), `audit-bench-pdf-${process.pid}.bin`);
  writeFileSync(input, serialize({ audit: fixture.audit, photos: [...photos], labels }));
  const figures: Record<string, { medianMs: number; runsMs: number[] }> = {};
  const add = (name: string, ms: number) => (figures[name] ??= { medianMs: 0, runsMs: [] }).runsMs.push(ms);
  const time = async () => {
    const t0 = performance.now();
    const pdf = await run.renderInWorker(fixture.audit, photos, labels, { company: 'Higiene Demo S.L.' });
    if (pdf.length < 1000) throw new Error('empty PDF');
    return Math.round(performance.now() - t0);
  };
  try {
    for (let round = 0; round < RUNS; round++) {
      // Cold: no spare waiting, the worker boots for the report (as every report's did before).
      run.discardSpareWorker();
      add('sources_cold', await time());
      // Warm: the spare had time to boot, as it has between two reports.
      run.warmPdfWorker();
      await sleep(3000);
      add('sources_warm', await time());
      run.discardSpareWorker();
      if (compiled) {
        const child = spawnSync(process.execPath, ['--conditions=compiled', fileURLToPath(new URL('./pdf-compiled.mjs', import.meta.url)), input], {
          encoding: 'utf8',
        });
        if (child.status !== 0) throw new Error(`compiled PDF run failed: ${child.stderr}`);
        const { cold, warm } = JSON.parse(child.stdout.trim().split('\n').pop()!) as { cold: number; warm: number };
        add('compiled_cold', cold);
        add('compiled_warm', warm);
      }
    }
  } finally {
    rmSync(input, { force: true });
  }
  for (const figure of Object.values(figures)) figure.medianMs = [...figure.runsMs].sort((a, b) => a - b)[Math.floor(figure.runsMs.length / 2)]!;
  return figures;
}
