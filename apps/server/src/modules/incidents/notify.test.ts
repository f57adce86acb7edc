import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { auditTenant, type TAuditTenant } from '../../test/audits.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../../test/incidents.js';
import { expectOk } from '../../test/templates.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { overdueRemindersJob } from './reminders.js';

/** TASK_UPDATE_STATE in the drawer and by e-mail over a loopback SMTP server; the overdue reminders (decision 0039). */
let received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let t: TTestApp;
let f: TAuditTenant;
let audit: Awaited<ReturnType<typeof finishedAuditWithIncidents>>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Auditorías <no-reply@audit.test>' });
  f = await auditTenant(t, 'incn');
  audit = await finishedAuditWithIncidents(t, f);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const NOTIFICATIONS = '/ms-core/api/notifications';
const unread = async (api = f.auditor) =>
  (await expectOk(api.post(`${NOTIFICATIONS}/search`, { filters: [{ field: 'read', value: false }] }))) as {
    _id: string;
    type: string;
    payload: { body: { status: string; name: string; incidentId: string } };
  }[];
/** Runs the queue until it is empty (a job may enqueue another). */
async function drain() {
  while ((await t.app.jobs.runDue()) > 0);
}
/** The Subject header, unfolded and its MIME encoded words (=?UTF-8?Q?...?=) decoded. */
function subjectOf(raw: string) {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header.replace(/\r?\n[ \t]/g, ' ').replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_m, text: string) =>
    Buffer.from(
      text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

describe('notifications of a change', () => {
  it('an assignment reaches the auditor in the drawer and by e-mail in their language; the actor is not told of their own change', async () => {
    await expectOk(f.auditor.patch('/ms-core/api/users/me/language', { language: 'en' }));
    // The set-up's e-mails (the audit's assignment notice) go first: only this change's are counted.
    await drain();
    received = [];
    const task = await expectOk(f.client.post(`${ISSUES}/${audit.dirt._id}/tasks`, { name: 'Limpiar a fondo', responsible: f.tenant.clientUser.id }));
    const mine = await unread();
    expect(mine[0]).toMatchObject({ type: 'TASK_UPDATE_STATE', payload: { body: { status: 'toDo', name: 'Limpiar a fondo', incidentId: audit.dirt._id } } });
    expect(await unread(f.client)).toEqual([]);
    expect(received).toEqual([]); // nothing is sent on the request path
    await drain();
    expect(received.map((m) => m.to)).toEqual([[f.tenant.auditor.email]]);
    expect(subjectOf(received[0]!.raw)).toBe('“Limpiar a fondo” was assigned to you');
    expect(received[0]!.raw.replace(/=\r?\n/g, '')).toContain(`/incidents/${audit.dirt._id}`);

    // The client turns incident e-mails off: the drawer still tells them, no e-mail goes.
    await expectOk(f.client.patch('/ms-core/api/users/me/settings', { key: 'incidentEmails', value: false }));
    received = [];
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'running' }));
    await expectOk(f.client.patch(`${TASKS}/${task._id}`, { status: 'complete' }));
    await expectOk(f.auditor.post(`${TASKS}/${task._id}/verify`, { approved: true }));
    const clientSide = await unread(f.client);
    expect(clientSide[0]!.payload.body).toMatchObject({ status: 'complete', name: 'Limpiar a fondo' });
    await drain();
    expect(received.flatMap((m) => m.to)).not.toContain(f.tenant.clientUser.email);
    expect(received.flatMap((m) => m.to)).toContain(f.tenant.auditor.email);
  });
  it('marks one read, all read, and clears the drawer: only the caller’s own', async () => {
    const before = await unread();
    expect(before.length).toBeGreaterThan(1);
    expect((await expectOk(f.auditor.patch(`${NOTIFICATIONS}/${before[0]!._id}/read`))).count).toBe(1);
    expect((await f.client.patch(`${NOTIFICATIONS}/${before[1]!._id}/read`)).status).toBe(404);
    expect(await unread()).toHaveLength(before.length - 1);
    expect((await expectOk(f.auditor.post(`${NOTIFICATIONS}/read-all`))).count).toBe(before.length - 1);
    expect(await unread()).toEqual([]);
    const clientBefore = (await unread(f.client)).length;
    await expectOk(f.auditor.post(`${NOTIFICATIONS}/clear`));
    expect(await expectOk(f.auditor.post(`${NOTIFICATIONS}/search`, {}))).toEqual([]);
    expect(await unread(f.client)).toHaveLength(clientBefore);
  });
});

describe('overdue reminders (a controllable clock)', () => {
  it('remind the responsible on the due day, then the manager after 3 and 7 days, each once', async () => {
    const task = await expectOk(
      f.auditor.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: 'Sellar grietas', responsible: f.tenant.clientUser.id, dueDate: '2030-03-10' }),
    );
    await expectOk(f.client.patch('/ms-core/api/users/me/settings', { key: 'incidentEmails', value: true }));
    await expectOk(f.auditor.post(`${NOTIFICATIONS}/clear`));
    await expectOk(f.client.post(`${NOTIFICATIONS}/clear`));
    await drain(); // the assignment's own e-mail
    const runAt = async (iso: string) => {
      received = [];
      await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, overdueRemindersJob, { now: iso }));
      await drain();
      return received.flatMap((m) => m.to);
    };
    expect(await runAt('2030-03-09T09:00:00.000Z')).toEqual([]);
    expect(await runAt('2030-03-10T09:00:00.000Z')).toEqual([f.tenant.clientUser.email]);
    expect(subjectOf(received[0]!.raw)).toBe('Acción correctiva vencida: «Sellar grietas»');
    expect(await runAt('2030-03-11T09:00:00.000Z')).toEqual([]);
    expect(await runAt('2030-03-13T09:00:00.000Z')).toEqual([f.tenant.auditor.email]);
    expect(await runAt('2030-03-14T09:00:00.000Z')).toEqual([]);
    expect(await runAt('2030-03-17T09:00:00.000Z')).toEqual([f.tenant.auditor.email]);
    expect(await runAt('2030-03-30T09:00:00.000Z')).toEqual([]);
    expect((await unread(f.client)).map((n) => n.payload.body.status)).toEqual(['overdue']);
    expect((await unread()).length).toBe(2);
    // `overdue` is reckoned against today's real date: due in 2030 it is not yet; due in 2020 it is.
    expect((await expectOk(f.client.get(`${TASKS}/${task._id}`))).overdue).toBe(false);
    const late = await expectOk(f.auditor.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: 'Revisar', dueDate: '2020-01-01' }));
    expect(late.overdue).toBe(true);
  });
  it("a space's reminders go from 08:00 in its own time zone, once", async () => {
    // The incident's space in Los Angeles (UTC−7 in May): 09:00 UTC is 02:00 there, still the day
    // before its reminder day; 15:30 UTC is 08:30 there. Madrid's morning (09:00 UTC) sends nothing.
    await expectOk(
      f.auditor.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: 'Cambiar juntas', responsible: f.tenant.clientUser.id, dueDate: '2031-05-10' }),
    );
    const zone = (name: string | null) =>
      unsafeUnscoped(t.db, (tx) =>
        tx.execute(
          sql`update spaces set time_zone = ${name} where secure_space_path = (select secure_space_path from incidents where id = ${audit.plague._id})`,
        ),
      );
    await zone('America/Los_Angeles');
    try {
      await drain();
      const runAt = async (iso: string) => {
        received = [];
        await unsafeUnscoped(t.db, (tx) => enqueueJob(tx, null, overdueRemindersJob, { now: iso }));
        await drain();
        return received.flatMap((m) => m.to);
      };
      await runAt('2031-05-01T12:00:00.000Z'); // the earlier tests' actions: every stage of theirs sent
      expect(await runAt('2031-05-10T09:00:00.000Z')).toEqual([]);
      expect(await runAt('2031-05-10T14:30:00.000Z')).toEqual([]);
      expect(await runAt('2031-05-10T15:30:00.000Z')).toEqual([f.tenant.clientUser.email]);
      expect(await runAt('2031-05-10T16:30:00.000Z')).toEqual([]);
    } finally {
      await zone(null);
    }
  });
});
