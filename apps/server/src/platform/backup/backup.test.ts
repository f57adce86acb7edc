import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db.js';
import { holdPgliteLock } from './lock.js';
import { expectServedAgain, makeInstallation, runCli } from './test/fixture.js';

/**
 * Issue 27: an embedded (PGlite) installation backed up with `npm run backup` and restored with
 * `npm run restore` into a new DATA_DIR starts there and serves the same audit, photo and PDF.
 */
const root = mkdtempSync(join(tmpdir(), 'backup-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backup and restore of a PGlite installation', () => {
  it('restores into a new DATA_DIR that signs in and serves the same audit, photo and PDF', async () => {
    const live = join(root, 'live');
    const handle = await openDatabase(join(live, 'pglite'));
    const served = await makeInstallation(handle, live);
    await handle.close();

    // While a server holds the folder, neither a backup nor a restore touches it.
    const release = holdPgliteLock(join(live, 'pglite'), 'the server');
    expect(() => runCli('backup', join(root, 'refused'), { DATA_DIR: live })).toThrow(/open by the server/);
    expect(existsSync(join(root, 'refused'))).toBe(false); // refused before writing anything
    release();

    const folder = join(root, 'backup');
    runCli('backup', folder, { DATA_DIR: live });
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ engine: 'pglite', files: { store: 'disk', count: 2 } });
    expect(manifest.jwtSecret).toContain('jwt-secret');
    expect(existsSync(join(folder, 'jwt-secret'))).toBe(false); // the secret is never copied

    const fresh = join(root, 'restored');
    runCli('restore', folder, { DATA_DIR: fresh });
    expect(() => runCli('restore', folder, { DATA_DIR: fresh })).toThrow(/not empty/); // never over an installation
    await expectServedAgain({ DATA_DIR: fresh }, served);
  }, 900_000);
});
