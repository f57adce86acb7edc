import { like, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TDatabase, TTransaction } from './db.js';
import { outsideSpace } from './errors.js';
import { listsChangedHere } from './totals.js';

/**
 * Tenancy, in one place. A request acts in the space of its token and sees:
 *  - tenant rows whose secure path starts with the space's path (the space and its descendants);
 *  - catalogue rows (roles, nomenclatures) of the space, its descendants and its ancestors.
 * It writes only inside its space (else 451). PostgreSQL Row Level Security enforces the same
 * rules underneath: each scoped transaction switches to the non-superuser role APP_ROLE and sets
 * the scope with set_config(..., true), which ends with the transaction.
 */
export const APP_ROLE = 'audit_app';

export interface TScope {
  spaceId: string;
  spacePath: string;
  userId: string | null;
}

/** Materialised path of a space: its ancestors' ids and its own, each followed by '/'. */
export const childPath = (parentPath: string, spaceId: string) => `${parentPath}${spaceId}/`;
export const rootPath = (spaceId: string) => `/${spaceId}/`;

/**
 * Never open a second transaction (withScope or unsafeUnscoped) while inside one: PGlite is a
 * single session, so the inner one waits for the outer one forever.
 */
export async function withScope<T>(db: TDatabase, scope: TScope, work: (tx: TTransaction) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return withScopeOnPool(pool, scope, work);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.space_path', ${scope.spacePath}, true), set_config('app.user_id', ${scope.userId ?? ''}, true)`,
    );
    return work(tx);
  });
}

/** Drizzle handles over pooled connections, made once per connection (the pool reuses them). */
const handles = new WeakMap<pg.PoolClient, TTransaction>();

/**
 * The same transaction on PostgreSQL in one round trip less: BEGIN and the scope go together as one
 * simple-protocol message (values escaped by the driver), then COMMIT. Scoped writes are the hot
 * path (an auditor's answers), where each round trip counts.
 */
async function withScopeOnPool<T>(pool: pg.Pool, scope: TScope, work: (tx: TTransaction) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  const literal = (value: string) => connection.escapeLiteral(value);
  let broken = false;
  try {
    await connection.query(
      `begin; select set_config('role', ${literal(APP_ROLE)}, true), set_config('app.space_path', ${literal(scope.spacePath)}, true), set_config('app.user_id', ${literal(scope.userId ?? '')}, true)`,
    );
    let tx = handles.get(connection);
    if (!tx) {
      tx = drizzle(connection) as unknown as TTransaction;
      handles.set(connection, tx);
    }
    const result = await work(tx);
    // The listed tables this transaction changed (migration 0069), read in the COMMIT's message: their
    // kept totals are forgotten before the response (platform/totals.ts). A failed COMMIT fails the
    // whole message, and nothing is forgotten. PGlite needs none of it: its notifications reach
    // this process's listener before its COMMIT's answer does.
    const [changed] = (await connection.query(`select current_setting('app.lists_changed', true) as tables; commit`)) as unknown as pg.QueryResult<{
      tables: string | null;
    }>[];
    listsChangedHere(changed?.rows[0]?.tables);
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is dropped, not handed to the next request.
    connection.release(broken);
  }
}

/**
 * Runs outside any tenant, as the owner role. Only for what has no tenant yet or spans tenants by
 * design: sign-in, token refresh, a user's own memberships, start-up seeding. Review every caller.
 */
export async function unsafeUnscoped<T>(db: TDatabase, work: (tx: TTransaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/**
 * Runs `work` as the owner role inside an open transaction (scoped or not), then gives the
 * transaction its role back: for a reviewed read that spans tenants by design (people's names) and
 * must share the write's transaction (a keyed write whose response is stored with its key, decision
 * 0093; PGlite's one session cannot open a second transaction meanwhile). The scope's settings stay;
 * only Row Level Security is off while `work` runs. Reads only: review every caller.
 */
export async function unsafeUnscopedIn<T>(tx: TTransaction, work: (tx: TTransaction) => Promise<T>): Promise<T> {
  // The role read before it changes (the CTE is evaluated first); 'none' is the session's own role.
  const { rows } = await tx.execute<{ role: string }>(
    sql`with was as materialized (select current_setting('role') as role) select role, set_config('role', 'none', true) from was`,
  );
  const restore = () => tx.execute(sql`select set_config('role', ${rows[0]!.role}, true)`);
  try {
    const result = await work(tx);
    await restore();
    return result;
  } catch (error) {
    // A failed statement aborts the transaction (the restore fails too, and the error leaves with it).
    await restore().catch(() => undefined);
    throw error;
  }
}

/** Predicate: tenant rows of the space and below. */
export function inScope(pathColumn: AnyColumn, scope: TScope): SQL {
  return like(pathColumn, `${scope.spacePath}%`);
}

/**
 * Predicate: tenant rows of the space and below, as `starts_with` (decision 0052). Same rows as
 * inScope, but a leakproof function: on a table under Row Level Security the planner uses the
 * column's statistics only for leakproof operators, so LIKE is estimated at 0.5 % of the table
 * whatever it matches, and a list of 200,000 rows planned as two rows sorted after a sequential
 * scan. starts_with is estimated from the statistics, and a text_pattern_ops index serves it.
 */
export function withinScope(pathColumn: AnyColumn, scope: TScope): SQL {
  return sql`starts_with(${pathColumn}, ${scope.spacePath})`;
}

/** Predicate: catalogue rows of the space, below, or of an ancestor (shared downwards). */
export function inCatalogueScope(pathColumn: AnyColumn, scope: TScope): SQL {
  return or(like(pathColumn, `${scope.spacePath}%`), sql`${scope.spacePath} like ${pathColumn} || '%'`)!;
}

export function isInside(scope: TScope, targetPath: string): boolean {
  return targetPath.startsWith(scope.spacePath);
}

/** A write must land inside the request's space. */
export function assertWritable(scope: TScope, targetPath: string): void {
  if (!isInside(scope, targetPath)) throw outsideSpace();
}
