import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, STATS, ok } from './test/fixture.js';
import { consistencyWorld, S1, T1, type TConsistencyWorld } from './test/random-world.js';
import { secondWay } from './test/second-way.js';

/**
 * Every figure of every statistics call, compared with a second way of computing it (decision
 * 0081): generated audits, incidents, corrective actions, register takes and lab results, and plain
 * JavaScript over those rows, under several filters and for callers with different access.
 */
let t: TTestApp;
let w: TConsistencyWorld;
let names: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  w = await consistencyWorld(t);
  names = new Map([...w.est, w.b.establishment].map((e) => [e.id, e.name]));
});
afterAll(() => t.close());

const byKey = <T>(rows: T[], key: (r: T) => unknown) =>
  [...rows].sort((x, y) => (String(key(x)) < String(key(y)) ? -1 : String(key(x)) > String(key(y)) ? 1 : 0));

/** The filters, each built once the world exists. */
const FILTERS: [string, () => TStatisticsFilter][] = [
  ['no filter', () => ({})],
  ['a date range (UTC days, both ends included)', () => ({ from: '2025-01-01', to: '2025-06-30' })],
  ['one establishment', () => ({ establishments: [w.a.establishment.id] })],
  ['another establishment', () => ({ establishments: [w.est[1]!.id] })],
  ['the second client', () => ({ clients: [w.client2.id] })],
  ['one area', () => ({ areas: [w.areas[2]!.id] })],
  ['incident risk levels', () => ({ riskLevels: ['medium', 'IE'] })],
  ['an audit risk', () => ({ auditRisks: ['HIGH'] })],
  ['one template', () => ({ templates: [T1] })],
  ['one service and an area access', () => ({ services: [S1], areaAccess: ['pool'] })],
  [
    'all at once',
    () => ({ from: '2024-06-01', to: '2025-09-30', establishments: [w.a.establishment.id, w.est[1]!.id], templates: [T1], riskLevels: ['high', 'low'] }),
  ],
];

const post = (user: keyof TConsistencyWorld['users'], path: string, f: TStatisticsFilter) => ok(w.users[user].api.post(path, f));

describe.each(['admin', 'limited', 'adminB'] as const)('every figure equals the second way, for %s', (user) => {
  it.each(FILTERS)('%s', async (_label, filter) => {
    const f = filter();
    const want = secondWay(w.rows, names, w.users[user].scope, f);
    const got = async (path: string) => post(user, path, f);

    expect(byKey(await got(`${STATS}/audit-statistics/benchmark`), (r: any) => r.establishment)).toEqual(byKey(want.benchmark, (r) => r.establishment));
    expect(byKey(await got(`${STATS}/audit-statistics/bio-score`), (r: any) => r.template)).toEqual(byKey(want.bioScore, (r) => r.template));
    expect(byKey(await got(`${AUDITS}/search-benchmark-from-issue-client`), (r: any) => r.establishment)).toEqual(
      byKey(want.issueBenchmark, (r) => r.establishment),
    );
    expect(await got(`${AUDITS}/search-summary-from-client`)).toEqual(want.summary);
    expect(await got(`${AUDITS}/get-chart-data`)).toEqual(want.chartData);
    expect(byKey(await got(`${STATS}/issue-statistics/count-by-risk`), (r: any) => r.riskLevel)).toEqual(byKey(want.countByRisk, (r) => r.riskLevel));
    expect(byKey(await got(`${STATS}/issue-statistics/by-type`), (r: any) => r.type)).toEqual(byKey(want.byType, (r) => r.type));

    // Top five: each row's count is its group's, and no group left out counts more than the last one in.
    const top = await got(`${STATS}/issue-statistics/top-five`);
    expect(top.length).toBe(Math.min(5, want.issueGroups.length));
    for (const row of top) expect(want.issueGroups).toContainEqual(row);
    const least = Math.min(...top.map((r: any) => r.count));
    const left = want.issueGroups.filter((g) => !top.some((r: any) => r.templateIssue === g.templateIssue && r.name === g.name));
    for (const g of left) expect(g.count).toBeLessThanOrEqual(least);

    for (const [path, key] of [
      ['by-access-completion', 'byAccessCompletion'],
      ['by-period-completion', 'byPeriodCompletion'],
      ['by-establishment-completion', 'byEstablishmentCompletion'],
    ] as const) {
      expect(
        byKey(await got(`${STATS}/register-statistics/${path}`), (r: any) => r.key),
        path,
      ).toEqual(byKey(want[key], (r) => r.key));
    }

    expect(await got(`${STATS}/corrective-statistics/by-age`)).toEqual(want.correctiveByAge);
    const labGot = await got(`${STATS}/lab-statistics/out-of-limits`);
    expect({ ...labGot, byParameter: byKey(labGot.byParameter, (r: any) => r.parameter) }).toEqual({
      ...want.labOutOfLimits,
      byParameter: byKey(want.labOutOfLimits.byParameter, (r) => r.parameter),
    });

    const repeats = await got(`${STATS}/audit-statistics/repeat-findings`);
    const questionKey = (r: { establishment: string; question: string }) => `${r.establishment}|${r.question}`;
    expect(byKey(repeats.questions, questionKey)).toEqual(byKey(want.repeatFindings.questions, questionKey));
    const typeKey = (r: { establishment: string; lastAudit: string; templateIssue: string | null; audits: number }) =>
      `${r.establishment}|${r.lastAudit}|${r.templateIssue}|${r.audits}`;
    const types = byKey(repeats.incidentTypes, typeKey);
    const wanted = byKey(want.repeatFindings.incidentTypes, typeKey);
    expect(types.map(({ name: _name, ...r }: any) => r)).toEqual(wanted.map(({ names: _names, ...r }) => r));
    types.forEach((r: any, n: number) => expect(wanted[n]!.names).toContain(r.name));
  });
});

describe('the generated world is worth comparing', () => {
  it('every call has figures to compare for the first tenant: nothing passes by being empty', () => {
    const want = secondWay(w.rows, names, w.users.admin.scope, {});
    expect(want.summary.audits).toBeGreaterThan(20);
    expect(want.summary.issues.issues).toBeGreaterThan(20);
    expect(want.byAccessCompletion.length).toBe(2);
    expect(want.correctiveByAge.open).toBeGreaterThan(5);
    expect(want.correctiveByAge.overdue).toBeGreaterThan(0);
    expect(want.correctiveByAge.closed).toBeGreaterThan(5);
    expect(want.correctiveByAge.buckets.every((b) => b.open > 0)).toBe(true);
    expect(want.labOutOfLimits.outOfLimits).toBeGreaterThan(0);
    expect(want.repeatFindings.questions.length).toBeGreaterThan(2);
    expect(want.repeatFindings.questions.some((q) => q.cameBack > 1)).toBe(true);
    expect(want.repeatFindings.incidentTypes.length).toBeGreaterThan(2);
    const limited = secondWay(w.rows, names, w.users.limited.scope, {});
    expect(limited.summary.audits).toBeGreaterThan(0);
    expect(limited.summary.audits).toBeLessThan(want.summary.audits);
    expect(limited.labOutOfLimits.results).toBeGreaterThan(0);
  });
});
