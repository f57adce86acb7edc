import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditBody, auditIds, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audl');
});
afterAll(() => t.close());

type TIds = ReturnType<typeof auditIds>;
const q = (id: string, ids: TIds, section: 'facilities' | 'records', question: string) => `${AUDITS}/${id}/sections/${ids[section]}/questions/${question}`;
const answer = (id: string, section: string, question: string, option: string) =>
  expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section, question, templateAnswer: select(option) }));
const finish = (id: string) => f.auditor.patch(`${AUDITS}/${id}/finished`);

/** Answers and contacts that let the audit finish: floors failed with an open issue, pests fine. */
async function makeFinishable(id: string, ids: TIds) {
  await answer(id, ids.facilities, ids.floors, f.tpl.options.no);
  await answer(id, ids.facilities, ids.pests, f.tpl.pestsOptions[0]!);
  await expectOk(f.auditor.patch(`${q(id, ids, 'facilities', ids.floors)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
  await expectOk(
    f.auditor.post(`${AUDITS}/${id}/contact-field/update`, {
      contactFields: [
        { _id: ids.contactFields[0]!._id, value: 'Marta' },
        { _id: ids.contactFields[1]!._id, value: 'marta@hotel.es' },
      ],
    }),
  );
}

describe('scores while running (check-score and GET agree)', () => {
  it('scores answered questions, deducts the largest open issue and counts issues by risk', async () => {
    const { id, ids } = await runningAudit(f);
    const score = async () => await expectOk(f.auditor.post(`${AUDITS}/check-score`, { audit: id }));
    expect(await score()).toMatchObject({ totalScore: 0, finalScore: 0, percentage: null, deductions: [], totalIssuesCount: 0, recalculatedRisk: 'LOW' });
    await answer(id, ids.facilities, ids.floors, f.tpl.options.part);
    await answer(id, ids.facilities, ids.pests, f.tpl.pestsOptions[0]!);
    expect(await score()).toMatchObject({ totalScore: 20, finalScore: 15, percentage: 75 });
    await expectOk(f.auditor.patch(`${q(id, ids, 'facilities', ids.floors)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
    expect(await score()).toMatchObject({
      percentage: 70,
      deductions: [{ name: 'Suciedad', percentage: 5 }],
      mediumIssuesCount: 1,
      recalculatedRisk: 'MEDIUM',
    });
    await expectOk(f.auditor.patch(`${q(id, ids, 'facilities', ids.pests)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.plague._id] }));
    const both = await score();
    expect(both).toMatchObject({
      totalScore: 20,
      finalScore: 15,
      percentage: 65,
      totalIssuesCount: 2,
      highRiskIssuesCount: 1,
      mediumIssuesCount: 1,
      recalculatedRisk: 'HIGH',
    });
    expect(both.deductions.map((d: { percentage: number }) => d.percentage)).toEqual([10, 5]);
    expect(both.sections.map((s: { totalScore: number; finalScore: number }) => [s.totalScore, s.finalScore])).toEqual([
      [0, 0],
      [20, 15],
      [0, 0],
      [0, 0],
    ]);
    const audit = await expectOk(f.admin.get(`${AUDITS}/${id}`));
    expect(audit).toMatchObject({ totalScore: 20, finalScore: 15, percentage: 65, recalculatedRisk: 'HIGH', totalIssuesCount: 2 });
    // A client's user does not see the running audit, nor its live score (decision 0061).
    expect((await f.client.post(`${AUDITS}/check-score`, { audit: id })).body.reference).toBe('415');
    expect(audit.sections[1]).toMatchObject({ totalScore: 20, finalScore: 15, highRiskIssuesCount: 1 });
    expect((await f.auditor.post(`${AUDITS}/check-score`, { audit: f.tenant.root.id })).status).toBe(404);
  });
});

describe('finishing', () => {
  it('checks AUD0001, 493, 495, 496, 497 in order, then stores the figures', async () => {
    const { id, ids } = await runningAudit(f);
    expect((await finish(id)).body).toMatchObject({ reference: 'AUD0001', fields: [ids.floors, ids.pests] });
    await answer(id, ids.facilities, ids.floors, f.tpl.options.no);
    await answer(id, ids.facilities, ids.pests, f.tpl.pestsOptions[0]!);
    expect((await finish(id)).body).toMatchObject({ reference: '493', fields: [ids.floors] });
    await expectOk(
      f.auditor.patch(`${q(id, ids, 'facilities', ids.floors)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id, f.tpl.incidences.broken._id] }),
    );
    await expectOk(f.auditor.patch(`${q(id, ids, 'facilities', ids.pests)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.plague._id] }));
    await expectOk(f.auditor.patch(`${q(id, ids, 'facilities', ids.floors)}/solved-in-place`, { issue: f.tpl.incidences.broken._id, solvedInPlace: true }));
    // pests is fine but has an open issue; floors has a solved-in-place issue with unmarked tasks.
    expect((await finish(id)).body).toMatchObject({ reference: '495', fields: [ids.floors, ids.pests] });
    await expectOk(f.auditor.patch(`${q(id, ids, 'facilities', ids.floors)}/issues-tasks`, { issuesToRemove: [f.tpl.incidences.broken._id] }));
    await expectOk(f.auditor.patch(`${q(id, ids, 'facilities', ids.pests)}/solved-in-place`, { issue: f.tpl.incidences.plague._id, solvedInPlace: true }));
    expect((await finish(id)).body).toMatchObject({ reference: '496' });
    const contacts = (email: string) =>
      expectOk(
        f.auditor.post(`${AUDITS}/${id}/contact-field/update`, {
          contactFields: [
            { _id: ids.contactFields[0]!._id, value: 'Marta' },
            { _id: ids.contactFields[1]!._id, value: email },
          ],
        }),
      );
    await contacts('marta@hotel');
    expect((await finish(id)).body).toMatchObject({ reference: '497' });
    await contacts('marta@hotel.es');
    const done = await finish(id);
    expect(done.status).toBe(200);
    // 0 + 10 of 20 = 50 %, less Suciedad's 5 % (Plagas was solved in place).
    expect(done.body).toMatchObject({
      status: 'finished',
      totalScore: 20,
      finalScore: 10,
      percentage: 45,
      deductions: [{ issue: expect.any(String), name: 'Suciedad', percentage: 5 }],
      totalIssuesCount: 2,
      totalIssuesResolved: 1,
      highRiskIssuesCount: 1,
      mediumIssuesCount: 1,
      recalculatedRisk: 'HIGH',
      finishedDate: expect.any(String),
    });
    const [row] = await unsafeUnscoped(
      t.db,
      async (tx) =>
        (
          await tx.execute<{ status: string; percentage: number; recalculated_risk: string; total_issues_count: number }>(
            sql`select status, percentage, recalculated_risk, total_issues_count from audits where id = ${id}`,
          )
        ).rows,
    );
    expect(row).toEqual({ status: 'finished', percentage: 45, recalculated_risk: 'HIGH', total_issues_count: 2 });
    // Finished: nothing runs any more.
    expect(
      (await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) })).body
        .reference,
    ).toBe('AUD0002');
    expect((await finish(id)).body.reference).toBe('AUD0002');
    expect((await f.auditor.patch(`${AUDITS}/${id}/execute`)).body.reference).toBe('AUD0002');
    expect((await f.auditor.patch(`${AUDITS}/${id}/date`, { date: ['2025-06-01', '2025-06-02'] })).body.reference).toBe('AUD0002');
  });

  it('494 for someone else, an admin may finish', async () => {
    const { id, ids } = await runningAudit(f);
    await makeFinishable(id, ids);
    const other = await addUser(t.db, {
      email: `second.${f.tenant.tag}@example.com`,
      firstName: 'Segundo',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    expect((await (await signIn(t.app, other.email)).api.patch(`${AUDITS}/${id}/finished`)).body.reference).toBe('494');
    expect((await f.admin.patch(`${AUDITS}/${id}/finished`)).body.status).toBe('finished');
  });
});

describe('share, reopen, date', () => {
  it('shares a finished audit; reopening erases its issues and closes the link', async () => {
    const { id, ids } = await runningAudit(f);
    expect((await f.auditor.patch(`${AUDITS}/${id}/share`, { enabled: true })).body.reference).toBe('AUD0002');
    await makeFinishable(id, ids);
    await expectOk(finish(id));
    const shared = await f.auditor.patch(`${AUDITS}/${id}/share`, { enabled: true });
    expect(shared.body).toEqual({ enabled: true, url: `http://localhost:3000/share-audit-report/${id}?lang=es` });
    expect((await expectOk(f.client.get(`${AUDITS}/${id}`))).share).toEqual(shared.body);
    expect((await f.client.patch(`${AUDITS}/${id}/reopen`)).body.reference).toBe('452');
    const reopened = await f.admin.patch(`${AUDITS}/${id}/reopen`);
    expect(reopened.body).toMatchObject({
      status: 'running',
      finishedDate: null,
      totalIssuesCount: 0,
      share: { enabled: false, url: null },
      totalScore: 20,
      finalScore: 10,
      percentage: 50,
    });
    expect(reopened.body.sections.flatMap((s: { questions: { issues: unknown[] }[] }) => s.questions.flatMap((x) => x.issues))).toEqual([]);
    expect(reopened.body.sections[1].questions[0].answer).toMatchObject({ failed: true });
    expect((await f.admin.patch(`${AUDITS}/${id}/reopen`)).body.reference).toBe('AUD0002');
    expect((await finish(id)).body).toMatchObject({ reference: '493', fields: [ids.floors] });
  });

  it('changes the date range of an unfinished audit (UTC start and end of day)', async () => {
    const { id } = await runningAudit(f);
    const res = await f.auditor.patch(`${AUDITS}/${id}/date`, { _id: id, date: ['2025-06-01T15:00:00+02:00', '2025-06-03'] });
    expect(res.body.date).toEqual(['2025-06-01T00:00:00.000Z', '2025-06-03T23:59:59.999Z']);
    expect((await f.auditor.patch(`${AUDITS}/${id}/date`, { date: ['2025-06-04', '2025-06-03'] })).body.fields).toEqual(['date']);
  });
});

describe('start, start from last', () => {
  it('copies the last finished audit answers, notes and issues question by question', async () => {
    const first = await runningAudit(f);
    await makeFinishable(first.id, first.ids);
    await expectOk(f.auditor.patch(`${q(first.id, first.ids, 'records', first.ids.count)}/note`, { note: 'Dos cámaras' }));
    await expectOk(
      f.auditor.patch(`${q(first.id, first.ids, 'facilities', first.ids.floors)}/update-issue-name`, { issue: f.tpl.incidences.dirt._id, name: 'Suelo sucio' }),
    );
    await expectOk(finish(first.id));

    const next = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    const preview = await f.auditor.get(`${AUDITS}/${next._id}/get-preview`);
    expect(preview.body).toMatchObject({
      _id: next._id,
      status: 'draft',
      hasPreviousAudit: true,
      isIncomplete: false,
      auditor: { name: `Auditor ${f.tenant.tag}` },
    });
    // The detail names who created it and its sections, in order, without their questions (spec section 2).
    expect(preview.body.owner).toMatchObject({ _id: expect.any(String), name: expect.any(String) });
    expect(preview.body.sections.length).toBeGreaterThan(1);
    expect(preview.body.sections[0]).toEqual({ _id: expect.any(String), title: expect.any(String), type: expect.any(String) });
    const started = await expectOk(f.auditor.patch(`${AUDITS}/${next._id}/execute?use_previous=true`));
    expect(preview.body.sections.map((s: { title: string }) => s.title)).toEqual(started.sections.map((s: { title: string }) => s.title));
    const ids = auditIds(started);
    const floors = started.sections[1].questions[0];
    expect(started.status).toBe('running');
    expect(floors.answer).toMatchObject({ templateAnswer: { select: [f.tpl.options.no] }, failed: true });
    expect(floors.issues.map((i: { name: string; tasks: { selected: boolean }[] }) => [i.name, i.tasks.map((x) => x.selected)])).toEqual([
      ['Suelo sucio', [true]],
    ]);
    expect(started.sections[2].questions[1].note).toBe('Dos cámaras');
    expect(started.sections[2].questions[1]._id).toBe(ids.count);
    expect(started).toMatchObject({ totalScore: 20, finalScore: 10, percentage: 45 });
    // Contacts are not answers: the new audit needs its own.
    expect(started.contactFields.map((c: { value: string | null }) => c.value)).toEqual([null, null]);

    const fresh = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    const plain = await expectOk(f.auditor.patch(`${AUDITS}/${fresh._id}/execute`));
    expect(plain.sections[1].questions[0].answer).toBeNull();
    expect((await f.auditor.patch(`${AUDITS}/${fresh._id}/execute`)).body.reference).toBe('AUD0002');
  });

  it('answers the whole audit, as a GET then reads it: the run view opens on that answer (issue 23)', async () => {
    const draft = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    const started = await expectOk(f.auditor.patch(`${AUDITS}/${draft._id}/execute`));
    expect(started).toMatchObject({ _id: draft._id, status: 'running', can: { run: true } });
    expect(started).toEqual(await expectOk(f.auditor.get(`${AUDITS}/${draft._id}`)));
  });

  it('AUD0003 for an incomplete audit', async () => {
    const draft = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audits set area_access_id = null where id = ${draft._id}`));
    expect((await f.auditor.get(`${AUDITS}/${draft._id}/get-preview`)).body).toMatchObject({ isIncomplete: true, areaAccess: null });
    expect((await f.auditor.patch(`${AUDITS}/${draft._id}/execute`)).body.reference).toBe('AUD0003');
  });
});

describe('search', () => {
  it('filters by client, establishment, service, status, auditor, start date and risk; pages with x-total-count', async () => {
    const tenant = await auditTenant(t, 'auds');
    const mk = (startDate: string) => expectOk(tenant.admin.post(AUDITS, auditBody(tenant, { startDate, date: [startDate, startDate] })));
    const [a, b, c] = [await mk('2025-01-10'), await mk('2025-02-10'), await mk('2025-03-10')];
    await expectOk(tenant.auditor.patch(`${AUDITS}/${b._id}/execute`));
    const search = (body: object) => tenant.admin.post(`${AUDITS}/search`, body);
    const idsOf = (res: { body: { _id: string }[] }) => res.body.map((x) => x._id);
    const all = await search({});
    expect(idsOf(all)).toEqual([c._id, b._id, a._id]);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body[0]).toMatchObject({
      status: 'draft',
      client: { name: tenant.tenant.client.name },
      auditor: { _id: tenant.tenant.auditor.id, name: `Auditor ${tenant.tenant.tag}` },
      template: { name: 'Higiene' },
    });
    expect(idsOf(await search({ filters: [{ field: 'status', value: 'running' }] }))).toEqual([b._id]);
    expect(idsOf(await search({ filters: [{ field: 'startDate', value: { from: '2025-02-01', to: '2025-03-01' } }] }))).toEqual([b._id]);
    expect(idsOf(await search({ filters: [{ field: 'startDate', operator: 'gte', value: '2025-02-10' }], sort: 'startDate' }))).toEqual([b._id, c._id]);
    const same = [
      { field: 'client', value: tenant.tenant.client.id },
      { field: 'establishment', value: tenant.tenant.establishment.id },
      { field: 'service', value: tenant.refs.service },
      { field: 'auditor', value: tenant.tenant.auditor.id },
      { field: 'risk', value: 'LOW' },
    ];
    expect((await search({ filters: same })).headers['x-total-count']).toBe('3');
    expect(idsOf(await search({ filters: [{ field: 'risk', value: 'HIGH' }] }))).toEqual([]);
    expect(idsOf(await search({ size: 1, page: 1 }))).toEqual([b._id]);
    expect((await search({ projections: ['status'], size: 1 })).body).toEqual([{ _id: c._id, status: 'draft' }]);
    expect((await search({ filters: [{ field: 'secret', value: 1 }] })).body.fields).toEqual(['filters.secret']);
    expect((await search({ filters: [{ field: 'startDate', value: 'never' }] })).body.fields).toEqual(['filters.startDate']);
    expect(idsOf(await search({ search: tenant.tenant.establishment.name }))).toHaveLength(3);
    // The other tenant's audits are not there.
    expect(idsOf(await f.admin.post(`${AUDITS}/search`, { filters: [{ field: 'client', value: tenant.tenant.client.id }] }))).toEqual([]);
    // A client's user lists the audits made only: none of these drafts and running audit (decision 0061).
    const client = await tenant.client.post(`${AUDITS}/search`, {});
    expect([idsOf(client), client.headers['x-total-count']]).toEqual([[], '0']);
    expect(idsOf(await tenant.client.post(`${AUDITS}/search`, { filters: [{ field: 'status', value: 'running' }] }))).toEqual([]);
  });
});
