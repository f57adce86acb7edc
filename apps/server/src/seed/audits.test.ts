import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { signIn } from '../test/factories.js';
import { unsafeUnscoped } from '../platform/tenancy.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TTestApp;
const AUDITS = '/ms-core/api/audits';

beforeAll(async () => {
  t = await createTestApp();
  await unsafeUnscoped(t.db, (tx) => seedDemo(tx));
});
afterAll(() => t.close());

describe('demo seed: audits', () => {
  it("gives Hotel Mar Azul's client a finished, shared report with a failed answer, its issue and task", async () => {
    const { api } = await signIn(t.app, 'client@demo.test', DEMO_PASSWORD);
    const list = await api.post(`${AUDITS}/search`, { sort: 'startDate' });
    // A client sees the audits made (decision 0061): the demo's draft stays the company's until it is finished.
    expect(list.body.map((a: { status: string; establishment: { name: string } }) => `${a.status} ${a.establishment.name}`)).toEqual([
      'finished Hotel Mar Azul Valencia',
    ]);
    const report = (await api.get(`${AUDITS}/${list.body[0]._id}`)).body;
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

  it('gives the demo auditor a draft to run, which can start from the last audit', async () => {
    const { api } = await signIn(t.app, 'auditor@demo.test', DEMO_PASSWORD);
    const drafts = await api.post(`${AUDITS}/search`, { filters: [{ field: 'status', value: 'draft' }] });
    expect(drafts.body).toHaveLength(1);
    expect(drafts.body[0]).toMatchObject({ auditor: { name: 'Álvaro Auditor' }, hasPreviousAudit: true, isIncomplete: false });
    const started = await api.patch(`${AUDITS}/${drafts.body[0]._id}/execute?use_previous=true`);
    expect(started.body).toMatchObject({ status: 'running', totalScore: 200, finalScore: 190, totalIssuesCount: 1 });
    const other = (await signIn(t.app, 'admin@other.test', DEMO_PASSWORD)).api;
    expect((await other.post(`${AUDITS}/search`, {})).body).toEqual([]);
  });
});
