import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayInZone, todayInZone } from '@audit/domain/dates';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { jobsOf } from '../../test/jobs.js';
import { expectOk } from '../../test/templates.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { endedTakes, missedTakesJob } from './missed-takes.js';
import { REG, registerFixture, type TRegisterFixture } from './test/fixture.js';

/**
 * The missed-takes job (decision 0037) with a controllable clock: the run's `now` is given in the
 * payload. A take is missed when its window has passed in the space's zone (Madrid), recorded once,
 * and the register's writers are told once, in their language.
 */
let t: TTestApp;
let f: TRegisterFixture;
let today: string;
const ZONE = 'Europe/Madrid';

/** An instant `minutes` after midnight of `day` in Madrid. */
const at = (day: string, minutes: number) => new Date(startOfDayInZone(day, ZONE).getTime() + minutes * 60_000).toISOString();

async function run(now: string) {
  await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, missedTakesJob, { now }));
  await t.app.jobs.runDue();
}
const missed = async () =>
  (
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ facility_id: string; slot: string }>(sql`select facility_id, slot::text from register_missed_takes order by slot, facility_id`),
    )
  ).rows;
const notices = async (userId: string) =>
  (
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ type: string; payload: { body: Record<string, unknown> } }>(
        sql`select type, payload from notifications where owner_id = ${userId} order by created_at`,
      ),
    )
  ).rows.filter((n) => n.type === 'REGISTER_MISSED_TAKES');
const mails = async () =>
  (await jobsOf(t.db, 'mail.send'))
    .map((j) => (j.data as { payload: { to: string[]; subject: string; text: string } }).payload)
    .filter((m) => m.subject.includes('Cámaras'));

beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'missed');
  today = todayInZone(ZONE);
  // The first fridge is recorded today; the other two are not.
  await expectOk(
    f.worker.post(`${REG}/${f.register}/answer/add`, { date: today, facilities: [{ _id: f.areas[0], values: [{ param: f.temperature, value: '3,5' }] }] }),
  );
}, 120_000);
afterAll(async () => t.close());

describe('missed takes', () => {
  it('lists the takes whose window ended, within the period and after the start', () => {
    const daily = { period: 'monthly' as const, frequency: 'daily' as const, takesPerDay: 2 };
    expect(endedTakes(daily, '2026-03-30', '2026-04-02').map((x) => `${x.slot}/${x.take}`)).toEqual([
      '2026-03-30/1',
      '2026-03-30/2',
      '2026-03-31/1',
      '2026-03-31/2',
      '2026-04-01/1',
      '2026-04-01/2',
    ]);
    // A weekly take's window is its week (cut to the month): it is missed once the week is over.
    const weekly = { period: 'monthly' as const, frequency: 'weekly' as const };
    expect(endedTakes(weekly, '2026-03-01', '2026-03-10').map((x) => [x.slot, x.end])).toEqual([
      ['2026-03-01', '2026-03-01'],
      ['2026-03-02', '2026-03-08'],
    ]);
  });

  it('is not missed before midnight in the space’s zone, is after it; recorded and told once, in the user’s language', async () => {
    await run(at(today, 23 * 60 + 50)); // 23:50 in Madrid: today's window is still open
    expect(await missed()).toEqual([]);

    await run(at(addDays(today, 1), 10)); // 00:10 the next day in Madrid (23:10 UTC in winter)
    expect((await missed()).map((m) => m.facility_id).sort()).toEqual([f.areas[1], f.areas[2]].sort());
    const [notice, ...more] = await notices(f.workerId);
    expect(more).toEqual([]);
    expect(notice!.payload.body).toMatchObject({ name: 'Cámaras frigoríficas', registerId: f.register, missed: 2, day: today });
    const [mail, ...others] = await mails();
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Registro «Cámaras frigoríficas»: tomas sin registrar');
    expect(mail!.text).toContain('Cámara 2');
    expect(mail!.text).not.toContain('Cámara 1');

    // A second run, and a second server's run of the same hour, record and tell nothing more.
    await Promise.all([run(at(addDays(today, 1), 20)), run(at(addDays(today, 1), 20))]);
    expect(await missed()).toHaveLength(2);
    expect(await notices(f.workerId)).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });

  it('tells an English-speaking writer in English; a closed day expects nothing', async () => {
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set language = 'en' where id = ${f.workerId}`));
    const second = await expectOk(
      f.admin.post(REG, {
        name: 'Congeladores',
        areaAccess: 'KITCHEN',
        template: f.template,
        client: f.tenant.client.id,
        establishments: 'all',
        areas: [f.areas[0]],
        category: (await expectOk(f.admin.get(`${REG}/${f.register}`))).category._id,
        period: 'monthly',
        frequency: 'daily',
      }),
    );
    await expectOk(f.admin.patch(`${REG}/${second._id}/open-close`, { period: 'day', date: today, open: false }));
    const tomorrow = addDays(today, 1);
    await run(at(addDays(tomorrow, 1), 10));
    const rows = await missed();
    expect(rows.filter((m) => m.slot === tomorrow)).toHaveLength(4); // three fridges and the freezer
    expect(rows.filter((m) => m.slot === today)).toHaveLength(2); // the closed day of the freezer expected nothing
    const last = (await notices(f.workerId)).filter((n) => n.payload.body.registerId === f.register).at(-1)!;
    expect(last.payload.body).toMatchObject({ missed: 3, day: tomorrow });
    expect((await mails()).at(-1)!.subject).toBe('Register "Cámaras frigoríficas": missed takes');
  });
});
