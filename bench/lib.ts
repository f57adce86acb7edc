import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db.js';

/** A real server on loopback, on PGlite or on a fresh PostgreSQL database (BENCH_DATABASE_URL). */
export async function startServer(engine: 'pglite' | 'postgres', options: { serveWeb?: boolean } = {}) {
  let url = 'memory://';
  let drop = async () => {};
  if (engine === 'postgres') {
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
  const config = loadConfig({ JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', SIGNIN_RATE_LIMIT: '100000', DATA_DIR: '/tmp/audit-bench' });
  const app = await buildApp({ config, db: handle.db, listen: handle.listen, logger: false, serveWeb: options.serveWeb });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.jobs.start(); // as main.ts does: PDFs and e-mails are made by the job worker
  const address = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${address.port}`,
    db: handle.db,
    async stop() {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

export interface TMeasure {
  requests: number;
  perSecond: number;
  medianMs: number;
  p95Ms: number;
}

export interface TRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Sends the requests from a separate thread with `concurrency` clients in flight; with
 * `perClientPerSecond`, each client is paced to that rate (open load) instead of sending back to
 * back. Every request must answer 2xx.
 */
export async function measureRequests(base: string, requests: TRequest[], options: { concurrency: number; perClientPerSecond?: number }): Promise<TMeasure> {
  const worker = new Worker(new URL('./loader-worker.mjs', import.meta.url), { workerData: { base, requests, ...options } });
  const result = await new Promise<{ elapsedMs: number; latencies: number[]; failures: string[] }>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  await worker.terminate();
  if (result.failures.length) throw new Error(`${result.failures.length} requests failed, e.g. ${result.failures.slice(0, 3).join(', ')}`);
  const latencies = result.latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return { requests: requests.length, perSecond: Math.round(requests.length / (result.elapsedMs / 1000)), medianMs: at(0.5), p95Ms: at(0.95) };
}
