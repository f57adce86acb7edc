import { sql } from 'drizzle-orm';
import type { TTestApp } from '../../../test/harness.js';
import { unsafeUnscoped } from '../../../platform/tenancy.js';

/** Every take's tally against the log rows themselves: both sorted, per register, slot and take. */
export async function tallyAndLogs(t: TTestApp, register: string) {
  return unsafeUnscoped(t.db, async (tx) => {
    const read = async (query: ReturnType<typeof sql>) =>
      (await tx.execute<{ slot: string; take: number; facilities: string[] }>(query)).rows
        .map((r) => ({ ...r, slot: String(r.slot).slice(0, 10), facilities: [...r.facilities].sort() }))
        .filter((r) => r.facilities.length)
        .sort((a, b) => `${a.slot}${a.take}`.localeCompare(`${b.slot}${b.take}`));
    return {
      tally: await read(sql`select slot::text, take, facilities::text[] as facilities from register_take_tally where register_id = ${register}`),
      logs: await read(
        sql`select slot::text, take, array_agg(facility_id::text) as facilities from register_logs where register_id = ${register} group by slot, take`,
      ),
    };
  });
}
