import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TConfig } from '../../config.js';
import { holdPgliteLock } from './lock.js';

/**
 * One backup = one folder: the database (pg_dump's custom format, or PGlite's data directory as a
 * tarball), the stored files (disk store) and manifest.json. Never the JWT secret: the manifest says
 * where it lives (decision 0090). Restore writes into a fresh place only (an empty database, a
 * DATA_DIR without a database or files), so it never mixes two installations.
 */
export const MANIFEST = 'manifest.json';
const PG_DUMP = 'database.pgdump';
const PGLITE_DUMP = 'pglite.tar.gz';
const FILES = 'files';

export interface TManifest {
  format: 1;
  createdAt: string;
  engine: 'postgres' | 'pglite';
  files: { store: 'disk'; count: number; bytes: number } | { store: 's3'; bucket: string; endpoint: string | null };
  jwtSecret: string;
}

type TBackupConfig = Pick<TConfig, 'DATA_DIR' | 'DATABASE_URL' | 'JWT_SECRET' | 'S3_BUCKET' | 'S3_ENDPOINT'>;
type TLog = (line: string) => void;

const isPostgres = (config: TBackupConfig) => Boolean(config.DATABASE_URL?.match(/^postgres(ql)?:\/\//));
const pgliteDir = (config: TBackupConfig) => join(config.DATA_DIR, 'pglite');
const filesDir = (config: TBackupConfig) => join(config.DATA_DIR, 'files');

/** A store's half-written file (platform/storage.ts writes `<key>.<uuid>.part`, then renames). */
const notPartial = (source: string) => !source.endsWith('.part');

/** Copies the files not copied yet (a second pass only adds what appeared since the first). */
function copyFiles(from: string, to: string) {
  if (existsSync(from)) cpSync(from, to, { recursive: true, force: false, errorOnExist: false, filter: notPartial, preserveTimestamps: true });
}

function countFiles(dir: string): { count: number; bytes: number } {
  if (!existsSync(dir)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

const run = (tool: string, args: string[]) => execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });

const openPglite = (dataDir: string, loadDataDir?: Blob) => new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });

export async function backup(config: TBackupConfig, target: string, log: TLog = console.log): Promise<TManifest> {
  const dir = resolve(target);
  const engine = isPostgres(config) ? 'postgres' : 'pglite';
  // PGlite lives inside the server's process: the server must be stopped (its lock says so), and
  // nothing is written before that is known.
  const release = engine === 'pglite' ? holdPgliteLock(pgliteDir(config), 'backup') : () => undefined;
  try {
    if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} is not empty: a backup goes into a new folder`);
    if (engine === 'pglite' && !existsSync(join(pgliteDir(config), 'PG_VERSION'))) throw new Error(`no PGlite database in ${pgliteDir(config)}`);
    mkdirSync(dir, { recursive: true });
    const s3 = config.S3_BUCKET;
    // Files before and after the database: a file is stored before its row commits and removed after
    // its row is gone, so every file the dump names was there at one of the two passes.
    if (!s3) copyFiles(filesDir(config), join(dir, FILES));
    if (engine === 'postgres') {
      // One snapshot of the whole database while the servers keep running.
      run('pg_dump', ['--format=custom', '--file', join(dir, PG_DUMP), '--dbname', config.DATABASE_URL!]);
    } else {
      const db = openPglite(pgliteDir(config));
      try {
        await db.waitReady; // dumpDataDir before the database is up leaves the process waiting on nothing
        const tarball = await db.dumpDataDir('gzip');
        writeFileSync(join(dir, PGLITE_DUMP), Buffer.from(await tarball.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    if (!s3) copyFiles(filesDir(config), join(dir, FILES));
    const manifest: TManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      engine,
      files: s3 ? { store: 's3', bucket: s3, endpoint: config.S3_ENDPOINT ?? null } : { store: 'disk', ...countFiles(join(dir, FILES)) },
      jwtSecret: config.JWT_SECRET
        ? 'the JWT_SECRET environment variable (not in this backup)'
        : `the file ${join(config.DATA_DIR, 'jwt-secret')} (not in this backup)`,
    };
    writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    log(`backup of the ${engine} database${manifest.files.store === 'disk' ? ` and ${manifest.files.count} files` : ''} in ${dir}`);
    if (s3) log(`files are in the S3 bucket ${s3}: back it up with the bucket's versioning or replication, at the same moment`);
    log(`the JWT secret is ${manifest.jwtSecret}`);
    return manifest;
  } finally {
    release();
  }
}

/** Refuses a database that already holds tables: restore goes into a new, empty one. */
async function assertEmptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    if (rows[0]!.n) throw new Error('the target database is not empty: restore into a new database (createdb)');
    // The role the requests run as (migration 0001) is the cluster's, not the dump's: a new cluster lacks it.
    await client.query(`DO $$ BEGIN CREATE ROLE audit_app NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
    await client.query(`DO $$ BEGIN EXECUTE format('GRANT audit_app TO %I', current_user); EXCEPTION WHEN others THEN NULL; END $$`);
  } finally {
    await client.end();
  }
}

export async function restore(config: TBackupConfig, source: string, log: TLog = console.log): Promise<TManifest> {
  const dir = resolve(source);
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as TManifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const engine = isPostgres(config) ? 'postgres' : 'pglite';
  if (engine !== manifest.engine)
    throw new Error(`this is a ${manifest.engine} backup; set ${manifest.engine === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR without DATABASE_URL'}`);
  const files = filesDir(config);
  if (manifest.files.store === 'disk' && !config.S3_BUCKET && existsSync(files) && readdirSync(files).length)
    throw new Error(`${files} is not empty: restore into a new DATA_DIR`);
  if (engine === 'postgres') {
    await assertEmptyDatabase(config.DATABASE_URL!);
    run('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--dbname', config.DATABASE_URL!, join(dir, PG_DUMP)]);
  } else {
    const target = pgliteDir(config);
    const release = holdPgliteLock(target, 'restore');
    try {
      if (existsSync(target) && readdirSync(target).length) throw new Error(`${target} is not empty: restore into a new DATA_DIR`);
      mkdirSync(target, { recursive: true });
      const db = openPglite(target, new Blob([readFileSync(join(dir, PGLITE_DUMP))]));
      try {
        await db.query('select 1');
      } finally {
        await db.close();
      }
    } finally {
      release();
    }
  }
  if (manifest.files.store === 'disk') {
    if (config.S3_BUCKET) log(`the backup's files are on disk (${join(dir, FILES)}): copy them into the bucket ${config.S3_BUCKET} under the same keys`);
    else copyFiles(join(dir, FILES), files);
  } else {
    log(`files are in the S3 bucket ${manifest.files.bucket}: point S3_BUCKET at it, or at a copy restored from the same moment`);
  }
  log(
    `restored the ${engine} database${manifest.files.store === 'disk' && !config.S3_BUCKET ? ` and ${manifest.files.count} files` : ''} from ${dir} (made ${manifest.createdAt})`,
  );
  log(`the JWT secret was ${manifest.jwtSecret}: set the same one to keep sessions, else everybody signs in again`);
  return manifest;
}
