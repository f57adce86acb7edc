import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { addSpace, addUser, signIn } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { REG, registerFixture, type TRegisterFixture } from './test/fixture.js';

/**
 * Issue 15: registersAccess is "enforced on the server for every register call, not only in the
 * menu", and the status lists filter by area, establishments and date range. A writer whose access
 * is the pool only meets the kitchen register nowhere: every call about it is 452 (nothing stored),
 * every list leaves it out.
 */
let t: TTestApp;
let f: TRegisterFixture;
let pool: TApiClient;
let today: string;
const ids = (res: { body: { _id: string }[] }) => res.body.map((x) => x._id);

beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'every-call', { period: 'daily' });
  today = todayInZone('Europe/Madrid');
  const user = await addUser(t.db, {
    email: `pool.${f.tenant.tag}@example.com`,
    firstName: 'Pool',
    home: f.tenant.client,
    roleIds: [f.tenant.roles.worker!],
  });
  await unsafeUnscoped(t.db, (tx) =>
    tx.execute(sql`update users set registers_access = ${JSON.stringify([{ areaAccess: 'POOL' }])}::jsonb where id = ${user.id}`),
  );
  pool = (await signIn(t.app, user.email)).api;
}, 120_000);
afterAll(async () => t.close());

describe('registersAccess on every register call', () => {
  it('a pool-only writer gets 452 on each call about a kitchen register, finds it in no list, and stores nothing', async () => {
    const id = f.register;
    const take = { date: today, facilities: [{ _id: f.areas[0], values: [{ param: f.temperature, value: '2' }] }] };
    const refused = [
      await pool.get(`${REG}/${id}`),
      await pool.post(`${REG}/${id}/facility-data`, {}),
      await pool.post(`${REG}/${id}/answer/checkRegisterData`, { date: today, facilities: [f.areas[0]] }),
      await pool.post(`${REG}/${id}/answer/add`, take),
      await pool.post(`${REG}/${id}/pdf`, {}),
      await pool.get(`${REG}/${id}/excel`),
    ];
    for (const res of refused) expect([res.status, res.body.reference]).toEqual([403, '452']);

    for (const list of ['search', 'search-for-client-user', 'pending/search', 'completed/search', 'closed/search']) {
      expect(ids(await pool.post(`${REG}/${list}`, {}))).not.toContain(id);
    }
    expect(await expectOk(pool.post(`${REG}/check-pending`, { registers: [id] }))).toEqual([]);
    expect(await expectOk(pool.get(`${REG}/client/${f.tenant.client.id}`))).toEqual([]);
    expect(await expectOk(pool.post(`${REG}/pending/check-all`))).toEqual({ total: 0, byArea: {}, registers: [] });

    // Nothing was stored: the staff's grid is empty, and the kitchen worker (no restriction) still sees it pending.
    expect((await expectOk(f.admin.post(`${REG}/${id}/facility-data`, {}))).entries).toEqual([]);
    expect((await expectOk(f.worker.get(`${REG}/${id}`))).status).toBe('pending');
  });
});

describe('the status lists’ filters', () => {
  it('area, establishments and date range narrow the pending list', async () => {
    const other = await addSpace(t.db, { name: 'Hotel Playa', parent: f.tenant.client, type: 'ESTABLISHMENT' });
    const pending = async (body: object) => ids(await f.worker.post(`${REG}/pending/search`, body));
    expect(await pending({})).toEqual([f.register]);
    expect(await pending({ area: 'KITCHEN' })).toEqual([f.register]);
    expect(await pending({ area: 'POOL' })).toEqual([]);
    // The register is on every establishment ('all'), so any establishment finds it.
    expect(await pending({ establishments: [other.id] })).toEqual([f.register]);
    const onlyFirst = await expectOk(
      f.admin.post(REG, {
        name: 'Solo el primero',
        areaAccess: 'KITCHEN',
        template: f.template,
        client: f.tenant.client.id,
        establishments: [f.tenant.establishment.id],
        areas: [f.areas[0]],
        category: (await expectOk(f.admin.get(`${REG}/${f.register}`))).category._id,
        period: 'daily',
        frequency: 'daily',
      }),
    );
    expect((await pending({ establishments: [f.tenant.establishment.id] })).sort()).toEqual([f.register, onlyFirst._id].sort());
    expect(await pending({ establishments: [other.id] })).toEqual([f.register]);
    // A range that ends before the registers existed finds none; one that reaches today finds both.
    expect(await pending({ dateRange: ['2020-01-01', '2020-01-31'] })).toEqual([]);
    expect((await pending({ dateRange: ['2020-01-01', today] })).length).toBe(2);
    const bad = await f.worker.post(`${REG}/pending/search`, { dateRange: ['2026-02-31', today] });
    expect(bad.status).toBe(400);
  });
});
