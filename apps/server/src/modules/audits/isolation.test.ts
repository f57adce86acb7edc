import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditBody, auditTenant, QUESTIONNAIRE, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';

/**
 * Another tenant's administrator (who passes every permission check) and a client user of another
 * client of the same company call every audits route with this tenant's real ids: all 404.
 */
let t: TTestApp;
let a: TAuditTenant;
let b: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await auditTenant(t, 'isoauda');
  b = await auditTenant(t, 'isoaudb');
});
afterAll(() => t.close());

async function victim() {
  const { id, ids } = await runningAudit(a);
  const answer = await expectOk(
    a.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(a.tpl.options.no) }),
  );
  const [issue] = await expectOk(
    a.auditor.patch(`${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}/issues-tasks`, { issuesToAdd: [a.tpl.incidences.dirt._id] }),
  );
  return { id, ids, answer: answer._id as string, issue: issue._id as string, dirt: a.tpl.incidences.dirt };
}

function calls(v: Awaited<ReturnType<typeof victim>>): [string, string, unknown?][] {
  const Q = `${AUDITS}/${v.id}/sections/${v.ids.facilities}/questions/${v.ids.floors}`;
  const answerBody = { section: v.ids.facilities, question: v.ids.floors, templateAnswer: select(a.tpl.options.yes) };
  return [
    ['GET', `${AUDITS}/${v.id}`],
    ['GET', `${AUDITS}/${v.id}/get-preview`],
    ['POST', `${AUDITS}/check-score`, { audit: v.id }],
    ['PATCH', `${AUDITS}/${v.id}/execute?use_previous=true`],
    ['PATCH', `${AUDITS}/${v.id}/finished`],
    ['PATCH', `${AUDITS}/${v.id}/reopen`],
    ['PATCH', `${AUDITS}/${v.id}/date`, { date: ['2025-01-01', '2025-01-02'] }],
    ['PATCH', `${AUDITS}/${v.id}/share`, { enabled: true }],
    ['POST', `${AUDITS}/${v.id}/cover/update`, { coverFields: [{ _id: v.ids.coverFields[0]!._id, value: 'x' }] }],
    ['POST', `${AUDITS}/${v.id}/contact-field/update`, { contactFields: [{ _id: v.ids.contactFields[0]!._id, value: 'x' }] }],
    ['POST', `${AUDITS}/${v.id}/sections/${v.ids.facilities}/duplicate`],
    ['DELETE', `${AUDITS}/${v.id}/sections/${v.ids.facilities}/remove`],
    ['POST', `${AUDITS}/${v.id}/answer/add`, answerBody],
    ['PATCH', `${AUDITS}/${v.id}/answer/${v.answer}/update`, answerBody],
    ['DELETE', `${AUDITS}/${v.id}/answer/${v.answer}/remove`],
    ['PATCH', `${Q}/issues-tasks`, { issuesToRemove: [v.dirt._id] }],
    ['PATCH', `${Q}/update-issue-name`, { issue: v.issue, name: 'x' }],
    ['PATCH', `${Q}/update-issue-description`, { issue: v.issue, description: 'x' }],
    ['PATCH', `${Q}/update-task-name`, { issue: v.issue, task: v.dirt.tasks[0]!._id, name: 'x' }],
    ['PATCH', `${Q}/solved-in-place`, { issue: v.issue, solvedInPlace: true }],
    ['PATCH', `${Q}/note`, { note: 'x' }],
    ['DELETE', `${Q}/evidences/${v.issue}`],
    ['DELETE', `${Q}/note-images/${v.issue}`],
    ['GET', `${QUESTIONNAIRE}/${v.id}`],
    ['PATCH', `${QUESTIONNAIRE}/${v.id}/answers`, { answers: [] }],
    ['PATCH', `${QUESTIONNAIRE}/${v.id}/sent`, { sent: false }],
  ];
}

describe('audits across tenants', () => {
  it("another tenant's administrator gets 404 for every call on this tenant's audit and changes nothing", async () => {
    const v = await victim();
    const before = await expectOk(a.auditor.get(`${AUDITS}/${v.id}`));
    const results = [];
    for (const [method, url, body] of calls(v)) {
      const res = await b.admin.call(method as 'GET', url, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}));
      results.push(`${method} ${url.replace(v.id, ':id')} ${res.status} ${res.body?.reference ?? ''}`);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(results).toHaveLength(26);
    const after = await expectOk(a.auditor.get(`${AUDITS}/${v.id}`));
    expect(after).toEqual(before);
    // Nor does it find it in lists or start anything with this tenant's places and template.
    expect((await b.admin.post(`${AUDITS}/search`, { filters: [{ field: '_id', value: v.id }] })).body).toEqual([]);
    expect((await b.admin.post(AUDITS, auditBody(a))).status).toBe(404);
    expect((await b.admin.post(AUDITS, auditBody(b, { template: a.tpl.template }))).status).toBe(404);
    expect((await b.admin.post(AUDITS, auditBody(b, { auditor: a.tenant.auditor.id }))).body.fields).toEqual(['auditor']);
    expect((await b.admin.get(`${AUDITS}/options/services?establishment=${a.tenant.establishment.id}`)).status).toBe(404);
    expect((await b.admin.get(`${AUDITS}/options/auditors?client=${a.tenant.client.id}`)).status).toBe(404);
  });

  it("a client's user reads its own establishment's audits, not another client's", async () => {
    const v = await victim();
    // Auditors of each client's space, who see running audits (a client's USER sees none of them, decision 0061).
    const local = await addUser(t.db, {
      email: `own.${a.tenant.tag}@example.com`,
      firstName: 'Own',
      home: a.tenant.client,
      roleIds: [a.tenant.roles.auditor!],
      isAuditor: true,
    });
    expect((await (await signIn(t.app, local.email)).api.get(`${AUDITS}/${v.id}`)).status).toBe(200);
    expect((await a.client.get(`${AUDITS}/${v.id}`)).status).toBe(404);
    const sibling = await addSpace(t.db, { name: `Sibling ${a.tenant.tag}`, parent: a.tenant.root });
    const outsider = await addUser(t.db, {
      email: `sib.${a.tenant.tag}@example.com`,
      firstName: 'Sib',
      home: sibling,
      roleIds: [a.tenant.roles.auditor!],
      isAuditor: true,
    });
    const api = (await signIn(t.app, outsider.email)).api;
    expect((await api.get(`${AUDITS}/${v.id}`)).status).toBe(404);
    expect((await api.post(`${AUDITS}/search`, {})).body).toEqual([]);
    expect((await api.post(`${AUDITS}/check-score`, { audit: v.id })).status).toBe(404);
  });
});
