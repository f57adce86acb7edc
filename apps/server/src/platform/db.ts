import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** The one database handle type the modules see; PGlite and node-postgres share the query builder. */
export type TDatabase = ReturnType<typeof drizzlePg>;
export type TTransaction = Parameters<Parameters<TDatabase['transaction']>[0]>[0];
export type TDb = TDatabase | TTransaction;

export interface TDatabaseHandle {
  db: TDatabase;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** `url` is a postgres:// URL, `memory://` for a throw-away PGlite, or a folder for a persistent PGlite. */
export async function openDatabase(url: string): Promise<TDatabaseHandle> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 20 });
    // An idle connection closed by the server (restart, failover, admin) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = url === 'memory://' ? undefined : url;
  if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  // The two drivers expose the same query-builder surface; modules only use that surface.
  return { db: db as unknown as TDatabase, kind: 'pglite', close: () => client.close() };
}
