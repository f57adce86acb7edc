import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { ZAuditOut } from '../apps/server/src/modules/audits/schemas.js';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { answerBody, questionsOf, setUpAudits } from './audits.js';
import { startBareFastify, startBareInsert, startPgbenchAnchor } from './anchors.js';
import { followBackends, ownCpuMs } from './cpu.js';
import { measureRequests, startServer, type TLoadOptions, type TRequest } from './lib.js';
import { formatTable, measureLines, type TFigure, type TLine, type TRow } from './ratio.js';

type TServer = Awaited<ReturnType<typeof startServer>>;
export type TEngine = 'pglite' | 'postgres';

/**
 * A source of lines for the ratio table: it prepares its data on the running server, returns its
 * lines, and may check afterwards (none lost or doubled) and clean up. Other areas (lists, PDF) add
 * theirs to `sources` below; the anchors are shared.
 */
export interface TLineContext {
  engine: TEngine;
  server: TServer;
  pgbench: Awaited<ReturnType<typeof startPgbenchAnchor>>;
}
export type TLineSource = (ctx: TLineContext) => Promise<{ lines: TLine[]; check?: () => Promise<Record<string, number>>; close?: () => Promise<void> }>;

/**
 * Load on the server, with the CPU it and its database spent per request (the load generator
 * excluded from `cpuMsPerOp`), and the split: the server's process, its PostgreSQL backends, the
 * load generator.
 */
export async function measureWithCpu(server: TServer, requests: TRequest[], options: TLoadOptions) {
  const backends = server.database ? followBackends(server.database.admin, server.database.name) : null;
  await backends?.start(false);
  const before = ownCpuMs();
  const m = await measureRequests(server.base, requests, options);
  const serverMs = ownCpuMs() - before;
  const databaseMs = (await backends?.stop()) ?? 0;
  return { ...m, cpuMsPerOp: (serverMs + databaseMs) / m.requests, serverCpuMsPerOp: serverMs / m.requests, databaseCpuMsPerOp: databaseMs / m.requests };
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const SECONDS = 3;
const rate = (m: { perSecond: number; cpuMsPerOp: number }): TFigure => ({ value: m.perSecond, cpuMsPerOp: m.cpuMsPerOp });

/** Issue 14 items 2 and 3: the answer as the run view sends it, and the audit read. */
export const answersAndRead: TLineSource = async ({ server, pgbench }) => {
  const { audits, big, loaded, headers } = await setUpAudits(server);
  // The audit read of the big audit (60 issues, 40 photos) is exactly what the schema keeps.
  if (!isDeepStrictEqual(ZAuditOut.parse(loaded), loaded)) throw new Error('the audit read sends what ZAuditOut would not keep');
  const api = { headers };
  // The run view reads its audit before answering it (and so does every client here).
  for (const audit of audits) await measureRequests(server.base, [{ path: `/ms-core/api/audits/${audit._id}`, headers }], { concurrency: 1 });
  // Client k answers audit k's questions in turn; consecutive requests go to different audits.
  const perAudit = audits.map((audit) =>
    questionsOf(audit).map(({ s, q }, i): TRequest => ({
      method: 'POST',
      path: `/ms-core/api/audits/${audit._id}/answer/add`,
      headers,
      body: answerBody(s, q, i),
    })),
  );
  const answers = perAudit[0]!.flatMap((_, i) => perAudit.map((list) => list[i]!));
  let keyed = 0;
  let run = 0;
  const answerLine = (clients: number, withKey: boolean): TLine => ({
    what: `answer save ${withKey ? 'as the run view sends it (Idempotency-Key)' : 'without the key'}, ${clients} clients`,
    unit: '/s',
    anchor: { what: `pgbench one-row INSERT, ${clients} clients`, measure: () => pgbench.insertsPerSecond(clients, SECONDS) },
    goal: { ratio: 0.5 },
    async measure() {
      const m = await measureWithCpu(server, answers, { concurrency: clients, durationMs: SECONDS * 1000, keyPrefix: withKey ? `bench-${++run}` : undefined });
      if (withKey) keyed += m.requests;
      return { value: m.perSecond, cpuMsPerOp: m.cpuMsPerOp };
    },
  });
  const bare = await startBareFastify(loaded);
  const bareInsert = await startBareInsert(pgbench.url);
  // Not a goal: how much of pgbench's rate any Node HTTP route that writes one row reaches here.
  const ceilingLine = (clients: number): TLine => ({
    what: `the stack's ceiling: bare Fastify POST running the same INSERT through pg, ${clients} clients`,
    unit: '/s',
    anchor: { what: `pgbench one-row INSERT, ${clients} clients`, measure: () => pgbench.insertsPerSecond(clients, SECONDS) },
    measure: () => bareInsert.measure({ concurrency: clients, durationMs: SECONDS * 1000 }),
  });
  const get = (extra: Record<string, string> = {}): TRequest[] => [{ path: `/ms-core/api/audits/${big._id}`, headers: { ...api.headers, ...extra } }];
  // Taken right before each reload line: the answer lines above change the big audit too.
  const etagOf = async (url: string, extra: Record<string, string>) => (await fetch(url, { headers: { ...extra, ...BROWSER } })).headers.get('etag');
  const lines: TLine[] = [
    answerLine(8, true),
    ceilingLine(8),
    answerLine(32, true),
    answerLine(32, false),
    ceilingLine(32),
    {
      what: 'GET of a 300-question audit, 50 connections, compressed as a browser asks',
      unit: '/s',
      anchor: {
        what: 'bare Fastify sending the same JSON (compressed alike)',
        measure: async () => rate(await bare.measure(BROWSER, { concurrency: 50, durationMs: SECONDS * 1000 })),
      },
      goal: { ratio: 0.6 },
      measure: async () => rate(await measureWithCpu(server, get(BROWSER), { concurrency: 50, durationMs: SECONDS * 1000 })),
    },
    {
      what: 'GET of a 300-question audit, 50 connections, uncompressed',
      unit: '/s',
      anchor: {
        what: 'bare Fastify sending the same JSON',
        measure: async () => rate(await bare.measure({}, { concurrency: 50, durationMs: SECONDS * 1000 })),
      },
      goal: { ratio: 0.6 },
      measure: async () => rate(await measureWithCpu(server, get(), { concurrency: 50, durationMs: SECONDS * 1000 })),
    },
    {
      what: 'the same GET, 1 connection, p50',
      unit: 'ms',
      anchor: {
        what: 'bare Fastify, 1 connection, p50',
        measure: async () => (await bare.measure(BROWSER, { concurrency: 1, durationMs: SECONDS * 1000 })).medianMs,
      },
      goal: { below: 50 },
      measure: async () => (await measureRequests(server.base, get(BROWSER), { concurrency: 1, durationMs: SECONDS * 1000 })).medianMs,
    },
    {
      what: 'reload of the same audit with its ETag (304), 1 connection, p50',
      unit: 'ms',
      anchor: {
        what: 'bare Fastify answering 304 to its ETag',
        async measure() {
          const bareEtag = await etagOf(`${bare.base}/audit`, {});
          if (!bareEtag) throw new Error('the bare anchor sends no ETag');
          return (await bare.measure({ ...BROWSER, 'if-none-match': bareEtag }, { concurrency: 1, durationMs: SECONDS * 1000 })).medianMs;
        },
      },
      goal: { below: 50 },
      async measure() {
        const etag = await etagOf(`${server.base}/ms-core/api/audits/${big._id}`, headers);
        if (!etag) throw new Error('the audit GET sends no ETag');
        const m = await measureRequests(server.base, get({ ...BROWSER, 'if-none-match': etag }), { concurrency: 1, durationMs: SECONDS * 1000 });
        if (m.notModified !== m.requests) throw new Error(`${m.requests - m.notModified!} reloads were not 304`);
        return m.medianMs;
      },
    },
  ];
  return {
    lines,
    /** Every keyed answer acknowledged has its key and stored response (none lost); at most one answer per question (none doubled). */
    async check() {
      const ids = `{${audits.map((a) => a._id).join(',')}}`;
      const counts = await unsafeUnscoped(server.db, async (tx) => {
        const row = (
          await tx.execute<{ keys: number; stored: number; answers: number; doubled: number }>(sql`
          select (select count(*)::int from idempotency_keys where key like 'bench-%') as keys,
            (select count(*)::int from idempotency_keys where key like 'bench-%' and status = 200 and body is not null) as stored,
            (select count(*)::int from audit_answers where audit_id = any(${ids}::uuid[])) as answers,
            (select count(*)::int from (select question_id from audit_answers where audit_id = any(${ids}::uuid[]) group by question_id having count(*) > 1) d) as doubled`)
        ).rows[0]!;
        return row;
      });
      const questions = audits.reduce((n, a) => n + questionsOf(a).length, 0);
      const result = { keyedAcknowledged: keyed, ...counts, questions };
      if (counts.keys !== keyed || counts.stored !== keyed || counts.answers > questions || counts.doubled !== 0)
        throw new Error(`answers or keys lost or doubled: ${JSON.stringify(result)}`);
      return result;
    },
    async close() {
      await bare.stop();
      await bareInsert.stop();
    },
  };
};

/** The line sources, in order. */
export const sources: TLineSource[] = [answersAndRead];

/** One engine: a fresh server, every source's lines measured interleaved with their anchors. */
export async function benchSpeed(engine: TEngine) {
  const server = await startServer(engine);
  const pgbench = await startPgbenchAnchor();
  const made: Awaited<ReturnType<TLineSource>>[] = [];
  try {
    for (const source of sources) made.push(await source({ engine, server, pgbench }));
    const rows = await measureLines(made.flatMap((m) => m.lines));
    const checks: Record<string, number> = {};
    for (const m of made) Object.assign(checks, await m.check?.());
    console.log(`\n${formatTable(engine, rows)}\n`);
    console.log(`checks (${engine}):`, checks);
    return { rows, checks };
  } finally {
    for (const m of made) await m.close?.();
    await pgbench.stop();
    await server.stop();
  }
}

/** PGlite as a share of PostgreSQL, line by line (rates: PGlite/PostgreSQL; times: PostgreSQL/PGlite). */
export function crossEngine(pglite: TRow[], postgres: TRow[]) {
  return pglite.flatMap((row) => {
    const other = postgres.find((r) => r.what === row.what);
    if (!other || !row.median || !other.median) return [];
    const ratio = row.unit === '/s' ? row.median / other.median : other.median / row.median;
    return [{ what: row.what, pglite: row.median, postgres: other.median, unit: row.unit, 'PGlite / PostgreSQL': Math.round(ratio * 100) / 100 }];
  });
}
