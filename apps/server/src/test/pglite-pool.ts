import type { PGlite } from '@electric-sql/pglite';
import { pgliteHandle, type TDatabaseHandle, type TListen } from '../platform/db.js';

/**
 * The PGlites of one test worker, each emptied when a file lets it go and lent to the next file
 * that asks for the migrated template (decision 0108). Opening a PGlite from the run's dump costs
 * 0.6-0.8 s of CPU (untarring about a thousand files into its memory, starting PostgreSQL); emptying
 * one costs 20-30 ms. A file still gets a database that holds exactly what the template holds: its
 * session is reset (`discard all`), every table is emptied but those with rows in the template, and
 * the PGlite goes back to the pool only if then
 *  - its catalog (tables, columns, functions, roles, policies, triggers, grants, settings) is the
 *    one a fresh PGlite had (see STATE);
 *  - the tables that hold rows in the template (found on a fresh one: the migrations' ledger,
 *    pg-boss's queues and schedules, the geography) hold the same rows;
 * otherwise it is closed, as every test database used to be. A file's handle refuses every call
 * once the file has let it go, so a late write of one file can never land in the next file's data.
 */
export interface TPooledDatabase {
  handle: TDatabaseHandle;
  /** Empties the PGlite and returns it to the pool, or closes it (see above). */
  release(): Promise<void>;
}

/** What a fresh PGlite holds, read once per pool: the tables to empty, and the query of what must not change. */
type TTemplate = { emptied: string[]; stateQuery: string; state: string };

/** PGlites kept idle per worker (each holds its own copy of the database in memory). */
const MAX_IDLE = 2;

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;
/** pg-boss's rows that each app start stamps again (updated_on): their names are compared, not their versions. */
const RESTAMPED = {
  'pgboss.queue': `(select string_agg(name || ' ' || partition_name, ',' order by name) from pgboss.queue)`,
  'pgboss.schedule': `(select string_agg(name || ' ' || cron || ' ' || coalesce(timezone, ''), ',' order by name) from pgboss.schedule)`,
} as Record<string, string>;

/**
 * What must be as in the template for a PGlite to be lent again, read cheaply: each catalog's row
 * count and newest row version (xmin). Any DDL, grant, role or policy change inserts or updates a
 * catalog row, which changes one of them; emptying with DELETE changes none (TRUNCATE would, and
 * costs a new file per table and index). The tables that hold rows in the template (found, not
 * listed: drizzle's ledger, pg-boss's version, queues and schedules, the geography today) are read
 * the same way, but pg-boss's restamped rows, whose names are compared instead.
 */
const CATALOGS = [
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_proc',
  'pg_type',
  'pg_namespace',
  'pg_authid',
  'pg_auth_members',
  'pg_db_role_setting',
  'pg_policy',
  'pg_trigger',
  'pg_constraint',
  'pg_index',
  'pg_extension',
  'pg_sequence',
  'pg_rewrite',
  'pg_default_acl',
  'pg_event_trigger',
  'pg_enum',
  'pg_inherits',
  'pg_largeobject_metadata',
];
const versions = (table: string) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${table})`;

async function templateOf(client: PGlite): Promise<TTemplate> {
  // Partitions are emptied with their table.
  const { rows: tables } = await client.query<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${USER_SCHEMAS} and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  const { rows: filled } = await client.query<{ name: string }>(
    tables.map(({ name }) => `select '${name.replaceAll("'", "''")}' as name where exists (select 1 from ${name})`).join(' union all '),
  );
  const kept = new Set(filled.map((t) => t.name));
  const stateQuery = `select concat_ws(' ', ${[...CATALOGS.map(versions), ...[...kept].map((table) => RESTAMPED[table] ?? versions(table))].join(', ')}) as state`;
  return { emptied: tables.map((t) => t.name).filter((name) => !kept.has(name)), stateQuery, state: await stateOf(client, stateQuery) };
}

const stateOf = async (client: PGlite, stateQuery: string) => (await client.query<{ state: string }>(stateQuery)).rows[0]!.state;

export interface TPglitePool {
  /** A database holding the template: a PGlite of the pool if one is idle, else a new one (`open`). */
  lease(): Promise<TPooledDatabase>;
  /** How many PGlites were opened, lent again, and closed because a file changed what must not change. */
  counts(): { opened: number; reused: number; discarded: number };
}

/** `open` opens a PGlite holding the template (the run's dump); the first one opened says what the template is. */
export function createPglitePool(open: () => Promise<TDatabaseHandle>): TPglitePool {
  const idle: PGlite[] = [];
  const counts = { opened: 0, reused: 0, discarded: 0 };
  let template: Promise<TTemplate> | undefined;

  async function lease(): Promise<TPooledDatabase> {
    let client = idle.pop();
    if (client) counts.reused++;
    else {
      const handle = await open();
      counts.opened++;
      client = (handle.db as unknown as { $client: PGlite }).$client;
      template ??= templateOf(client);
      await template;
    }
    return lend(client);
  }

  function lend(client: PGlite): TPooledDatabase {
    let released = false;
    const subscriptions = new Set<() => Promise<void>>();
    // Every call of the file's handle after the release throws, as a closed PGlite's did.
    const guarded = new Proxy(client, {
      get(target, property) {
        if (released) throw new Error('this test database was let go by its file (test/pglite-pool.ts)');
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const handle = pgliteHandle(guarded);
    const listen: TListen = async (channel, onMessage, onLost) => {
      const unsubscribe = await handle.listen(channel, onMessage, onLost);
      subscriptions.add(unsubscribe);
      return async () => {
        subscriptions.delete(unsubscribe);
        await unsubscribe();
      };
    };
    return {
      handle: { ...handle, listen, close: async () => {} },
      async release() {
        if (released) return;
        for (const unsubscribe of subscriptions) await unsubscribe().catch(() => {});
        released = true;
        // A file that ran several apps at once leaves several: the files after it use one at a time.
        if (idle.length >= MAX_IDLE) await client.close().catch(() => {});
        else if (await emptied(client, await template!)) idle.push(client);
        else {
          counts.discarded++;
          await client.close().catch(() => {});
        }
      },
    };
  }

  return { lease, counts: () => ({ ...counts }) };
}

/** Empties the PGlite and says whether it holds the template again. */
async function emptied(client: PGlite, expected: TTemplate): Promise<boolean> {
  if (client.closed) return false;
  try {
    // A session as a new one: role, settings, prepared statements, listens, advisory locks, temporary tables.
    await client.exec('discard all');
    // Foreign keys and the tables' own triggers are left out of the deleting (replica mode).
    await client.exec(
      `set session_replication_role = replica; ${expected.emptied.map((table) => `delete from ${table};`).join(' ')} reset session_replication_role;`,
    );
    return (await stateOf(client, expected.stateQuery)) === expected.state;
  } catch {
    return false;
  }
}
