import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type TAppDeps } from '../app.js';
import { testConfig } from './config.js';
import { openDatabase, type TDatabase } from '../platform/db.js';
import { createPglitePool, type TPglitePool } from './pglite-pool.js';
import { adminQuery, databaseUrl, type TDatabaseTemplate } from './template.js';

/**
 * A real app on a database of its own for one test file: an in-memory PGlite loaded from the run's
 * migrated dump by default, or a new PostgreSQL database copied from the run's template when
 * TEST_DATABASE_URL is set (created here, dropped by close()). The template is made once per run by
 * global-setup.ts; without it (the harness used outside vitest's setup) the database is migrated here.
 */
export interface TTestApp {
  app: FastifyInstance;
  db: TDatabase;
  kind: 'pglite' | 'postgres';
  /** Where the database is: a second server may open it too (PostgreSQL; 'memory://' is this process's PGlite). */
  url: string;
  close(): Promise<void>;
}

function providedTemplate(): TDatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/**
 * `from`: a copy of which template (default: the run's migrated one). The demo-seeded template
 * (demo-template.ts) passes its own: the PostgreSQL database to copy, or the dump read into memory.
 */
export type TDatabaseSource = { kind: 'postgres'; name: string } | { kind: 'pglite'; dump: Blob };

/** This worker's PGlites of the migrated template, lent to file after file (decision 0108). */
let pool: TPglitePool | undefined;

export async function openTestDatabase(from?: TDatabaseSource) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = providedTemplate();
  if (adminUrl) {
    const name = `audit_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const copy = from?.kind === 'postgres' ? from.name : template?.kind === 'postgres' && template.adminUrl === adminUrl ? template.name : undefined;
    await adminQuery(adminUrl, copy ? `create database ${name} template ${copy}` : `create database ${name}`);
    // A test database's commits need not wait for the disk: a few milliseconds of fsync per commit
    // were most of the PostgreSQL pass's time. Nothing here survives the run anyway; the tests of
    // durability (a killed server, a restarted PostgreSQL) start a cluster of their own (own-postgres.ts).
    if (process.env.TEST_SYNCHRONOUS_COMMIT !== 'on') await adminQuery(adminUrl, `alter database ${name} set synchronous_commit = off`);
    const url = databaseUrl(adminUrl, name);
    const handle = await openDatabase(url);
    return { handle, url, drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
  }
  const { pgliteDump, pgliteAssets } = await pgliteStart(template);
  if (from?.kind === 'pglite')
    return { handle: await openDatabase('memory://', { pgliteDump: from.dump, pgliteAssets }), url: 'memory://', drop: async () => {} };
  // The migrated template: a PGlite of this worker's pool, emptied since its last file (decision 0108).
  pool ??= createPglitePool(() => openDatabase('memory://', { pgliteDump, pgliteAssets }));
  const lease = await pool.lease();
  return { handle: lease.handle, url: 'memory://', drop: lease.release };
}

/**
 * What every PGlite of a worker starts from, made once per worker (the server project runs its
 * files in one module graph per worker, isolate: false): the run's dump read into memory, PGlite's
 * WebAssembly compiled, its file-system bundle read. Each open still gets a database of its own,
 * untarred from the dump; only the reading and the compiling are shared (about 0.25 s per file).
 */
let started: { dumpFile: string | undefined; start: Promise<TPgliteStart> } | undefined;
type TPgliteStart = { pgliteDump: Blob | undefined; pgliteAssets: { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob } };
export function pgliteStart(template = providedTemplate()): Promise<TPgliteStart> {
  const dumpFile = template?.kind === 'pglite' ? template.dumpFile : undefined;
  if (!started || started.dumpFile !== dumpFile) {
    const dist = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '/'));
    const start = (async () => {
      const [dump, wasm, bundle] = await Promise.all([
        dumpFile ? readFile(dumpFile) : undefined,
        readFile(new URL('pglite.wasm', dist)),
        readFile(new URL('pglite.data', dist)),
      ]);
      return {
        pgliteDump: dump ? new Blob([dump]) : undefined,
        pgliteAssets: { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) },
      };
    })();
    started = { dumpFile, start };
    start.catch(() => (started = undefined));
  }
  return started.start;
}

export { testConfig } from './config.js';

export function createTestApp(env: Record<string, string> = {}, extend?: TAppDeps['extend'], modules?: TAppDeps['modules']): Promise<TTestApp> {
  return createTestAppOn(undefined, env, extend, modules);
}

/** createTestApp on a copy of another template than the migrated one (`from`, see openTestDatabase). */
export async function createTestAppOn(
  from: TDatabaseSource | undefined,
  env: Record<string, string> = {},
  extend?: TAppDeps['extend'],
  modules?: TAppDeps['modules'],
): Promise<TTestApp> {
  const { handle, drop, url } = await openTestDatabase(from);
  const config = testConfig(env);
  const app = await buildApp({ config, db: handle.db, listen: handle.listen, logger: false, extend, modules });
  await app.ready();
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    url,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

/** A thin client over app.inject: JSON in, parsed JSON out, status and headers kept. */
export interface TApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

export function apiClient(app: FastifyInstance, token?: string, language?: 'es' | 'en') {
  const call = async <T = any>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TApiResponse<T>> => {
    const res = await app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(language ? { 'accept-language': language } : {}), ...headers },
    });
    let body: any = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers as TApiResponse['headers'] };
  };
  return {
    get: <T = any>(url: string) => call<T>('GET', url),
    post: <T = any>(url: string, body: unknown = {}) => call<T>('POST', url, body),
    patch: <T = any>(url: string, body: unknown = {}) => call<T>('PATCH', url, body),
    delete: <T = any>(url: string) => call<T>('DELETE', url),
    call,
  };
}
export type TApiClient = ReturnType<typeof apiClient>;

/**
 * A 5xx that is the answer by design in a test app: GET /ready says 503 while the job workers are
 * stopped, and tests run jobs by hand (app.jobs.runDue) instead of starting them. The walks over
 * every route (matrix, isolation) accept it and nothing else.
 */
export const isNotReadyByDesign = (method: string, url: string, status: number) => method === 'GET' && url.split('?')[0] === '/ready' && status === 503;
