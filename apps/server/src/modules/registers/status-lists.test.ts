import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { REG, registerFixture, type TRegisterFixture } from './test/fixture.js';

/**
 * The registers lists by status (pending, completed, closed) read their page like every list
 * (decision 0075): the status of every match is reckoned, then the total, the window and the rows of
 * the ids that have it. Paged in any order, the pages join into the whole list, and the total counts
 * only the registers of that status.
 */
let t: TTestApp;
let f: TRegisterFixture;
const names = ['Bravo', 'alfa', 'Delta', 'charlie', 'Eco', 'Foxtrot', 'golf'];
const closed: string[] = [];
const today = todayInZone('Europe/Madrid');

beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'status-lists', { name: 'Hotel' });
  // The same template, category and places as the fixture's own register.
  const { category } = await expectOk(f.admin.get(`${REG}/${f.register}`));
  const body = {
    areaAccess: 'KITCHEN',
    template: f.template,
    client: f.tenant.client.id,
    establishments: 'all',
    areas: 'all',
    category: category._id,
    period: 'monthly',
    frequency: 'daily',
  };
  for (const name of names) await expectOk(f.admin.post(REG, { ...body, name }));
  // Two closed for the month: no longer pending.
  for (const name of ['Zulu', 'Yankee']) {
    const reg = await expectOk(f.admin.post(REG, { ...body, name }));
    await expectOk(f.admin.patch(`${REG}/${reg._id}/open-close`, { period: 'month', date: today, open: false }));
    closed.push(reg._id);
  }
}, 180_000);
afterAll(() => t.close());

type TRow = { _id: string; name: string; status: string };

async function page(status: string, body: object) {
  const res = await f.admin.post(`${REG}/${status}/search`, body);
  expect(res.status).toBe(200);
  return { rows: res.body as TRow[], total: Number(res.headers['x-total-count']) };
}

describe('registers by status', () => {
  it('pages through the pending list in each order: the pages join into the whole list, the total counts the pending only', async () => {
    for (const sort of ['name', '-name', 'createdAt', '-createdAt']) {
      const whole = await page('pending', { size: 100, sort });
      // The fixture's own register and the seven: all pending (nothing taken today); the closed two are not.
      expect(whole.total).toBe(8);
      expect(whole.rows.map((r) => r.status)).toEqual(Array(8).fill('pending'));
      expect(whole.rows.some((r) => closed.includes(r._id))).toBe(false);
      const joined: TRow[] = [];
      for (let n = 0; n < 3; n++) {
        const got = await page('pending', { size: 3, page: n, sort });
        expect(got.total).toBe(8);
        joined.push(...got.rows);
      }
      expect(joined.map((r) => r._id)).toEqual(whole.rows.map((r) => r._id));
      // A page past the end: empty, the total still said.
      expect(await page('pending', { size: 3, page: 3, sort })).toEqual({ rows: [], total: 8 });
    }
    // Names order case-insensitively or not, as the plain list orders them: the same order.
    const plain = (await expectOk(f.admin.post(`${REG}/search`, { size: 100, sort: 'name' }))) as TRow[];
    const pending = await page('pending', { size: 100, sort: 'name' });
    expect(pending.rows.map((r) => r._id)).toEqual(plain.map((r) => r._id).filter((id) => !closed.includes(id)));
  });

  it('the closed list, a search within a status, projections, and a status nobody has', async () => {
    const shut = await page('closed', { size: 1, sort: 'name' });
    expect(shut.total).toBe(2);
    expect(shut.rows.map((r) => r.name)).toEqual(['Yankee']);
    expect((await page('closed', { size: 1, page: 1, sort: 'name' })).rows.map((r) => r.name)).toEqual(['Zulu']);
    const found = await page('pending', { search: 'ALFA' });
    expect([found.total, found.rows.map((r) => r.name)]).toEqual([1, ['alfa']]);
    const projected = await page('pending', { size: 2, sort: '-name', projections: ['name'] });
    expect(projected.rows.every((r) => Object.keys(r).sort().join() === '_id,name')).toBe(true);
    expect(await page('completed', {})).toEqual({ rows: [], total: 0 });
  });
});
