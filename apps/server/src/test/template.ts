import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../app.js';
import { openDatabase, type TDatabase } from '../platform/db.js';
import { testConfig } from './config.js';

/**
 * The migrated database every test file starts from, made once per test run (vitest globalSetup):
 * on PostgreSQL a template database that each file copies with CREATE DATABASE ... TEMPLATE, on
 * PGlite a dump of a migrated data directory that each file loads into its own in-memory PGlite
 * (harness.ts reads it, and compiles PGlite's WebAssembly, once per worker).
 * Migrating costs seconds per file on PGlite; copying costs a fraction of one.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TDatabaseTemplate;
    /** Where the demo-seeded templates of this run are made, one per day (demo-template.ts). */
    demoTemplates: { folder: string };
  }
}

export type TDatabaseTemplate = { kind: 'postgres'; adminUrl: string; name: string } | { kind: 'pglite'; dumpFile: string };

export function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Builds the app once on the template, so that it holds what every app's start would otherwise make
 * again in each test's database: pg-boss's queue per job type (a partitioned table each, 21 of them)
 * and the modules' schedules. On a copy, each start finds them and changes nothing: half of a test
 * app's start on PGlite (about 0.5 of 1.1 s of CPU) was making them.
 */
async function prepareJobQueues(db: TDatabase) {
  const app = await buildApp({ config: testConfig(), db, logger: false });
  await app.ready();
  await app.close();
}

/** Makes the template for TEST_DATABASE_URL's server, or for PGlite when it is unset; returns it and how to remove it. */
export async function createDatabaseTemplate(adminUrl = process.env.TEST_DATABASE_URL): Promise<{ template: TDatabaseTemplate; remove(): Promise<void> }> {
  if (adminUrl) {
    const name = `audit_tpl_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const handle = await openDatabase(databaseUrl(adminUrl, name));
    await prepareJobQueues(handle.db);
    await handle.close();
    // No one may connect to it while it is copied; marking it a template also says what it is.
    await adminQuery(adminUrl, `alter database ${name} with is_template true allow_connections false`);
    return {
      template: { kind: 'postgres', adminUrl, name },
      remove: async () => {
        await adminQuery(adminUrl, `alter database ${name} with is_template false`);
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const handle = await openDatabase('memory://');
  await prepareJobQueues(handle.db);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  // Each file untars the dump into its PGlite: a smaller one starts faster (decision 0099). The
  // tests connect to `postgres` only and create no database on PGlite, so template0 and template1
  // (600 of the 1,660 files, 15 of the 47 MB) go; a checkpoint spares each start the WAL's replay.
  // One statement per call: DROP DATABASE refuses to run inside the implicit transaction of several.
  for (const name of ['template0', 'template1']) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`);
  }
  // PGlite's default shared_buffers (128 MB) are allocated and cleared at every start: a third of an
  // open's CPU (0.97 -> 0.67 s, decision 0099). A page that 16 MB cannot hold is copied back from
  // PGlite's in-memory files, which costs less: 34 server files took 6 % less CPU in all. Read at
  // the next start, so every copy of this dump (and of the demo's, made from it) has it.
  await client.exec(`alter system set shared_buffers = '16MB'`);
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const folder = mkdtempSync(join(tmpdir(), 'audit-test-template-'));
  const dumpFile = join(folder, 'pglite.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return { template: { kind: 'pglite', dumpFile }, remove: async () => rmSync(folder, { recursive: true, force: true }) };
}
