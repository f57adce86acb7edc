import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { addSpace } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { REG, registerFixture, type TRegisterFixture } from './test/fixture.js';
import { tallyAndLogs } from './test/tally.js';

/** Staff saving at once (really parallel on PostgreSQL): no value lost, none doubled. */
let t: TTestApp;
let f: TRegisterFixture;
let facilities: string[];

beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'parallel');
  const more = [];
  for (let i = 4; i <= 12; i++) more.push((await addSpace(t.db, { name: `Cámara ${i}`, parent: f.tenant.establishment, type: 'AREA' })).id);
  facilities = [...f.areas, ...more];
}, 120_000);
afterAll(async () => t.close());

const stored = async () =>
  (await unsafeUnscoped(t.db, (tx) => tx.execute<{ facility_id: string }>(sql`select facility_id from register_logs where register_id = ${f.register}`))).rows;

describe('parallel saves', () => {
  it('each staff member their own facility: every value stored once; the same take twelve times: once, the others 422', async () => {
    const today = todayInZone('Europe/Madrid');
    const save = (facility: string, value: string) =>
      f.worker.post(`${REG}/${f.register}/answer/add`, { date: today, facilities: [{ _id: facility, values: [{ param: f.temperature, value }] }] });
    const own = await Promise.all(facilities.map((id, i) => save(id, `${i},5`)));
    expect(own.map((r) => r.status)).toEqual(facilities.map(() => 200));
    expect((await stored()).map((r) => r.facility_id).sort()).toEqual([...facilities].sort());
    // The take tally the status lists count (decision 0049) names each of them once, whatever the interleaving.
    const both = await tallyAndLogs(t, f.register);
    expect(both.tally).toEqual(both.logs);
    expect(both.tally[0]!.facilities).toHaveLength(facilities.length);

    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`delete from register_logs where register_id = ${f.register}`));
    const same = await Promise.all(facilities.map((_, i) => save(facilities[0]!, `${i},5`)));
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect(same.filter((r) => r.status !== 200).map((r) => r.body.reference)).toEqual(facilities.slice(1).map(() => '422'));
    expect(await stored()).toHaveLength(1);
    expect((await tallyAndLogs(t, f.register)).tally).toEqual([{ slot: today, take: 1, facilities: [facilities[0]] }]);
  });
});
