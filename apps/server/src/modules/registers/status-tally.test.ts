import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { REG, registerFixture, type TRegisterFixture } from './test/fixture.js';
import { tallyAndLogs } from './test/tally.js';

/**
 * The take tally the status lists count (decision 0049): kept by register_logs' triggers, it names
 * exactly the facilities stored for each take after saves, a forced overwrite and deletes, and the
 * pending count follows it, leaving out a facility no longer in the register.
 */
let t: TTestApp;
let f: TRegisterFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'tally', { period: 'daily', frequency: 'daily' });
}, 120_000);
afterAll(async () => t.close());

const pendingOf = async () => (await expectOk(f.worker.post(`${REG}/check-pending`, { registers: [f.register] })))[0].pending as number;

describe('the take tally', () => {
  it('follows saves, an overwrite and deletes; pending counts it, without a facility taken out of the register', async () => {
    const today = todayInZone('Europe/Madrid');
    const save = (facilities: string[], force = false) =>
      f.worker.post(`${REG}/${f.register}/answer/add`, {
        date: today,
        force,
        facilities: facilities.map((id) => ({ _id: id, values: [{ param: f.temperature, value: '3,5' }] })),
      });
    expect(await pendingOf()).toBe(f.areas.length);

    await expectOk(save(f.areas.slice(0, 2)));
    expect(await pendingOf()).toBe(f.areas.length - 2);
    await expectOk(save(f.areas.slice(0, 1), true)); // an overwrite changes values, not the tally
    let both = await tallyAndLogs(t, f.register);
    expect(both.tally).toEqual(both.logs);
    expect(both.tally).toEqual([{ slot: today, take: 1, facilities: f.areas.slice(0, 2).sort() }]);

    // A deleted log row leaves the tally too.
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`delete from register_logs where register_id = ${f.register} and facility_id = ${f.areas[0]}`));
    both = await tallyAndLogs(t, f.register);
    expect(both.tally).toEqual(both.logs);
    expect(await pendingOf()).toBe(f.areas.length - 1);

    // A facility taken out of the register no longer completes it.
    await expectOk(save(f.areas.slice(2)));
    expect(await pendingOf()).toBe(1);
    const kept = f.areas.filter((id) => id !== f.areas[1]);
    await expectOk(f.admin.patch(`${REG}/${f.register}`, { areas: kept }));
    expect(await pendingOf()).toBe(1); // areas[0], deleted above, is still due; areas[1]'s row does not count
    await expectOk(save([f.areas[0]!]));
    expect(await pendingOf()).toBe(0);
  });
});
