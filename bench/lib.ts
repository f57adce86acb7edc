import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db.js';

/**
 * A real server on loopback, on PGlite or on a fresh PostgreSQL database (BENCH_DATABASE_URL).
 * `jwtSecret` (else random) lets another process verify its tokens (bench/callgrind.ts); `config`
 * overrides variables (e.g. real rate limits).
 */
export async function startServer(
  engine: 'pglite' | 'postgres',
  options: {
    serveWeb?: boolean;
    jwtSecret?: string;
    config?: Record<string, string>;
    /** An existing PostgreSQL database to serve (kept). */ database?: string;
  } = {},
) {
  let url = 'memory://';
  let drop = async () => {};
  if (engine === 'postgres' && options.database) {
    const u = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    u.pathname = `/${options.database}`;
    url = u.toString();
  } else if (engine === 'postgres') {
    const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const pg = (await import('pg')).default;
    const name = `audit_bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      // The pool's end resolves before its sockets have closed: let them go (up to 2 s) rather than
      // have the forced drop cut them, which the server reports as lost connections.
      for (let waited = 0; waited < 2000; waited += 50) {
        const { rows } = await d.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
  const handle = await openDatabase(url);
  const config = loadConfig({
    JWT_SECRET: options.jwtSecret ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SIGNIN_RATE_LIMIT: '100000',
    DATA_DIR: '/tmp/audit-bench',
    ...options.config,
  });
  const app = await buildApp({ config, db: handle.db, listen: handle.listen, logger: false, serveWeb: options.serveWeb });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.jobs.start(); // as main.ts does: PDFs and e-mails are made by the job worker
  const address = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${address.port}`,
    db: handle.db,
    /** The PostgreSQL database's name and the admin URL (null on PGlite, which runs in this process). */
    database:
      engine === 'postgres'
        ? { name: new URL(url).pathname.slice(1), admin: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }
        : null,
    /** The PostgreSQL URL of this server's database (a throw-away PGlite's is memory://). */
    url,
    /** Stops the server and drops its database, or keeps it (`keepDatabase`: the caller drops it later with `drop`). */
    async stop(keepDatabase = false) {
      await app.close();
      await handle.close();
      if (!keepDatabase) await drop();
    },
    drop,
  };
}

export interface TMeasure {
  requests: number;
  perSecond: number;
  medianMs: number;
  p95Ms: number;
  /** Answers 304 Not Modified (counted as successes). */
  notModified?: number;
  /** Bytes of response bodies received, as sent (compressed when the request asked for it). */
  bytes?: number;
  /** CPU ms the load generator's process spent per request (it shares the machine with the server). */
  loaderCpuMsPerOp?: number;
}

export interface TRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface TLoadOptions {
  concurrency: number;
  /** Each client paced to this rate (open load) instead of sending back to back. */
  perClientPerSecond?: number;
  /** Cycle through the requests until this time is up (else each is sent once). */
  durationMs?: number;
  /** Each request gets its own Idempotency-Key `${keyPrefix}-${n}`, as the run view sends its writes. */
  keyPrefix?: string;
}

/**
 * Sends the requests from a process of its own (loader-worker.mjs) with `concurrency` clients in
 * flight. Every request must answer 2xx (or 304).
 */
export async function measureRequests(base: string, requests: TRequest[], options: TLoadOptions): Promise<TMeasure> {
  const child = fork(fileURLToPath(new URL('./loader-worker.mjs', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  const result = await new Promise<{
    elapsedMs: number;
    latencies: number[];
    failures: string[];
    sent: number;
    bytes: number;
    notModified: number;
    cpuMs: number;
  }>((done, fail) => {
    child.once('message', done as never);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`load generator exited with ${code}`)));
    child.send({ base, requests, ...options });
  });
  child.removeAllListeners('exit');
  if (result.failures.length)
    // The counts go with the error: a long run (bench/soak.ts) reports how many were served beside them.
    throw Object.assign(new Error(`${result.failures.length} requests failed, e.g. ${result.failures.slice(0, 3).join(', ')}`), {
      sent: result.sent,
      failures: result.failures,
    });
  const latencies = result.latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    requests: result.sent,
    perSecond: Math.round(result.sent / (result.elapsedMs / 1000)),
    medianMs: at(0.5),
    p95Ms: at(0.95),
    notModified: result.notModified,
    bytes: result.bytes,
    loaderCpuMsPerOp: result.sent ? result.cpuMs / result.sent : 0,
  };
}
