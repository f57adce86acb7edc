import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runPrepared, type TDatabase, type TDb } from '../db.js';

/**
 * pg-boss runs its SQL through `{ executeSql(text, values) }` (its `db` option), so it runs on
 * both of our databases without a connection of its own:
 *  - PostgreSQL: the app's pool.
 *  - PGlite: the one embedded session. pg-boss sends its migrations and maintenance as one
 *    multi-statement text (BEGIN; ...; COMMIT) without values: that goes through `exec` inside a
 *    PGlite transaction, which rolls back if a statement fails (a failed BEGIN...COMMIT text
 *    would otherwise leave the only session in an aborted transaction).
 */
export interface TBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function databaseAdapter(db: TDatabase): TBossDb {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return {
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        // Same concern on a pooled connection: never hand back a connection left in a failed BEGIN.
        const connection = await client.connect();
        let broken = false;
        try {
          return await connection.query(text);
        } catch (error) {
          await connection.query('rollback').catch(() => (broken = true));
          throw error;
        } finally {
          connection.release(broken);
        }
      },
    };
  }
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        const results = await client.transaction((tx) => tx.exec(text));
        return [...results].reverse().find((r) => r.fields.length) ?? { rows: [] };
      },
    };
  }
  throw new Error('job queue: unknown database client');
}

/** pg-boss statements run in the caller's transaction (enqueue: the job exists exactly when the write does). */
export function transactionAdapter(tx: TDb): TBossDb {
  return {
    async executeSql(text, values) {
      const name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      return { rows: await runPrepared(tx, name, text, values ?? []) };
    },
  };
}
