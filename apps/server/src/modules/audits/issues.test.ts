import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditTenant, runningAudit, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';

let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audi');
});
afterAll(() => t.close());

const tasksOf = (issue: { tasks: { name: string; selected: boolean }[] }) => issue.tasks.map((x) => `${x.name}:${x.selected}`);

describe('issues and tasks of a question', () => {
  it('401, 452, 400 naming the lists, AUD0002 and 494 like every running call', async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    expect((await apiClient(t.app).patch(`${path}/issues-tasks`, {})).status).toBe(401);
    expect((await f.client.patch(`${path}/issues-tasks`, {})).body.reference).toBe('452');
    expect((await f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: ['x'] })).body.fields).toEqual(['issuesToAdd.0']);
    // Incidences and tasks must be this question's.
    expect((await f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.plague._id] })).body.fields).toEqual(['issuesToAdd']);
    expect(
      (await f.auditor.patch(`${path}/issues-tasks`, { tasksToAdd: [{ issue: f.tpl.incidences.dirt._id, task: f.tpl.incidences.broken.tasks[0]!._id }] })).body
        .fields,
    ).toEqual(['tasksToAdd']);
    expect((await f.auditor.patch(`${AUDITS}/${id}/sections/${ids.records}/questions/${ids.floors}/issues-tasks`, {})).body.fields).toEqual(['section']);
    expect((await f.auditor.patch(`${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.facilities}/issues-tasks`, {})).status).toBe(404);
  });

  it('raises an issue with its sole task marked; a task selects its issue; removing clears it', async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    const { dirt, broken } = f.tpl.incidences;
    const raised = await f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: [dirt._id, broken._id] });
    expect(raised.status).toBe(200);
    expect(
      raised.body.map((i: { name: string; templateIssue: string; riskLevel: string; deductionPercentage: number; selected: boolean }) => [
        i.name,
        i.templateIssue,
        i.riskLevel,
        i.deductionPercentage,
        i.selected,
      ]),
    ).toEqual([
      ['Suciedad', dirt._id, 'medium', 5, true],
      ['Rotura', broken._id, 'infrastructure', 3, true],
    ]);
    expect(raised.body.map(tasksOf)).toEqual([['Limpiar:true'], ['Reparar:false', 'Pintar:false']]);
    // A replayed add changes nothing.
    expect((await f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: [dirt._id] })).body).toHaveLength(2);
    const marked = await f.auditor.patch(`${path}/issues-tasks`, {
      tasksToAdd: [{ issue: broken._id, task: broken.tasks[1]!._id }],
      tasksToRemove: [{ issue: dirt._id, task: dirt.tasks[0]!._id }],
    });
    expect(marked.body.map(tasksOf)).toEqual([['Limpiar:false'], ['Reparar:false', 'Pintar:true']]);
    const removed = await f.auditor.patch(`${path}/issues-tasks`, { issuesToRemove: [broken._id] });
    expect(removed.body.map((i: { name: string }) => i.name)).toEqual(['Suciedad']);
    // Selecting a task of an unselected incidence raises it with that task.
    const byTask = await f.auditor.patch(`${path}/issues-tasks`, { tasksToAdd: [{ issue: broken._id, task: broken.tasks[0]!._id }] });
    expect(byTask.body.map(tasksOf)).toEqual([['Limpiar:false'], ['Reparar:true', 'Pintar:false']]);
    const audit = await expectOk(f.auditor.get(`${AUDITS}/${id}`));
    expect(audit.sections[1]).toMatchObject({ totalIssuesCount: 2, mediumIssuesCount: 1, infraIssuesCount: 1 });
    expect(audit).toMatchObject({ totalIssuesCount: 2, recalculatedRisk: 'MEDIUM' });
  });

  it('renames an issue and its tasks, describes it and marks it solved in place, by issue or incidence id', async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    const { dirt, broken } = f.tpl.incidences;
    const [issue] = await expectOk(f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: [dirt._id] }));
    expect((await f.auditor.patch(`${path}/update-issue-name`, { issue: issue._id, name: 'Suciedad en el suelo' })).body.name).toBe('Suciedad en el suelo');
    expect((await f.auditor.patch(`${path}/update-issue-description`, { issue: dirt._id, description: 'Bajo las mesas' })).body.description).toBe(
      'Bajo las mesas',
    );
    expect((await f.auditor.patch(`${path}/update-task-name`, { issue: dirt._id, task: dirt.tasks[0]!._id, name: 'Fregar' })).body.tasks).toEqual([
      { _id: dirt.tasks[0]!._id, name: 'Fregar', selected: true },
    ]);
    expect((await f.auditor.patch(`${path}/update-task-name`, { issue: dirt._id, task: broken.tasks[0]!._id, name: 'x' })).body.fields).toEqual(['task']);
    const solved = await f.auditor.patch(`${path}/solved-in-place`, { issue: issue._id, solvedInPlace: true });
    expect(solved.body).toMatchObject({ _id: issue._id, name: 'Suciedad en el suelo', solvedInPlace: true });
    // Only a selected issue can be solved in place.
    expect((await f.auditor.patch(`${path}/solved-in-place`, { issue: broken._id, solvedInPlace: true })).body.fields).toEqual(['issue']);
    expect((await f.auditor.patch(`${path}/update-issue-name`, { issue: dirt._id, name: '' })).body.fields).toEqual(['name']);
    expect((await expectOk(f.auditor.get(`${AUDITS}/${id}`))).totalIssuesResolved).toBe(1);
  });

  it("keeps a question's note", async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.records}/questions/${ids.count}/note`;
    expect((await f.auditor.patch(path, { note: 'Revisar la cámara 2' })).body).toEqual({ note: 'Revisar la cámara 2' });
    expect((await expectOk(f.admin.get(`${AUDITS}/${id}`))).sections[2].questions[1].note).toBe('Revisar la cámara 2');
    expect((await f.auditor.patch(path, { note: '  ' })).body).toEqual({ note: null });
    expect((await f.auditor.patch(path, {})).body.fields).toEqual(['note']);
  });
});
