import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { benchAudits } from './audits.js';
import { benchBrowser } from './browser/index.js';
import { benchCalendar } from './calendar.js';
import { benchDocuments } from './documents.js';
import { benchListBudgets, formatBudgets } from './budgets.js';
import { benchFoundation } from './foundation.js';
import { benchIncidents } from './incidents.js';
import { benchListPlans } from './list-plans.js';
import { benchLists } from './lists.js';
import { benchPdf } from './pdf.js';
import { benchRegisters } from './registers.js';
import { benchOffline } from './offline.js';
import { benchRender } from './render.js';
import { benchShell } from './shell.js';
import { benchSoak } from './soak.js';
import { formatTable } from './ratio.js';
import { benchSpeed, crossEngine, type TEngine } from './speed.js';
import { benchStatistics } from './statistics.js';
import { benchVisitPlans } from './visit-plans.js';
import { benchWays } from './ways.js';

/**
 * npm run bench [pglite|postgres] [speed|foundation|audits|offline|render|shell|lists|list-plans|pdf|registers|incidents|ways|browser|soak|calendar|visit-plans|documents|statistics]
 * - speed (the default): issue 14's table, each line as a ratio to an anchor measured in the same
 *   run (bench/ratio.ts), then the lists at 10,000 and 100,000 audits against their budgets
 *   (bench/budgets.ts); both go to stdout and bench/results.json (with the date, the machine and
 *   its load: only the ratios are comparable from one run to another). BENCH_SKIP_LISTS=1 leaves
 *   the lists out.
 * - soak: 50 connections for ten minutes (SOAK_SECONDS shortens it), reads and keyed answers;
 *   requests, errors and the server's resident memory over time (bench/soak.ts).
 * - the other suites print absolute figures only: on a shared machine they describe the machine's
 *   load as much as the code, so nothing of them is committed.
 */
const engines = (process.argv[2] && process.argv[2] !== 'all' ? [process.argv[2]] : ['postgres', 'pglite']) as TEngine[];
const only = process.argv[3] ?? 'speed';
const absolute = {
  foundation: benchFoundation,
  audits: benchAudits,
  calendar: benchCalendar,
  offline: benchOffline,
  render: benchRender,
  shell: benchShell,
  lists: benchLists,
  'list-plans': benchListPlans,
  pdf: benchPdf,
  registers: benchRegisters,
  incidents: benchIncidents,
  ways: benchWays,
  soak: benchSoak,
  // Issue 28's browser table (tablet profile, generated large audit): bench/browser/index.ts.
  browser: benchBrowser,
  'visit-plans': benchVisitPlans,
  documents: benchDocuments,
  // Issue 25's statistics calls against their budget (bench/statistics.ts; BENCH_STATS_AUDITS scales the tenant).
  statistics: benchStatistics,
};

if (only !== 'speed') {
  const suite = absolute[only as keyof typeof absolute];
  if (!suite) throw new Error(`unknown suite ${only}`);
  for (const engine of engines) {
    console.log(`\n${engine}: ${only} (absolute figures of this machine now: not comparable between runs)`);
    console.table(await suite(engine));
  }
} else {
  const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? ''}; load average at start ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`;
  // A run of one engine keeps the other engine's table of the last run (with its own date).
  const file = new URL('./results.json', import.meta.url);
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const kept = Object.fromEntries(
    (['postgres', 'pglite'] as const)
      .filter((e) => !engines.includes(e) && previous[e])
      .map((e) => [e, { ...(previous[e] as object), date: (previous[e] as { date?: string }).date ?? previous.date }]),
  );
  const results: Record<string, unknown> = {
    ...kept,
    date: new Date().toISOString(),
    machine,
    node: process.version,
    note: 'Each figure was measured interleaved with its anchor, 3 runs, medians (spread min-max). Only the ratios compare between runs or machines; the absolute figures describe this machine at that moment.',
  };
  const rows: Partial<Record<TEngine, Awaited<ReturnType<typeof benchSpeed>>>> = {};
  for (const engine of engines) {
    console.log(`\n${engine}: speed (ratios to anchors in the same run)`);
    rows[engine] = await benchSpeed(engine);
    results[engine] = { date: new Date().toISOString(), ...rows[engine] };
  }
  const lists: Partial<Record<TEngine, Awaited<ReturnType<typeof benchListBudgets>>>> = {};
  if (!process.env.BENCH_SKIP_LISTS)
    for (const engine of engines) {
      console.log(`\n${engine}: lists at 10,000 and 100,000 audits`);
      lists[engine] = await benchListBudgets(engine);
      (results[engine] as Record<string, unknown>).lists = lists[engine];
    }
  for (const engine of engines) console.log(`\n${formatTable(engine, rows[engine]!.rows)}`);
  for (const engine of engines) if (lists[engine]) console.log(`\n${formatBudgets(engine, lists[engine]!)}`);
  if (rows.pglite && rows.postgres) {
    results.pgliteToPostgres = crossEngine(rows.pglite.rows, rows.postgres.rows);
    console.log('\nPGlite / PostgreSQL, line by line (same run):');
    console.table(results.pgliteToPostgres);
  }
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nwritten to bench/results.json');
}
