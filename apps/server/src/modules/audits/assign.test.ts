import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditBody, auditTenant, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';

/**
 * Administrators plan audits (issue 13): a space administrator who is not an auditor lists the
 * audits, creates one for an auditor and assigns it to another; the run stays the assigned
 * auditor's, and an audit keeps its auditor once started.
 */
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'asg');
});
afterAll(() => t.close());

describe('PATCH /audits/{id}/auditor (planning)', () => {
  it('an administrator lists, creates and assigns; the new auditor runs it, the former one may not', async () => {
    expect((await expectOk(f.admin.get('/ms-core/api/users/me'))).isAuditor).toBe(false);
    expect((await f.admin.post(`${AUDITS}/search`, {})).status).toBe(200);
    expect(await expectOk(f.admin.get(`${AUDITS}/options/auditors?client=${f.tenant.client.id}`))).toEqual([
      expect.objectContaining({ _id: f.tenant.auditor.id }),
    ]);

    const audit = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    expect(audit).toMatchObject({ status: 'draft', auditor: { _id: f.tenant.auditor.id }, owner: { _id: f.tenant.admin.id } });
    expect(audit.can).toMatchObject({ assign: true });

    const second = await addUser(t.db, {
      email: `second.${f.tenant.tag}@example.com`,
      firstName: 'Segundo',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    const assigned = await expectOk(f.admin.patch(`${AUDITS}/${audit._id}/auditor`, { auditor: second.id }));
    expect(assigned.auditor._id).toBe(second.id);
    const traces = await expectOk(f.admin.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', value: audit._id }] }));
    expect(traces.map((x: { type: string }) => x.type).sort()).toEqual(['CREATE', 'UPDATE']);

    // The run is the assigned auditor's: the former one is refused (494), the new one starts it.
    expect((await f.auditor.patch(`${AUDITS}/${audit._id}/execute`)).body.reference).toBe('494');
    const secondApi = (await signIn(t.app, second.email)).api;
    const started = await expectOk(secondApi.patch(`${AUDITS}/${audit._id}/execute`));
    expect(started).toMatchObject({ status: 'running', can: { assign: false, run: true } });
    // Once started it keeps its auditor.
    expect((await f.admin.patch(`${AUDITS}/${audit._id}/auditor`, { auditor: f.tenant.auditor.id })).body.reference).toBe('AUD0002');
  });

  it('400 for someone who is not one of the company auditors, 452 for a client user, 404 for an unknown audit', async () => {
    const audit = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    expect((await f.admin.patch(`${AUDITS}/${audit._id}/auditor`, { auditor: f.tenant.admin.id })).body.fields).toEqual(['auditor']);
    expect((await f.admin.patch(`${AUDITS}/${audit._id}/auditor`, { auditor: 'x' })).body.fields).toEqual(['auditor']);
    expect((await f.client.patch(`${AUDITS}/${audit._id}/auditor`, { auditor: f.tenant.auditor.id })).body.reference).toBe('452');
    expect((await f.admin.patch(`${AUDITS}/${f.tenant.root.id}/auditor`, { auditor: f.tenant.auditor.id })).status).toBe(404);
  });
});
