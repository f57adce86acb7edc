import { benchLists } from './lists.js';

/**
 * Issue 14 item 4 in the default `npm run bench` table: the audit, client and user lists at 10,000 and
 * 100,000 audits (bench/lists.ts), each figure against its budget (under 50 ms median, the 100,000
 * figure within 1.5 times the 10,000 one) and against the floor of any signed-in request measured in
 * the same rounds (GET /users/me), so a busy machine shows as a high floor, not as a slow list.
 * The 50-client round must answer every request (item 6: PGlite queues inside the process).
 */
export interface TBudgetRow {
  what: string;
  ms10k: number | null;
  ms100k: number | null;
  growth: number | null;
  floorMs10k: number | null;
  floorMs100k: number | null;
  goal: string;
  met: boolean;
}

type TListFigure = { ms10k?: number; ms100k?: number; ratio?: number };

export async function benchListBudgets(engine: 'pglite' | 'postgres'): Promise<TBudgetRow[]> {
  const figures = await benchLists(engine);
  const floor = figures.floor_users_me as TListFigure;
  const rows: TBudgetRow[] = [];
  for (const [name, figure] of Object.entries(figures)) {
    if (name.startsWith('seed_') || name === 'floor_users_me') continue;
    if (name.startsWith('c50_')) {
      const loaded = figure as { requests: number; errors: number; medianMs: number; p95Ms: number };
      rows.push({
        what: `${loaded.requests} list requests from 50 clients at once, ${name.slice(4)} audits (p50 ${loaded.medianMs} ms, p95 ${loaded.p95Ms} ms)`,
        ms10k: null,
        ms100k: null,
        growth: null,
        floorMs10k: null,
        floorMs100k: null,
        goal: 'no error, no timeout',
        met: loaded.errors === 0,
      });
      continue;
    }
    const f = figure as TListFigure;
    const growth = f.ratio ?? null;
    rows.push({
      what: name.replaceAll('_', ' '),
      ms10k: f.ms10k ?? null,
      ms100k: f.ms100k ?? null,
      growth,
      floorMs10k: floor.ms10k ?? null,
      floorMs100k: floor.ms100k ?? null,
      goal: '< 50 ms each; 100k within 1.5 × 10k',
      met: (f.ms10k ?? Infinity) < 50 && (f.ms100k ?? Infinity) < 50 && (growth === null || growth <= 1.5),
    });
  }
  return rows;
}

export function formatBudgets(engine: string, rows: TBudgetRow[]): string {
  const cell = (x: number | null) => (x === null ? '-' : String(x));
  const head = `| ${engine}: list | 10,000 audits, p50 ms | 100,000 audits, p50 ms | 100k / 10k | floor (GET /users/me) 10k / 100k | goal | met |\n|---|---|---|---|---|---|---|`;
  const body = rows.map(
    (r) =>
      `| ${r.what} | ${cell(r.ms10k)} | ${cell(r.ms100k)} | ${cell(r.growth)} | ${cell(r.floorMs10k)} / ${cell(r.floorMs100k)} | ${r.goal} | ${r.met ? 'yes' : 'NO'} |`,
  );
  return [head, ...body].join('\n');
}
