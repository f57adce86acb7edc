import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPostgres, type TOwnPostgres } from '../../test/own-postgres.js';
import { adminQuery, databaseUrl } from '../../test/template.js';
import { openDatabase } from '../db.js';
import { expectServedAgain, makeInstallation, runCli } from './test/fixture.js';

/**
 * Issue 27: a PostgreSQL installation backed up with `npm run backup` (pg_dump and the files) and
 * restored with `npm run restore` into a new, empty database of another cluster (no audit_app role
 * there yet) and a new DATA_DIR starts and serves the same audit, photo and PDF.
 */
const root = mkdtempSync(join(tmpdir(), 'backup-postgres-'));
let source: TOwnPostgres;
let target: TOwnPostgres;

beforeAll(async () => {
  source = await startOwnPostgres();
  target = await startOwnPostgres();
}, 300_000);
afterAll(() => {
  source?.destroy();
  target?.destroy();
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore of a PostgreSQL installation', () => {
  it('restores into a new database and DATA_DIR that sign in and serve the same audit, photo and PDF', async () => {
    const live = join(root, 'live');
    const handle = await openDatabase(source.url);
    const served = await makeInstallation(handle, live);
    await handle.close();

    const folder = join(root, 'backup');
    runCli('backup', folder, { DATA_DIR: live, DATABASE_URL: source.url, JWT_SECRET: 'x'.repeat(40) });
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ engine: 'postgres', files: { store: 'disk', count: 2 } });
    expect(manifest.jwtSecret).toContain('JWT_SECRET');

    await adminQuery(target.url, 'create database restored');
    const env = { DATA_DIR: join(root, 'restored'), DATABASE_URL: databaseUrl(target.url, 'restored') };
    runCli('restore', folder, env);
    expect(() => runCli('restore', folder, { ...env, DATA_DIR: join(root, 'other') })).toThrow(/not empty/); // never over an installation
    await expectServedAgain(env, served);
  }, 900_000);
});
