import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { statisticsWorld, type TStatisticsWorld, STATS, AUDITS, YEAR, ok } from './test/fixture.js';
import { sortBy, takesByAccess } from './test/expected.js';

const FIGURES = [
  `${AUDITS}/search-benchmark-from-issue-client`,
  `${AUDITS}/get-chart-data`,
  `${STATS}/register-statistics/by-access-completion`,
  `${STATS}/register-statistics/by-period-completion`,
  `${STATS}/register-statistics/by-establishment-completion`,
  `${STATS}/audit-statistics/benchmark`,
  `${STATS}/audit-statistics/bio-score`,
  `${STATS}/issue-statistics/by-type`,
  `${STATS}/issue-statistics/top-five`,
  `${STATS}/issue-statistics/count-by-risk`,
];

let t: TTestApp;
let w: TStatisticsWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await statisticsWorld(t);
});
afterAll(() => t.close());

describe('register statistics on known takes', () => {
  it('by-access-completion: takes due and done per area access, as plain SQL counts them', async () => {
    const got = await ok(w.admin.post(`${STATS}/register-statistics/by-access-completion`, YEAR));
    const expected: Record<string, unknown>[] = (await takesByAccess(t.db, w.a.client.path)).map((r) => ({
      ...r,
      name: null,
      completionPct: Math.round((Number(r.done) * 10000) / Number(r.due)) / 100,
    }));
    expect(sortBy(got, 'key')).toEqual(sortBy(expected, 'key' as never));
    // Known: kitchen has 4 takes (the empty log and its missed record are one take), 2 done → 50 %; pool 1 of 1.
    expect(sortBy(got, 'key')).toEqual([
      { key: 'kitchen', name: null, due: 4, done: 2, completionPct: 50 },
      { key: 'pool', name: null, due: 1, done: 1, completionPct: 100 },
    ]);
  });

  it('by-period and by-establishment group the same takes by month and by the facility’s establishment', async () => {
    expect(await ok(w.admin.post(`${STATS}/register-statistics/by-period-completion`, YEAR))).toEqual([
      { key: '2025-01', name: null, due: 3, done: 2, completionPct: 66.67 },
      { key: '2025-02', name: null, due: 2, done: 1, completionPct: 50 },
    ]);
    const byEst = await ok(w.admin.post(`${STATS}/register-statistics/by-establishment-completion`, { ...YEAR, areaAccess: ['kitchen'] }));
    expect(sortBy(byEst, 'name')).toEqual(
      sortBy(
        [
          { key: w.a.establishment.id, name: w.a.establishment.name, due: 2, done: 1, completionPct: 50 },
          { key: w.est2.id, name: w.est2.name, due: 2, done: 1, completionPct: 50 },
        ],
        'name',
      ),
    );
  });
});

describe('each caller gets only their own figures', () => {
  it('a login limited to one establishment sees that establishment only', async () => {
    const bench = await ok(w.estUser.post(`${STATS}/audit-statistics/benchmark`, YEAR));
    expect(bench).toEqual([{ establishment: w.a.establishment.id, name: w.a.establishment.name, audits: 2, avgScorePct: 70 }]);
    const summary = await ok(w.estUser.post(`${AUDITS}/search-summary-from-client`, YEAR));
    expect(summary).toMatchObject({ audits: 2, avgScorePct: 70, issues: { issues: 3 } });
    const takes = await ok(w.estUser.post(`${STATS}/register-statistics/by-establishment-completion`, YEAR));
    expect(takes).toEqual([{ key: w.a.establishment.id, name: w.a.establishment.name, due: 3, done: 2, completionPct: 66.67 }]);
    // Naming the other establishment does not widen the view.
    expect(await ok(w.estUser.post(`${STATS}/audit-statistics/benchmark`, { ...YEAR, establishments: [w.est2.id] }))).toEqual([]);
  });

  it('a login limited to one service sees that service’s audits and incidents only', async () => {
    expect(await ok(w.s2User.post(`${STATS}/audit-statistics/benchmark`, YEAR))).toEqual([
      { establishment: w.est2.id, name: w.est2.name, audits: 1, avgScorePct: 95 },
    ]);
    const risk = sortBy(await ok(w.s2User.post(`${STATS}/issue-statistics/count-by-risk`, YEAR)), 'riskLevel');
    expect(risk).toEqual([
      { riskLevel: 'IE', count: 1 },
      { riskLevel: 'low', count: 1 },
    ]);
  });

  it('a registersAccess limited to one area access counts those registers only', async () => {
    expect(await ok(w.poolUser.post(`${STATS}/register-statistics/by-access-completion`, YEAR))).toEqual([
      { key: 'pool', name: null, due: 1, done: 1, completionPct: 100 },
    ]);
  });

  it('another tenant’s ids give nothing, on every call, never another tenant’s number', async () => {
    const foreign = { clients: [w.b.client.id], establishments: [w.b.establishment.id], areas: [w.b.area.id] };
    for (const url of FIGURES) expect(await ok(w.admin.post(url, foreign)), url).toEqual([]);
    const summary = await ok(w.admin.post(`${AUDITS}/search-summary-from-client`, foreign));
    expect(summary).toMatchObject({ audits: 0, avgScorePct: null, issues: { issues: 0 } });
    // Tenant B's own admin sees B's one audit, never A's.
    expect(await ok(w.adminB.post(`${STATS}/audit-statistics/benchmark`, {}))).toEqual([
      { establishment: w.b.establishment.id, name: w.b.establishment.name, audits: 1, avgScorePct: 5 },
    ]);
    expect((await w.admin.post(`${AUDITS}/statistics-excel`, foreign)).status).toBe(404);
  });
});

describe('bad input gets the catalogue’s errors', () => {
  it('an unknown field, an inverted or too long range, a malformed id or too many ids is 400', async () => {
    const ids = Array.from({ length: 1001 }, () => w.a.client.id);
    for (const body of [
      { unknown: 1 },
      { from: '2025-03-01', to: '2025-01-01' },
      { from: '2000-01-01', to: '2025-01-01' },
      { from: '2025-13-45' },
      { clients: ['nope'] },
      { clients: ids },
      { riskLevels: ['extreme'] },
    ]) {
      const res = await w.admin.post(`${STATS}/issue-statistics/count-by-risk`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.reference, JSON.stringify(res.body)).toBe('400');
    }
  });

  it('a caller without ANALYTICS:READ is refused', async () => {
    expect((await w.worker.post(`${STATS}/audit-statistics/benchmark`, {})).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${STATS}/audit-statistics/benchmark`, payload: {} })).statusCode).toBe(401);
  });
});
