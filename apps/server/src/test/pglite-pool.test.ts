import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../platform/db.js';
import { pgliteStart } from './harness.js';
import { createPglitePool, type TPooledDatabase } from './pglite-pool.js';
import { createDatabaseTemplate } from './template.js';

/**
 * The tests' PGlite pool (decision 0108): a file's database must hold exactly the template whether
 * it is fresh or lent again. This file runs a pool of its own, so the worker's pool is not involved.
 */
let ownTemplate: Awaited<ReturnType<typeof createDatabaseTemplate>> | undefined;
const pool = createPglitePool(async () => {
  let started = await pgliteStart();
  if (!started.pgliteDump) {
    // The PostgreSQL pass has no PGlite dump: this file makes one, as global-setup.ts does for the PGlite pass.
    ownTemplate ??= await createDatabaseTemplate('');
    started = await pgliteStart(ownTemplate.template);
  }
  return openDatabase('memory://', { pgliteDump: started.pgliteDump, pgliteAssets: started.pgliteAssets });
});
const leases: TPooledDatabase[] = [];
async function lease() {
  const lent = await pool.lease();
  leases.push(lent);
  return lent;
}
const rows = async (lent: TPooledDatabase, text: string) => (await lent.handle.db.execute(sql.raw(text))).rows as Record<string, unknown>[];
afterAll(async () => {
  for (const lent of leases) await lent.release();
  await ownTemplate?.remove();
});

describe('the PGlite pool of the test harness', () => {
  it('lends an emptied PGlite again: no row, session setting or role of the last file is left, and the template rows are there', async () => {
    const first = await lease();
    const [space] = await rows(first, `insert into spaces (identifier, name, secure_space_path) values ('pool', 'Pool', '/pool/') returning id`);
    expect(space?.id).toBeTruthy();
    await rows(first, `set app.user_id = 'someone'`);
    await rows(first, `set role audit_app`);
    await first.release();

    const second = await lease();
    expect(pool.counts()).toMatchObject({ opened: 1, reused: 1, discarded: 0 });
    expect(await rows(second, `select count(*)::int as n from spaces`)).toEqual([{ n: 0 }]);
    // Empty as after any scoped transaction of a session (set_config(..., true) leaves '' behind, not null).
    expect(await rows(second, `select current_user as who, coalesce(current_setting('app.user_id', true), '') as setting`)).toEqual([
      { who: 'postgres', setting: '' },
    ]);
    expect((await rows(second, `select count(*)::int as n from cities`))[0]!.n).toBeGreaterThan(8000);
    await second.release();
  });

  it('closes a PGlite whose catalog or template rows a file changed, and opens a fresh one for the next file', async () => {
    const before = pool.counts();
    const ddl = await lease();
    await rows(ddl, `create table pool_probe (id int)`);
    await ddl.release();
    const kept = await lease();
    expect(await rows(kept, `select to_regclass('pool_probe') as found`)).toEqual([{ found: null }]);
    await rows(kept, `update countries set name_es = name_es || ' (changed)' where code = 'ES'`);
    await kept.release();
    const granted = await lease();
    await rows(granted, `grant select on cities to audit_app with grant option`);
    await granted.release();
    const next = await lease();
    expect(await rows(next, `select name_es from countries where code = 'ES'`)).toEqual([{ name_es: 'España' }]);
    expect(pool.counts().discarded - before.discarded).toBe(3);
    await next.release();
  });

  it("refuses a file's late call once the file let its database go", async () => {
    const lent = await lease();
    await lent.release();
    const late = (await rows(lent, 'select 1').catch((error: Error) => error)) as Error;
    expect(String((late.cause as Error | undefined)?.message ?? late.message)).toMatch(/let go by its file/);
    const next = await lease();
    expect(await rows(next, 'select 1 as one')).toEqual([{ one: 1 }]);
    await next.release();
  });
});
