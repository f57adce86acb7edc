import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** The one database handle type the modules see; PGlite and node-postgres share the query builder. */
export type TDatabase = ReturnType<typeof drizzlePg>;
export type TTransaction = Parameters<Parameters<TDatabase['transaction']>[0]>[0];
export type TDb = TDatabase | TTransaction;

/**
 * Subscribes to a NOTIFY channel. `onLost` runs when the subscription breaks (connection lost):
 * whoever relies on the notifications must stop trusting what they cached.
 */
export type TListen = (channel: string, onMessage: (payload: string) => void, onLost: () => void) => Promise<() => Promise<void>>;

export interface TDatabaseHandle {
  db: TDatabase;
  kind: 'pglite' | 'postgres';
  listen: TListen;
  close(): Promise<void>;
}

/**
 * `url` is a postgres:// URL, `memory://` for a throw-away PGlite, or a folder for a persistent PGlite.
 * `pgliteDump` (tests) starts the PGlite from a dumped data directory instead of an empty one;
 * `pgliteAssets` (tests) hands it the WebAssembly module already compiled and the file-system
 * bundle already read, which a process opening many PGlites pays once instead of once per open.
 */
export async function openDatabase(
  url: string,
  options: { pgliteDump?: Blob; pgliteAssets?: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'> } = {},
): Promise<TDatabaseHandle> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // JIT off for the application's sessions: its queries are short OLTP reads and writes, which
    // JIT compilation only slows down (up to 237 ms on a list; decision 0028).
    // connectionTimeoutMillis: while the database is unreachable a request fails in seconds (503,
    // platform/database-lost.ts) instead of waiting for a connection forever.
    const pool = new pg.Pool({ connectionString: url, max: 20, options: '-c jit=off', connectionTimeoutMillis: 10_000 });
    // An idle connection closed by the server (restart, failover, admin) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
    // The pool listens only to its idle connections. A checked-out one (a request's transaction,
    // the job queue's) whose session dies between two queries emits 'error' too, and an 'error'
    // nobody listens to ends the process: every connection gets a listener for its whole life.
    // The query in flight fails on its own (503), and the connection is released as broken.
    pool.on('connect', (client) => client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`)));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    const listeners = new Set<pg.Client>();
    // LISTEN needs a connection of its own for as long as the subscription lasts (not a pooled one).
    const listen: TListen = async (channel, onMessage, onLost) => {
      const client = new pg.Client({ connectionString: url });
      let open = true;
      const lost = () => {
        if (!open) return;
        open = false;
        listeners.delete(client);
        onLost();
      };
      client.on('notification', (message) => message.channel === channel && onMessage(message.payload ?? ''));
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        open = false;
        listeners.delete(client);
        await client.end();
      };
    };
    const close = async () => {
      await Promise.all([...listeners].map((client) => client.end()));
      await pool.end();
    };
    return { db, kind: 'postgres', listen, close };
  }
  const dataDir = url === 'memory://' ? undefined : url;
  if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: options.pgliteDump, extensions: { pg_trgm }, ...options.pgliteAssets });
  const handle = pgliteHandle(client);
  await migratePglite(handle.db as unknown as ReturnType<typeof drizzlePglite>, { migrationsFolder });
  return handle;
}

/** The handle over an open PGlite (the tests' pool lends one PGlite to file after file: test/pglite-pool.ts). */
export function pgliteHandle(client: PGlite): TDatabaseHandle {
  const db = drizzlePglite(client);
  // One session: notifications of its own commits arrive on it; it is never lost while open.
  const listen: TListen = async (channel, onMessage) => client.listen(channel, onMessage);
  // The two drivers expose the same query-builder surface; modules only use that surface.
  return { db: db as unknown as TDatabase, kind: 'pglite', listen, close: () => client.close() };
}

/**
 * A hot-path statement written once with $1, $2… placeholders. On PostgreSQL it runs as a named
 * prepared statement (parsed and planned once per connection, nothing for drizzle to build): on
 * the transaction's connection, or, given the database itself, on a pooled connection as a
 * statement of its own (its own transaction: it must scope itself). On PGlite it runs through
 * drizzle with the same text and values. Pass arrays as PostgreSQL array literals ('{a,b}'): the
 * two drivers do not send JS arrays alike.
 */
export async function runPrepared<R extends Record<string, unknown>>(tx: TDb, name: string, text: string, values: unknown[]): Promise<R[]> {
  const client = (tx as { $client?: unknown }).$client;
  if (client instanceof pg.Client || client instanceof pg.Pool) return (await client.query<R>({ name, text, values })).rows;
  const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => (i % 2 ? sql`${sql.param(values[Number(part) - 1])}` : sql.raw(part)));
  return (await tx.execute<R>(sql.join(chunks, sql.raw('')))).rows as R[];
}

/**
 * Whether every migration this server knows is applied (drizzle's own ledger). A newer server may have
 * applied more during a rolling upgrade: that still counts as applied for this one.
 */
export async function migrationsApplied(db: TDatabase): Promise<{ known: number; applied: number }> {
  const { rows } = await db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return { known: knownMigrations(), applied: Number(rows[0]?.applied ?? 0) };
}

/** The migrations this build brings: read once (a load balancer asks /ready every few seconds). */
let known: number | undefined;
const knownMigrations = () =>
  (known ??= (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length);
