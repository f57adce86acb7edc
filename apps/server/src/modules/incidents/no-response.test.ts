import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { auditTenant, type TAuditTenant } from '../../test/audits.js';
import { finishedAuditWithIncidents, ISSUES } from '../../test/incidents.js';
import { expectOk } from '../../test/templates.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { NO_RESPONSE_DAYS, noResponseJob } from './no-response.js';

/** The no-response timer (decision 0045): a quiet escalation turns no_response by itself, once. */
let t: TTestApp;
let f: TAuditTenant;
let audit: Awaited<ReturnType<typeof finishedAuditWithIncidents>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'incnr');
  audit = await finishedAuditWithIncidents(t, f);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const statusOf = async (id: string) => (await expectOk(f.client.get(`${ISSUES}/${id}`))).status as string;
/** What the timekeeper does each morning, with the test's clock. */
async function runAt(at: Date) {
  await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, noResponseJob, { now: at.toISOString() }));
  while ((await t.app.jobs.runDue()) > 0);
}
/** Moves every history record of the incident `days` into the past (the escalation happened then). */
const age = (id: string, days: number) =>
  unsafeUnscoped(t.db, (tx) => tx.execute(sql`update incident_history set created_at = created_at - ${`${days} days`}::interval where incident_id = ${id}`));

describe('no response from the client', () => {
  it(`an escalation with nothing recorded for ${NO_RESPONSE_DAYS} days turns no_response, told to the people concerned; once`, async () => {
    await expectOk(f.auditor.patch(`${ISSUES}/${audit.dirt._id}/status`, { status: 'escalated_to_client' }));
    await expectOk(f.auditor.post('/ms-core/api/notifications/clear'));
    const now = Date.now();
    await runAt(new Date(now + (NO_RESPONSE_DAYS - 1) * DAY));
    expect(await statusOf(audit.dirt._id)).toBe('escalated_to_client');

    await runAt(new Date(now + (NO_RESPONSE_DAYS + 1) * DAY));
    expect(await statusOf(audit.dirt._id)).toBe('no_response');
    const history = await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}/history`));
    expect(history[0]).toMatchObject({ kind: 'statusChanged', by: null, before: { status: 'escalated_to_client' }, after: { status: 'no_response' } });
    // The auditor escalated it and is told now: the move is the system's, not theirs.
    const told = await expectOk(f.auditor.post('/ms-core/api/notifications/search', {}));
    expect(told.map((n: { payload: { body: unknown } }) => n.payload.body)).toContainEqual({
      event: 'status',
      status: 'no_response',
      name: 'Suciedad',
      incidentId: audit.dirt._id,
    });

    await runAt(new Date(now + (NO_RESPONSE_DAYS + 9) * DAY));
    expect((await expectOk(f.client.get(`${ISSUES}/${audit.dirt._id}/history`))).length).toBe(history.length);
    // Staff send it back to the client: the wait starts again.
    await expectOk(f.auditor.patch(`${ISSUES}/${audit.dirt._id}/status`, { status: 'escalated_to_client' }));
    expect(await statusOf(audit.dirt._id)).toBe('escalated_to_client');
  });

  it('a client’s answer (a comment) restarts the wait; other statuses are never touched', async () => {
    await expectOk(f.auditor.patch(`${ISSUES}/${audit.plague._id}/status`, { status: 'escalated_to_client' }));
    await age(audit.plague._id, NO_RESPONSE_DAYS + 5);
    await expectOk(f.client.post(`${ISSUES}/${audit.plague._id}/comments`, { text: 'Lo revisamos el lunes' }));
    await runAt(new Date(Date.now() + 2 * DAY));
    expect(await statusOf(audit.plague._id)).toBe('escalated_to_client');
    await runAt(new Date(Date.now() + (NO_RESPONSE_DAYS + 1) * DAY));
    expect(await statusOf(audit.plague._id)).toBe('no_response');

    const other = await expectOk(f.client.post(ISSUES, { name: 'Fuga', space: f.tenant.establishment.id }));
    await age(other._id, 400);
    await runAt(new Date(Date.now() + 400 * DAY));
    expect(await statusOf(other._id)).toBe('running');
  });
});
