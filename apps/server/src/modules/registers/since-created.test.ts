import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { endedTakes } from './missed-takes.js';
import { REG, registerFixture, type TRegisterFixture } from './test/fixture.js';

/**
 * A register owes nothing for the days before it existed (decision 0064): created today, its
 * current month's grid, pending counts, status lists and check-all ask only for today's takes.
 * (On the first day of a month before and after agree: the register would owe today only anyway.)
 */
let t: TTestApp;
let f: TRegisterFixture;
const today = todayInZone('Europe/Madrid');

beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'since');
}, 120_000);
afterAll(() => t.close());

describe('a register created today', () => {
  it('asks for today only in the grid and the pending counts', async () => {
    const grid = await expectOk(f.worker.post(`${REG}/${f.register}/facility-data`, {}));
    expect(grid.takes).toEqual([{ slot: today, end: today, take: 1 }]);
    expect(await expectOk(f.worker.post(`${REG}/check-pending`, { registers: [f.register] }))).toEqual([
      { _id: f.register, areaAccess: 'KITCHEN', pending: 3 },
    ]);
  });

  it('is completed once today’s takes are in: not pending, not in check-all', async () => {
    await expectOk(
      f.worker.post(`${REG}/${f.register}/answer/add`, {
        date: today,
        facilities: f.areas.map((_id) => ({ _id, values: [{ param: f.temperature, value: '3' }] })),
      }),
    );
    expect((await expectOk(f.worker.get(`${REG}/${f.register}`))).status).toBe('completed');
    expect((await expectOk(f.worker.post(`${REG}/pending/search`, {}))).map((r: { _id: string }) => r._id)).not.toContain(f.register);
    expect((await expectOk(f.worker.post(`${REG}/completed/search`, {}))).map((r: { _id: string }) => r._id)).toContain(f.register);
    expect(await expectOk(f.worker.post(`${REG}/pending/check-all`))).toEqual({ total: 0, byArea: {}, registers: [] });
  });

  it('the missed-takes job counts the week in which it was created, not the one before', () => {
    const weekly = { period: 'monthly' as const, frequency: 'weekly' as const };
    expect(endedTakes(weekly, '2026-03-04', '2026-03-10').map((x) => [x.slot, x.end])).toEqual([['2026-03-02', '2026-03-08']]);
  });
});
