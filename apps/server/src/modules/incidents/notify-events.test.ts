import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { auditTenant, type TAuditTenant } from '../../test/audits.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../../test/incidents.js';
import { jobsOf } from '../../test/jobs.js';
import { expectOk } from '../../test/templates.js';
import type { TApiClient } from '../../test/harness.js';

/**
 * Each incident event has its own bell entry (decision 0064): evidence awaiting review reaches the
 * company's administrators (bell and e-mail); the client who worked an action hears of its
 * verification and of the incident's resolution in the bell, each named by its event.
 */
let t: TTestApp;
let f: TAuditTenant;
let audit: Awaited<ReturnType<typeof finishedAuditWithIncidents>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'inev');
  audit = await finishedAuditWithIncidents(t, f);
}, 300_000);
afterAll(() => t.close());

type TBody = { event?: string; status: string; name: string; incidentId: string };
const bell = async (api: TApiClient) =>
  ((await expectOk(api.post('/ms-core/api/notifications/search', {}))) as { type: string; payload: { body: TBody } }[]).map((n) => n.payload.body);
async function drain() {
  while ((await t.app.jobs.runDue()) > 0);
}

describe('incident events in the bell', () => {
  it('evidence awaiting review reaches the administrator; the client hears of the verification and the resolution', { timeout: 120_000 }, async () => {
    // The auditor asks for an action nobody in particular is responsible for; the client works it.
    const task = await expectOk(f.auditor.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: 'Sellar grietas' }));
    // The incident's other actions (its template's) are done and verified first: the last one resolves it.
    const others = (await expectOk(f.auditor.get(`${ISSUES}/${audit.plague._id}`))).tasks.filter((x: { _id: string }) => x._id !== task._id);
    for (const other of others as { _id: string }[]) {
      await expectOk(f.client.patch(`${TASKS}/${other._id}`, { status: 'running' }));
      await expectOk(f.client.patch(`${TASKS}/${other._id}`, { status: 'complete' }));
      await expectOk(f.auditor.post(`${TASKS}/${other._id}/verify`, { approved: true }));
    }
    await drain();
    await expectOk(f.admin.post('/ms-core/api/notifications/clear'));
    await expectOk(f.client.post('/ms-core/api/notifications/clear'));
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'running' }));
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'complete' }));
    await drain();
    const admin = await bell(f.admin);
    expect(admin).toContainEqual({ event: 'evidenceReview', status: 'complete', name: 'Sellar grietas', incidentId: audit.plague._id });
    const mails = (await jobsOf(t.db, 'incidents.mail')).map((j) => (j.data as { payload: { to: string[]; event: string } }).payload);
    expect(mails).toContainEqual(expect.objectContaining({ to: [f.tenant.admin.id], event: 'evidenceReview' }));

    await expectOk(f.auditor.post(`${TASKS}/${task._id}/verify`, { approved: true }));
    const client = await bell(f.client);
    expect(client).toContainEqual({ event: 'verified', status: 'complete', name: 'Sellar grietas', incidentId: audit.plague._id });
    expect(client).toContainEqual({ event: 'status', status: 'resolved', name: audit.plague.name, incidentId: audit.plague._id });
    // The auditor who verified is not told of their own change.
    expect((await bell(f.auditor)).filter((b) => b.event === 'verified')).toEqual([]);
  });
});
