import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import pg from 'pg';
import { registerEtags } from '../apps/server/src/platform/etag.js';
import { followBackends, ownCpuMs } from './cpu.js';
import { measureRequests, type TLoadOptions, type TMeasure, type TRequest } from './lib.js';
import type { TFigure } from './ratio.js';

/**
 * The anchors of issue 14, started by the bench itself:
 * - pgbench running a one-row INSERT into a table shaped like audit_answers (same columns, types,
 *   defaults and indexes; no foreign keys, so the anchor is if anything a little faster), prepared
 *   statements, in a database of its own on the same PostgreSQL;
 * - a bare Fastify route sending the same audit JSON (JSON.stringify of the object per request),
 *   in the bench's process like the server, loaded by the same load generator;
 * - the stack's ceiling for a write: a bare Fastify route running pgbench's INSERT through the
 *   server's driver (pg, a pool of the server's size, prepared), loaded like the server. It has no
 *   sign-in, validation, tenancy, key or answer logic: what Node, HTTP and the driver cost alone.
 */
const run = promisify(execFile);
const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((p) => existsSync(p)) ?? 'pgbench';
const INSERT = `insert into anchor_answers (audit_id, space_id, secure_space_path, question_id, section_id, template_answer, score, failed, author_id)
values (gen_random_uuid(), gen_random_uuid(), '/0b6f5a52-6c1e-4a4e-9a51-2f4b1de0e6a1/6a3d9c5e-0a7b-4a55-8d2f-1c9e8b7a6d5c/', gen_random_uuid(), gen_random_uuid(),
'{"type":"select","select":["5c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"]}', 10, false, gen_random_uuid());
`;

export async function startPgbenchAnchor() {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `audit_anchor_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await db.query(`create table anchor_answers (
    id uuid primary key default gen_random_uuid(), audit_id uuid not null, space_id uuid not null, secure_space_path text not null,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(), section_id uuid not null,
    question_id uuid not null, template_answer jsonb not null, score double precision not null default 0, failed boolean not null default false, author_id uuid)`);
  await db.query('create index anchor_answers_path_idx on anchor_answers (secure_space_path text_pattern_ops)');
  await db.query('create index anchor_answers_audit_idx on anchor_answers (audit_id)');
  await db.query('create unique index anchor_answers_question_key on anchor_answers (question_id)');
  await db.end();
  const dir = mkdtempSync(join(tmpdir(), 'anchor-'));
  const script = join(dir, 'insert.sql');
  writeFileSync(script, INSERT);
  return {
    url: url.toString(),
    /** Transactions per second of the one-row INSERT with `clients` connections for `seconds`, and CPU ms per insert (pgbench + backends). */
    async insertsPerSecond(clients: number, seconds = 4): Promise<TFigure> {
      const args = ['-n', '-M', 'prepared', '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(seconds), '-f', script];
      args.push('-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), name);
      const backends = followBackends(admin, name);
      await backends.start(true);
      // bash's `times` gives the CPU time of its finished children: pgbench's own.
      const { stdout } = await run('bash', ['-c', `"$0" "$@" && times`, PGBENCH, ...args]);
      const backendMs = await backends.stop();
      const tps = /tps = ([\d.]+)/.exec(stdout);
      const done = /actually processed: (\d+)/.exec(stdout);
      const times = [
        ...stdout
          .trim()
          .split('\n')
          .at(-1)!
          .matchAll(/(\d+)m([\d.]+)s/g),
      ].map((m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000);
      if (!tps || !done) throw new Error(`pgbench said: ${stdout}`);
      const pgbenchMs = (times[0] ?? 0) + (times[1] ?? 0);
      return { value: Number(tps[1]), cpuMsPerOp: (pgbenchMs + backendMs) / Number(done[1]) };
    },
    async stop() {
      rmSync(dir, { recursive: true, force: true });
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/** A bare Fastify sending `json` (parsed once, stringified per request as a route does), compressed like the server's answers. */
export async function startBareFastify(json: unknown) {
  const app = Fastify({ logger: false });
  // The server's own ETag hook and compression, as app.ts registers them.
  registerEtags(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  app.get('/audit', { config: { etag: true } }, async () => json);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    base,
    async measure(headers: Record<string, string>, options: TLoadOptions): Promise<TMeasure & { cpuMsPerOp: number }> {
      const before = ownCpuMs();
      const m = await measureRequests(base, [{ path: '/audit', headers } satisfies TRequest], options);
      return { ...m, cpuMsPerOp: (ownCpuMs() - before) / m.requests };
    },
    stop: () => app.close(),
  };
}

/** The stack's ceiling for a write: pgbench's one-row INSERT behind a bare Fastify POST, through pg (see above). */
export async function startBareInsert(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, options: '-c jit=off' });
  const app = Fastify({ logger: false });
  app.post('/answer', async () => {
    await pool.query({ name: 'anchor-insert', text: INSERT });
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const database = new URL(databaseUrl).pathname.slice(1);
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return {
    async measure(options: TLoadOptions): Promise<TFigure> {
      const backends = followBackends(admin, database);
      await backends.start(false);
      const before = ownCpuMs();
      const m = await measureRequests(base, [{ method: 'POST', path: '/answer', headers: { 'content-type': 'application/json' }, body: '{}' }], options);
      const serverMs = ownCpuMs() - before;
      const databaseMs = await backends.stop();
      return { value: m.perSecond, cpuMsPerOp: (serverMs + databaseMs) / m.requests };
    },
    async stop() {
      await app.close();
      await pool.end();
    },
  };
}
