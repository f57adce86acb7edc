import { sql, type SQL } from 'drizzle-orm';
import { addDays, DEFAULT_TIME_ZONE, todayInZone } from '@audit/domain/dates';
import { statisticsCalls } from '@audit/domain/statistics/calls';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import type { TAuth } from '../apps/server/src/platform/auth.js';
import type { TDb, TTransaction } from '../apps/server/src/platform/db.js';
import { NO_ACCESS } from '../apps/server/src/platform/identity.js';
import { unsafeUnscoped, withScope } from '../apps/server/src/platform/tenancy.js';
import { correctiveByAge } from '../apps/server/src/modules/statistics/corrective.js';
import { labOutOfLimits } from '../apps/server/src/modules/statistics/lab.js';
import * as repo from '../apps/server/src/modules/statistics/repo.js';
import { repeatFindings } from '../apps/server/src/modules/statistics/repeats.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf } from './audits.js';
import { measureRequests, startServer, type TRequest } from './lib.js';
import { seedStatistics } from './statistics-seed.js';

/**
 * Issue 25's speed budget. On PostgreSQL, the demo plus one client of BENCH_STATS_AUDITS audits
 * (20,000: 1,000,000 answers, 200,000 incidents, 400,000 actions, 3,600,000 register values;
 * bench/statistics-seed.ts); on PGlite the demo alone. Then, as client@demo.test (their client)
 * and admin@demo.test (the tenant), every statistics call of packages/domain/src/statistics/calls.ts
 * (the digest's two aside) with four filters: `12m` the last 12 months; `est` one establishment
 * within them; `30d` the last 30 days; `risk` the 12 months with an incident risk level and an
 * audit risk (`category`, a register category, for the register calls; the lab call takes
 * neither). Each line: one warm-up, then BENCH_STATS_REQUESTS (30) sequential requests (3 when the
 * warm-up took over 2 s; none over 10 s, the warm-up is then the figure), median and p95 against
 * the goal (PostgreSQL 300 ms median and 600 ms p95; PGlite 100 ms). On PostgreSQL, the sequential
 * scans of the big tables per request (a parallel scan counts once per process), counted in
 * pg_stat_user_tables around the line, which tables and how many rows they read per request (a
 * backend flushes its counts when idle, at most once a second: after a pause, 20 requests at once
 * that read no big table make each backend flush the line's); then EXPLAIN (ANALYZE, BUFFERS) of
 * the queries of the slowest line of each of the slowest calls (BENCH_STATS_EXPLAIN, 3), run by
 * the server's own statistics functions in a scoped transaction; and the Excel of the whole
 * tenant: time to the first byte and to the last, its size, the process's RSS meanwhile.
 * BENCH_STATS_ONLY=summary,topFive measures those calls only; BENCH_STATS_KEEP=1 keeps the database,
 * BENCH_STATS_REUSE=<its name> measures it again without seeding.
 */
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 30);
const ONLY = (process.env.BENCH_STATS_ONLY ?? '').split(',').filter(Boolean);
const EXPLAIN_LINES = Number(process.env.BENCH_STATS_EXPLAIN ?? 3);
const BIG = [
  'audits',
  'audit_questions',
  'audit_answers',
  'incidents',
  'incident_tasks',
  'register_logs',
  'register_missed_takes',
  'lab_results',
  'lab_reports',
];
type TEngine = 'pglite' | 'postgres';
type TServer = Awaited<ReturnType<typeof startServer>>;
type TCallName = keyof typeof statisticsCalls;
type TFigureFn = (tx: TDb, caller: TAuth, f: TStatisticsFilter) => Promise<unknown>;

/** The server's function behind each call (for the plans); the two files read the report's five. */
const FUNCTIONS: Partial<Record<TCallName, TFigureFn>> = {
  issueBenchmark: repo.issuesByEstablishment,
  chartData: repo.monthly,
  summary: repo.summary,
  byAccessCompletion: (tx, c, f) => repo.completion(tx, c, f, 'areaAccess'),
  byPeriodCompletion: (tx, c, f) => repo.completion(tx, c, f, 'period'),
  byEstablishmentCompletion: (tx, c, f) => repo.completion(tx, c, f, 'establishment'),
  benchmark: repo.scoreByEstablishment,
  bioScore: repo.scoreByTemplate,
  byType: repo.countByType,
  topFive: repo.topFive,
  countByRisk: repo.countByRisk,
  correctiveByAge,
  labOutOfLimits,
  repeatFindings,
  excel: repo.report,
};
FUNCTIONS.categorizationPdf = FUNCTIONS.excel;
const REGISTER_CALLS: TCallName[] = ['byAccessCompletion', 'byPeriodCompletion', 'byEstablishmentCompletion'];

const progress = (what: string) => process.stderr.write(`[statistics bench] ${what}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The big tables' counters now (a fresh read of the cumulative statistics). */
async function counters(server: TServer) {
  return unsafeUnscoped(server.db, async (tx) => {
    await tx.execute(sql`select pg_stat_clear_snapshot()`);
    const { rows } = await tx.execute<{ relname: string; seq: number; tup: number }>(
      sql`select relname, seq_scan::int as seq, seq_tup_read::float8 as tup from pg_stat_user_tables where relname = any(${`{${BIG.join(',')}}`}::text[])`,
    );
    return new Map(rows.map((r) => [r.relname, { seq: Number(r.seq), tup: Number(r.tup) }]));
  });
}
function scansBetween(before: Awaited<ReturnType<typeof counters>>, after: Awaited<ReturnType<typeof counters>>, requests: number) {
  let seq = 0;
  let tup = 0;
  const tables: string[] = [];
  for (const [table, now] of after) {
    const was = before.get(table) ?? { seq: 0, tup: 0 };
    if (now.seq === was.seq) continue;
    seq += now.seq - was.seq;
    tup += now.tup - was.tup;
    tables.push(`${table} ${Math.round(((now.seq - was.seq) / requests) * 10) / 10}`);
  }
  return { seqScans: Math.round((seq / requests) * 10) / 10, scanned: tables.join(', ') || '-', rowsRead: Math.round(tup / requests) };
}

/** The caller as the server would see it (what the statistics functions read: scope, permissions, access lists). */
async function authOf(server: TServer, email: string): Promise<TAuth> {
  const [row] = (
    await unsafeUnscoped(server.db, (tx) =>
      tx.execute<{ id: string; space_id: string; path: string; permissions: string[]; roles: string[] }>(sql`
        select u.id, s.id as space_id, s.secure_space_path as path, coalesce(array_agg(distinct p) filter (where p is not null), '{}') as permissions,
          coalesce(array_agg(distinct r.name) filter (where r.name is not null), '{}') as roles
        from users u join spaces s on s.id = u.space_id left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id
        left join lateral unnest(r.permissions) p on true where u.email = ${email} group by 1, 2, 3`),
    )
  ).rows;
  const permissions = row!.permissions;
  return {
    userId: row!.id,
    spaceId: row!.space_id,
    spacePath: row!.path,
    permissions,
    roles: row!.roles,
    isAdmin: permissions.includes('ADMIN'),
    isAuditor: false,
    access: NO_ACCESS,
    language: 'es',
  };
}

/** The transaction, each of whose `execute` is first run under EXPLAIN (ANALYZE, BUFFERS), its plan kept (then run, or answered with no rows). */
function explaining(tx: TTransaction, plans: string[], rerun: boolean): TTransaction {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'execute')
        return async (query: SQL) => {
          const plan = await target.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
          plans.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
          // A query of a minute is not run twice: the function goes on with no rows.
          return rerun ? target.execute(query) : { rows: [] };
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function excelFigures(server: TServer, headers: Record<string, string>): Promise<Record<string, number | string>> {
  const path = statisticsCalls.excel.path;
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const t0 = performance.now();
  const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: '{}' });
  if (!res.ok || !res.body) {
    clearInterval(sampler);
    return { error: `${res.status} ${(await res.text()).slice(0, 120)}` };
  }
  const reader = res.body.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = Math.round(performance.now() - t0);
    bytes += value.byteLength;
  }
  const totalMs = Math.round(performance.now() - t0);
  clearInterval(sampler);
  const mb = (n: number) => Math.round(n / 1048576);
  return { firstByteMs, totalMs, kilobytes: Math.round(bytes / 1024), rssBeforeMb: mb(rssBefore), rssPeakMb: mb(peak), rssGrowthMb: mb(peak - rssBefore) };
}

export async function benchStatistics(engine: TEngine) {
  // BENCH_STATS_REUSE=<database>: serve a database an earlier run kept (BENCH_STATS_KEEP=1), already seeded.
  const reuse = engine === 'postgres' ? process.env.BENCH_STATS_REUSE : undefined;
  const server = await startServer(engine, { database: reuse });
  try {
    if (!reuse) await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    const figures: Record<string, Record<string, number | string | boolean>> = {};
    if (engine === 'postgres' && !reuse) {
      const seeded = await seedStatistics(server.db);
      progress(`seeded in ${seeded.seedMs} ms: ${JSON.stringify(seeded)}`);
      const { hotel, ...sizes } = seeded;
      void hotel;
      console.log('\nThe tenant seeded (rows of each table, all tenants):');
      console.table({ seed: sizes });
    }
    const refs = (
      await unsafeUnscoped(server.db, (tx) =>
        tx.execute<{ est: string; category: string }>(sql`
          select (select a.establishment_id::text from audits a join spaces h on h.id = a.client_id and h.identifier = 'hotel-mar-azul'
                  where a.status = 'finished' group by 1 order by count(*) desc, 1 limit 1) as est,
            (select category_id::text from registers r join spaces h on h.id = r.client_id and h.identifier = 'hotel-mar-azul'
                  where category_id is not null group by 1 order by count(*) desc, 1 limit 1) as category`),
      )
    ).rows[0]!;
    const today = todayInZone(DEFAULT_TIME_ZONE);
    const year = { from: addDays(today, -364), to: today };
    const filters = (call: TCallName): Record<string, TStatisticsFilter> => ({
      '12m': year,
      est: { ...year, establishments: [refs.est] },
      '30d': { from: addDays(today, -29), to: today },
      ...(REGISTER_CALLS.includes(call)
        ? { category: { ...year, categories: [refs.category] } }
        : call === 'labOutOfLimits'
          ? {}
          : { risk: { ...year, riskLevels: ['high'], auditRisks: ['HIGH'] } }),
    });
    const goal = engine === 'postgres' ? { median: 300, p95: 600 } : { median: 100, p95: 100 };
    const api = apiOf(server.base);
    const callers = { client: 'client@demo.test', admin: 'admin@demo.test' };
    const names = (Object.keys(statisticsCalls) as TCallName[]).filter((n) => FUNCTIONS[n] && (!ONLY.length || ONLY.includes(n)));
    const slowest: { line: string; ms: number; call: TCallName; caller: string; filter: TStatisticsFilter }[] = [];
    let before = engine === 'postgres' ? await counters(server) : null;
    if (before) {
      // What the server does on its own meanwhile (jobs, pools): the same pause with no request.
      await sleep(5000);
      const idle = await counters(server);
      console.log(`\nSequential scans of the big tables in 5 s with no request: ${JSON.stringify(scansBetween(before, idle, 1))}`);
      before = idle;
    }
    const tokens = Object.fromEntries(await Promise.all(Object.entries(callers).map(async ([who, email]) => [who, await api.signin(email)] as const)));
    // The register calls last (the slowest): a run cut short has the others.
    const order = [false, true].flatMap((registers) =>
      Object.entries(callers).flatMap(([who, email]) => names.filter((n) => REGISTER_CALLS.includes(n) === registers).map((call) => ({ who, email, call }))),
    );
    for (const { who, email, call } of order) {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` };
      const { path, method } = statisticsCalls[call];
      for (const [filterName, filter] of Object.entries(filters(call))) {
        const line = `${call} ${filterName} ${who}`;
        const request: TRequest = { method, path, headers, body: JSON.stringify(filter) };
        const t0 = performance.now();
        const warm = await fetch(`${server.base}${path}`, { method, headers, body: request.body });
        const warmMs = performance.now() - t0;
        const answer = await warm.text();
        const row: Record<string, number | string | boolean> = {};
        let n = 0;
        if (!warm.ok) {
          row.error = `${warm.status} ${answer.slice(0, 200)}`;
        } else {
          // A slow call is sampled less (over 2 s: 3 more requests; over 10 s: its warm-up alone).
          n = warmMs > 10_000 ? 0 : warmMs > 2000 ? 3 : REQUESTS;
          const measured = n
            ? await measureRequests(
                server.base,
                Array.from({ length: n }, () => request),
                { concurrency: 1 },
              )
            : { medianMs: Math.round(warmMs), p95Ms: Math.round(warmMs) };
          const ok = measured.medianMs <= goal.median && measured.p95Ms <= goal.p95;
          Object.assign(row, { medianMs: measured.medianMs, p95Ms: measured.p95Ms, goal: `${goal.median}/${goal.p95}`, ok, n: n || 1 });
          slowest.push({ line, ms: measured.medianMs, call, caller: email, filter });
        }
        if (before) {
          // A backend flushes its counts when it goes idle, at most once a second: after a pause, as
          // many requests at once as the server's pool has connections, each reading no big table (the
          // digest's subscription), make every backend that served the line flush them.
          await sleep(1100);
          await Promise.all(
            Array.from({ length: 20 }, () =>
              fetch(`${server.base}${statisticsCalls.digest.path}`, { headers: { authorization: headers.authorization } }).then((r) => r.arrayBuffer()),
            ),
          );
          const after = await counters(server);
          Object.assign(row, scansBetween(before, after, n + 1));
          before = after;
        }
        figures[line] = row;
        progress(`${line}: ${JSON.stringify(row)}`);
      }
    }
    if (engine === 'postgres') {
      // One line per kind of query: the three register calls are one query grouped three ways, the two files the same five reads.
      const family = (call: TCallName) => (REGISTER_CALLS.includes(call) ? 'completion' : call === 'categorizationPdf' ? 'excel' : call);
      const seen = new Set<string>();
      const distinct = slowest.sort((a, b) => b.ms - a.ms).filter((s) => !seen.has(family(s.call)) && seen.add(family(s.call)));
      for (const s of distinct.slice(0, EXPLAIN_LINES)) {
        const caller = await authOf(server, s.caller);
        const plans: string[] = [];
        await withScope(server.db, caller, (tx) => FUNCTIONS[s.call]!(explaining(tx, plans, s.ms < 20_000), caller, s.filter)).catch((error: unknown) =>
          plans.push(`(the function stopped: ${String(error)})`),
        );
        console.log(`\n=== ${s.line} (median ${s.ms} ms), filter ${JSON.stringify(s.filter)}: the plans of its ${plans.length} queries`);
        for (const plan of plans) console.log(`\n${plan}`);
      }
    }
    const excel: Record<string, Record<string, number | string>> = {};
    for (const [who, email] of Object.entries(callers)) {
      const token = await api.signin(email);
      excel[`excel whole tenant ${who}`] = await excelFigures(server, { 'content-type': 'application/json', authorization: `Bearer ${token}` });
    }
    console.log('\nstatistics.excel with no filter (the whole tenant), streamed; RSS of this process (the server runs in it):');
    console.table(excel);
    return figures;
  } finally {
    // BENCH_STATS_KEEP=1 keeps the PostgreSQL database for plans by hand (drop it afterwards).
    const keep = engine === 'postgres' && process.env.BENCH_STATS_KEEP === '1';
    if (keep) console.log(`kept the database ${server.database?.name}`);
    await server.stop(keep);
  }
}
