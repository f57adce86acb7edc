import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { forgetQuestions } from './answer-fast.js';

/**
 * Once the server knows a question (it read the audit, or saved an answer to it), an answer is one
 * checked upsert (answer-fast.ts). Every rule that can change must still hold: these run each check
 * with the question known, so they go through the one-statement path first.
 */
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audf');
});
afterAll(() => t.close());

async function knownQuestion() {
  const { id, ids } = await runningAudit(f);
  const url = `${AUDITS}/${id}/answer/add`;
  const body = { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) };
  const first = await f.auditor.post(url, body);
  expect(first.status).toBe(200);
  return { id, ids, url, body, answerId: first.body._id as string };
}

describe('answers to a question this server has not seen', () => {
  it('take the full path and save the same answer (as on a second server instance)', async () => {
    const { id, ids } = await runningAudit(f);
    forgetQuestions();
    const body = { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) };
    const saved = await f.auditor.post(`${AUDITS}/${id}/answer/add`, body);
    expect(saved.body).toMatchObject({ question: ids.floors, score: 0, failed: true, templateAnswer: { select: [f.tpl.options.no] } });
    forgetQuestions();
    expect((await f.auditor.post(`${AUDITS}/${id}/answer/add`, { ...body, section: ids.records })).body.fields).toEqual(['section']);
  });
});

describe('answers to a known question', () => {
  it('update the one answer, with the score and failure of the new option', async () => {
    const { url, body, answerId } = await knownQuestion();
    const again = await f.auditor.post(url, { ...body, templateAnswer: select(f.tpl.options.no) });
    expect(again.body).toMatchObject({ _id: answerId, score: 0, failed: true, templateAnswer: { select: [f.tpl.options.no] } });
  });

  it('still refuse another auditor (494), another tenant (404), the wrong section and a bad option (400)', async () => {
    const { ids, url, body } = await knownQuestion();
    const other = await addUser(t.db, { email: `fast.${f.tenant.tag}@example.com`, firstName: 'Otro', home: f.tenant.root, roleIds: [f.tenant.roles.auditor!], isAuditor: true });
    expect((await (await signIn(t.app, other.email)).api.post(url, body)).body.reference).toBe('494');
    const elsewhere = await auditTenant(t, 'audg');
    expect((await elsewhere.auditor.post(url, body)).status).toBe(404);
    expect((await f.auditor.post(url, { ...body, section: ids.records })).body.fields).toEqual(['section']);
    expect((await f.auditor.post(url, { ...body, templateAnswer: select(f.tpl.pestsOptions[0]!) })).body.fields).toEqual(['templateAnswer.select']);
    expect((await f.auditor.post(url, { ...body, question: ids.pests, section: ids.facilities, templateAnswer: select(f.tpl.options.yes) })).body.fields).toEqual(['templateAnswer.select']);
  });

  it('still refuse an audit that stopped running (AUD0002) and an answer of another question', async () => {
    const { id, ids, body, answerId } = await knownQuestion();
    const pests = await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.pests, templateAnswer: select(f.tpl.pestsOptions[0]!) });
    expect((await f.auditor.patch(`${AUDITS}/${id}/answer/${pests.body._id}/update`, body)).body.fields).toEqual(['question']);
    expect((await f.auditor.patch(`${AUDITS}/${id}/answer/${answerId}/update`, body)).status).toBe(200);
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audits set status = 'finished' where id = ${id}`));
    expect((await f.auditor.post(`${AUDITS}/${id}/answer/add`, body)).body.reference).toBe('AUD0002');
  });
});
