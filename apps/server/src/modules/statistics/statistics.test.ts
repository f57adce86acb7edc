import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { statisticsWorld, TI_DIRT, TI_PLAGUE, type TStatisticsWorld, STATS, AUDITS, YEAR, ok } from './test/fixture.js';
import { auditsByEstablishment, incidentsByRisk, sortBy } from './test/expected.js';

let t: TTestApp;
let w: TStatisticsWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await statisticsWorld(t);
});
afterAll(() => t.close());

describe('audit statistics on known scores', () => {
  it('benchmark: finished audits and average score per establishment, as plain SQL counts them', async () => {
    const got = await ok(w.admin.post(`${STATS}/audit-statistics/benchmark`, YEAR));
    const expected = await auditsByEstablishment(t.db, w.a.client.path);
    expect(sortBy(got, 'establishment').map((r: any) => ({ establishment: r.establishment, audits: r.audits, pct: r.avgScorePct }))).toEqual(
      sortBy(expected, 'establishment'),
    );
    // Known: establishment one 80 % and 60 % → 70, establishment two 95 %; the running audit and the 2023 one are out.
    expect(got.find((r: any) => r.establishment === w.a.establishment.id)).toMatchObject({ audits: 2, avgScorePct: 70, name: w.a.establishment.name });
    expect(got.find((r: any) => r.establishment === w.est2.id)).toMatchObject({ audits: 1, avgScorePct: 95 });
  });

  it('bio-score: per template, percentages with 2 decimals', async () => {
    const got = await ok(w.admin.post(`${STATS}/audit-statistics/bio-score`, YEAR));
    expect(sortBy(got, 'name')).toEqual([
      { template: expect.any(String), name: 'Alérgenos', audits: 1, avgScorePct: 95 },
      { template: expect.any(String), name: 'Higiene', audits: 2, avgScorePct: 70 },
    ]);
    const all = await ok(w.admin.post(`${STATS}/audit-statistics/bio-score`, {}));
    // With the 2023 audit (10/30, stored as 33.3 %: the audit's own 1-decimal figure): (80 + 60 + 33.3) / 3 = 57.77.
    expect(all.find((r: any) => r.name === 'Higiene')).toMatchObject({ audits: 3, avgScorePct: 57.77 });
  });

  it('summary: audits, average score, incidents by risk and audits by risk', async () => {
    const got = await ok(w.admin.post(`${AUDITS}/search-summary-from-client`, YEAR));
    const byRisk = Object.fromEntries((await incidentsByRisk(t.db, w.a.client.path)).map((r) => [r.riskLevel, r.count]));
    expect(got).toEqual({
      audits: 3,
      avgScorePct: 78.33,
      issues: { issues: 5, high: byRisk.high + byRisk.IE, medium: byRisk.medium, low: byRisk.low, infrastructure: 0, resolved: 2 },
      byRisk: { HIGH: 1, MEDIUM: 1, LOW: 1 },
    });
  });

  it('get-chart-data: a monthly series', async () => {
    expect(await ok(w.admin.post(`${AUDITS}/get-chart-data`, YEAR))).toEqual([
      { period: '2025-01', audits: 1, avgScorePct: 80, issues: 2 },
      { period: '2025-02', audits: 2, avgScorePct: 77.5, issues: 3 },
    ]);
  });

  it('search-benchmark-from-issue-client: incidents per establishment by risk', async () => {
    const got = sortBy(await ok(w.admin.post(`${AUDITS}/search-benchmark-from-issue-client`, YEAR)), 'name');
    expect(got).toEqual(
      sortBy(
        [
          {
            establishment: w.a.establishment.id,
            name: w.a.establishment.name,
            audits: 2,
            issues: 3,
            high: 1,
            medium: 2,
            low: 0,
            infrastructure: 0,
            resolved: 1,
          },
          { establishment: w.est2.id, name: w.est2.name, audits: 1, issues: 2, high: 1, medium: 0, low: 1, infrastructure: 0, resolved: 1 },
        ],
        'name',
      ),
    );
  });
});

describe('issue statistics on known risks', () => {
  it('count-by-risk equals the plain count of live audit incidents', async () => {
    const got = await ok(w.admin.post(`${STATS}/issue-statistics/count-by-risk`, YEAR));
    expect(sortBy(got, 'riskLevel')).toEqual(sortBy(await incidentsByRisk(t.db, w.a.client.path), 'riskLevel'));
  });

  it('by-type groups by type (none when unset); top-five orders by frequency', async () => {
    expect(sortBy(await ok(w.admin.post(`${STATS}/issue-statistics/by-type`, YEAR)), 'type')).toEqual(
      sortBy(
        [
          { type: null, count: 3 },
          { type: 'infra', count: 1 },
          { type: 'pests', count: 1 },
        ],
        'type',
      ),
    );
    const top = await ok(w.admin.post(`${STATS}/issue-statistics/top-five`, YEAR));
    expect(top[0]).toEqual({ templateIssue: TI_DIRT, name: 'Suciedad', count: 2 });
    expect(top).toHaveLength(4);
    expect(top.find((r: any) => r.templateIssue === TI_PLAGUE)).toEqual({ templateIssue: TI_PLAGUE, name: 'Plagas', count: 1 });
  });

  it('the filter lists narrow the figures', async () => {
    const risk = await ok(w.admin.post(`${STATS}/issue-statistics/count-by-risk`, { ...YEAR, establishments: [w.est2.id], riskLevels: ['IE'] }));
    expect(risk).toEqual([{ riskLevel: 'IE', count: 1 }]);
    const feb = await ok(w.admin.post(`${STATS}/audit-statistics/benchmark`, { from: '2025-02-01', to: '2025-02-28', auditRisks: ['LOW'] }));
    expect(feb).toEqual([{ establishment: w.est2.id, name: w.est2.name, audits: 1, avgScorePct: 95 }]);
  });
});
