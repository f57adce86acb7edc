import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../test/harness.js';
import { createDemoTestApp } from '../test/demo-template.js';
import { signIn } from '../test/factories.js';
import { DEMO_PASSWORD } from './demo.js';

let t: TTestApp;
const AUDITS = '/ms-core/api/audits';

beforeAll(async () => {
  t = await createDemoTestApp();
  // The run's first demo file seeds the day's demo template (half a year of audits through the audits
  // module's rules): room for a loaded machine.
}, 300_000);
afterAll(() => t.close());

describe('demo seed: audits', () => {
  it("gives Hotel Mar Azul's client a finished, shared report with a failed answer, its issue and task", async () => {
    const { api } = await signIn(t.app, 'client@demo.test', DEMO_PASSWORD);
    const list = await api.post(`${AUDITS}/search`, { sort: 'startDate' });
    // A client sees the audits made (decision 0061): the demo's draft stays the company's until it is finished.
    // Half a year of visits at its two establishments, the latest at Valencia (decision 0091).
    expect(list.body.map((a: { status: string; establishment: { name: string } }) => `${a.status} ${a.establishment.name}`)).toEqual(
      ['Valencia', 'Alicante', 'Valencia', 'Alicante', 'Valencia', 'Alicante', 'Valencia'].map((place) => `finished Hotel Mar Azul ${place}`),
    );
    const report = (await api.get(`${AUDITS}/${list.body.at(-1)._id}`)).body;
    // 20 scored questions of 10 points, one failed: 190 / 200 = 95 %, less the open issue's 5 %.
    expect(report).toMatchObject({
      status: 'finished',
      template: { name: 'Auditoría de higiene alimentaria' },
      service: { name: 'Auditoría de higiene', isPoolService: false },
      auditor: { name: 'Álvaro Auditor' },
      valueGoal: 85,
      totalScore: 200,
      finalScore: 190,
      percentage: 90,
      totalIssuesCount: 1,
      mediumIssuesCount: 1,
      recalculatedRisk: 'MEDIUM',
      share: { enabled: true, url: expect.stringContaining(`/share-audit-report/${report._id}`) },
    });
    const questions = report.sections.flatMap((s: { questions: any[] }) => s.questions);
    const failed = questions.filter((q: { answer: { failed: boolean } | null }) => q.answer?.failed);
    expect(failed).toHaveLength(1);
    expect(failed[0].issues.map((i: { name: string; tasks: { selected: boolean }[] }) => [i.name, i.tasks.map((x) => x.selected)])).toEqual([
      ['Registro de temperaturas incompleto', [true]],
    ]);
    expect(questions.every((q: { answer: unknown }) => q.answer)).toBe(true);
    // One name-and-e-mail list, as new Contacts fields are (issue 13).
    expect(report.contactFields.map((c: { type: string; value: string }) => [c.type, JSON.parse(c.value)])).toEqual([
      ['contact_information', [{ name: 'Marta Ruiz', email: 'calidad.valencia@marazul.test' }]],
    ]);
    expect(report.questionnaire.sent).toBe(true);
  });

  it("gives the client's statistics something true to show: months, two establishments, repeat findings, late actions, missed takes, lab results out of limits", async () => {
    const { api } = await signIn(t.app, 'client@demo.test', DEMO_PASSWORD);
    const stats = (call: string) => api.post(`/ms-statistics/api/${call}`, {}).then((r) => r.body);
    const months = (await api.post(`${AUDITS}/get-chart-data`, {})).body as { audits: number; avgScorePct: number }[];
    expect(months.filter((m) => m.audits > 0).length).toBeGreaterThanOrEqual(5);
    expect(new Set(months.map((m) => m.avgScorePct)).size).toBeGreaterThan(2);
    const benchmark = (await stats('audit-statistics/benchmark')) as { name: string; audits: number; avgScorePct: number }[];
    expect(benchmark.map((b) => [b.name, b.audits]).sort()).toEqual([
      ['Hotel Mar Azul Alicante', 3],
      ['Hotel Mar Azul Valencia', 4],
    ]);
    expect(benchmark[0]!.avgScorePct).not.toBe(benchmark[1]!.avgScorePct);
    // 0081's rule: failed, then failed again in the next audit of the same establishment.
    const repeats = (await stats('audit-statistics/repeat-findings')) as { questions: { establishmentName: string; questionText: string; cameBack: number }[] };
    expect(repeats.questions.map((q) => [q.establishmentName, q.questionText.slice(0, 30), q.cameBack]).sort()).toEqual([
      ['Hotel Mar Azul Alicante', '¿El personal lleva el pelo rec', 2],
      ['Hotel Mar Azul Valencia', '¿Se registran a diario las tem', 2],
    ]);
    const risks = (await stats('issue-statistics/count-by-risk')) as { riskLevel: string; count: number }[];
    expect(risks.filter((r) => r.count > 0).map((r) => r.riskLevel)).toEqual(expect.arrayContaining(['high', 'medium', 'low', 'infrastructure']));
    expect((await stats('corrective-statistics/by-age')).overdue).toBeGreaterThan(0);
    expect((await stats('lab-statistics/out-of-limits')).outOfLimits).toBeGreaterThan(0);
    const takes = (await stats('register-statistics/by-period-completion')) as { due: number; done: number }[];
    expect(takes.some((m) => m.done < m.due)).toBe(true);
  });

  it('gives the demo auditor a draft to run, which can start from the last audit', async () => {
    const { api } = await signIn(t.app, 'auditor@demo.test', DEMO_PASSWORD);
    const drafts = await api.post(`${AUDITS}/search`, { filters: [{ field: 'status', value: 'draft' }] });
    // The calendar's planned visits are drafts too (decision 0087). Hotel Valencia's start from its
    // last audit (one failed question); El Olivo's have clean previous audits.
    const draft = drafts.body.find(
      (d: { hasPreviousAudit: boolean; establishment: { name: string } }) => d.hasPreviousAudit && d.establishment.name === 'Hotel Mar Azul Valencia',
    );
    expect(draft).toMatchObject({ auditor: { name: 'Álvaro Auditor' }, hasPreviousAudit: true, isIncomplete: false });
    const started = await api.patch(`${AUDITS}/${draft._id}/execute?use_previous=true`);
    expect(started.body).toMatchObject({ status: 'running', totalScore: 200, finalScore: 190, totalIssuesCount: 1 });
    const other = (await signIn(t.app, 'admin@other.test', DEMO_PASSWORD)).api;
    expect((await other.post(`${AUDITS}/search`, {})).body).toEqual([]);
  });
});
