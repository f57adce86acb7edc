import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db.js';

/** A real server on loopback, on PGlite or on a fresh PostgreSQL database (BENCH_DATABASE_URL). */
export async function startServer(engine: 'pglite' | 'postgres') {
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
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
  const handle = await openDatabase(url);
  const config = loadConfig({ JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', SIGNIN_RATE_LIMIT: '100000', DATA_DIR: '/tmp/audit-bench' });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
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

/** Runs `total` calls with `concurrency` in flight; every call must answer 2xx. */
export async function measure(total: number, concurrency: number, call: (i: number) => Promise<Response>): Promise<TMeasure> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const res = await call(i);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`call ${i} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return { requests: total, perSecond: Math.round(total / elapsed), medianMs: at(0.5), p95Ms: at(0.95) };
}
