import { existsSync } from 'node:fs';
import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { DEFAULT_TIME_ZONE, todayInZone } from '@audit/domain/dates';
import type { TAppDeps } from '../app.js';
import { openDatabase } from '../platform/db.js';
import { unsafeUnscoped } from '../platform/tenancy.js';
import { seedDemo } from '../seed/demo.js';
import { createTestApp, createTestAppOn, pgliteStart, type TDatabaseSource, type TTestApp } from './harness.js';
import { adminQuery, databaseUrl, type TDatabaseTemplate } from './template.js';

/**
 * The demo data seeded once per run and day, copied by every file that starts from it (decision 0101).
 * Seeding the demo costs about 2.5 s of CPU on PGlite (more on a loaded machine); a copy costs
 * what the migrated template's does. The first file that asks for the day's template makes it, under a lock file in
 * the folder global-setup.ts provides; the others wait for it (seconds, not a second seed). On
 * PGlite it is a dump, read once per worker; on PostgreSQL a template database copied per file.
 * Each file still gets a database of its own.
 *
 * The demo is relative to "now" (Madrid's today for its audits, visits, incidents, registers and
 * documents; the UTC year for its contracts and visit plan), so a template is made for one day: a
 * run that crosses midnight makes a second one for the new day, at the first file that asks for it.
 * A file's copy holds the demo as seeded by that day's first demo file, minutes earlier at most.
 * seed/demo.test.ts tests the seed itself and keeps seeding its own.
 */
export async function createDemoTestApp(env: Record<string, string> = {}, extend?: TAppDeps['extend']): Promise<TTestApp> {
  const source = await demoTemplate();
  if (source) return createTestAppOn(source, env, extend);
  // Outside vitest's setup (no folder provided): seed here, as every demo file did before.
  const t = await createTestApp(env, extend);
  await unsafeUnscoped(t.db, (tx) => seedDemo(tx));
  return t;
}

/** What a day's template is known by, in its file names: Madrid's date and the UTC date. */
export const demoDay = (now = new Date()) => `${todayInZone(DEFAULT_TIME_ZONE, now).replaceAll('-', '')}_${now.toISOString().slice(0, 10).replaceAll('-', '')}`;

type TMade = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

function provided(): { folder: string; template: TDatabaseTemplate } | undefined {
  try {
    return { ...inject('demoTemplates'), template: inject('databaseTemplate') };
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/** This worker's copy of each day's dump, read from disk once. */
const dumps = new Map<string, Promise<Blob>>();

async function demoTemplate(): Promise<TDatabaseSource | undefined> {
  const run = provided();
  if (!run?.folder) return undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The template matches this file's database kind only if the run's setup saw the same URL.
  const matches = adminUrl ? run.template.kind === 'postgres' && run.template.adminUrl === adminUrl : run.template.kind === 'pglite';
  if (!matches) return undefined;
  const made = await madeOnce(run.folder, demoDay(), run.template);
  if (made.kind === 'postgres') return { kind: 'postgres', name: made.name };
  let dump = dumps.get(made.dumpFile);
  if (!dump) {
    dump = readFile(made.dumpFile).then((bytes) => new Blob([bytes]));
    dumps.set(made.dumpFile, dump);
  }
  return { kind: 'pglite', dump: await dump };
}

/**
 * The day's template, made by the first caller of the run (any worker): it takes `<day>.lock` with
 * an exclusive create, makes the template, then writes `<day>.json` (by a rename, so a reader never
 * sees half of it). The others wait for that file. A failed making is thrown in the maker's file
 * and written to `<day>.failed`, which the waiters' files fail with.
 */
async function madeOnce(folder: string, day: string, template: TDatabaseTemplate): Promise<TMade> {
  const ready = join(folder, `${day}.json`);
  const failed = join(folder, `${day}.failed`);
  let lock;
  try {
    lock = await open(join(folder, `${day}.lock`), 'wx');
  } catch {
    return waitFor(ready, failed);
  }
  await lock.close();
  try {
    const made = await make(folder, day, template);
    await writeFile(`${ready}.tmp`, JSON.stringify(made));
    await rename(`${ready}.tmp`, ready);
    return made;
  } catch (error) {
    await writeFile(failed, String(error instanceof Error ? error.stack : error));
    throw error;
  }
}

async function waitFor(ready: string, failed: string): Promise<TMade> {
  // The seed takes seconds quiet, a minute at most under load; past that the maker is gone.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (existsSync(ready)) return JSON.parse(await readFile(ready, 'utf8')) as TMade;
    if (existsSync(failed)) throw new Error(`the demo template could not be made: see ${failed}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the demo template was not made within 240 s (${ready})`);
}

async function make(folder: string, day: string, template: TDatabaseTemplate): Promise<TMade> {
  if (template.kind === 'postgres') {
    // Named after the migrated template, so the run's teardown finds and drops it (global-setup.ts).
    const name = `${template.name}_demo_${day}`;
    await adminQuery(template.adminUrl, `create database ${name} template ${template.name}`);
    const handle = await openDatabase(databaseUrl(template.adminUrl, name));
    try {
      await unsafeUnscoped(handle.db, (tx) => seedDemo(tx));
    } finally {
      await handle.close();
    }
    await adminQuery(template.adminUrl, `alter database ${name} with is_template true allow_connections false`);
    return { kind: 'postgres', name };
  }
  const { pgliteDump, pgliteAssets } = await pgliteStart(template);
  const handle = await openDatabase('memory://', { pgliteDump, pgliteAssets });
  try {
    await unsafeUnscoped(handle.db, (tx) => seedDemo(tx));
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    // As the migrated dump (template.ts): a checkpoint spares each copy the WAL's replay. The seed
    // filled a second WAL segment; without recycling, a switch and a checkpoint leave one (16 MB
    // less for every copy to untar: 38 MB instead of 54).
    await client.exec('set wal_recycle = off');
    await client.exec('select pg_switch_wal()');
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    const dumpFile = join(folder, `demo-${day}.tar`);
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    return { kind: 'pglite', dumpFile };
  } finally {
    await handle.close();
  }
}
