import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type TAppDeps } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type TDatabase } from '../platform/db.js';

/**
 * A real app on a fresh database for one test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database when TEST_DATABASE_URL is set (created here, dropped by close()).
 */
export interface TTestApp {
  app: FastifyInstance;
  db: TDatabase;
  kind: 'pglite' | 'postgres';
  /** Where the database is: a second server may open it too (PostgreSQL; 'memory://' is this process's PGlite). */
  url: string;
  close(): Promise<void>;
}

async function createPostgresDatabase(adminUrl: string) {
  const name = `audit_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}, extend?: TAppDeps['extend'], modules?: TAppDeps['modules']): Promise<TTestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgdb = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  const handle = await openDatabase(pgdb?.url ?? 'memory://');
  const config = loadConfig({ JWT_SECRET: randomBytes(32).toString('hex'), DATA_DIR: '/tmp/audit-test-unused', SIGNIN_RATE_LIMIT: '1000', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db: handle.db, listen: handle.listen, logger: false, extend, modules });
  await app.ready();
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    url: pgdb?.url ?? 'memory://',
    close: async () => {
      await app.close();
      await handle.close();
      await pgdb?.drop();
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
  const call = async <T = any>(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<TApiResponse<T>> => {
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
