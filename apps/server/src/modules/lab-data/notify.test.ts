import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { expectOk } from '../../test/templates.js';

/** A lab incident's status change tells the people concerned: bell and e-mail (decision 0053). */
let received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let t: TTestApp;
let tenant: TTenant;
let lab: TApiClient;
let labEmail: string;
let admin: TApiClient;

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
  tenant = await createTenant(t.db, 'labn');
  const user = await addUser(t.db, { email: `lab.${tenant.tag}@example.com`, firstName: 'Lab', home: tenant.client, roleIds: [tenant.roles.laboratory!] });
  labEmail = user.email;
  lab = (await signIn(t.app, user.email)).api;
  admin = (await signIn(t.app, tenant.admin.email)).api;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const unread = async (api: TApiClient) =>
  (await expectOk(api.post('/ms-core/api/notifications/search', { filters: [{ field: 'read', value: false }] }))) as {
    type: string;
    payload: { body: Record<string, string> };
  }[];
async function drain() {
  while ((await t.app.jobs.runDue()) > 0);
}

describe('lab incident notifications', () => {
  it('a move tells who raised the incident, in the drawer and by e-mail; the person moving it is not told', async () => {
    const report = await expectOk(
      lab.post('/ms-core/api/lab-reports', {
        category: 'legionella',
        number: 'N-1',
        space: tenant.establishment.id,
        extractionDate: '2026-06-01',
        results: [{ parameter: 'Legionella spp.', value: 2000, unit: 'UFC/L', maxValue: 1000 }],
      }),
    );
    const [incident] = await expectOk(admin.post('/ms-core/api/lab-incidents/search', { filters: [{ field: 'report', value: report._id }] }));
    await drain();
    received = [];
    await expectOk(admin.patch(`/ms-core/api/lab-incidents/${incident._id}/status`, { status: 'RUNNING' }));
    expect(await unread(lab)).toEqual([
      expect.objectContaining({
        type: 'TASK_UPDATE_STATE',
        payload: { body: { status: 'running', name: 'N-1 · Legionella spp.', labIncidentId: incident._id } },
      }),
    ]);
    expect(await unread(admin)).toEqual([]);
    await drain();
    expect(received.map((m) => m.to)).toEqual([[labEmail]]);
    expect(received[0]!.raw.replace(/=\r?\n/g, '')).toContain(`/incidents/list/lab-data/${incident._id}`);

    // The laboratory moves it on: the admin, who moved it last, is told; the laboratory is not.
    received = [];
    await expectOk(lab.patch(`/ms-core/api/lab-incidents/${incident._id}/status`, { status: 'SOLVED' }));
    const adminNotices = await unread(admin);
    expect(adminNotices.map((n) => n.payload.body.status)).toEqual(['solved']);
    expect(await unread(lab)).toHaveLength(1);
    await drain();
    expect(received.map((m) => m.to)).toEqual([[tenant.admin.email]]);
  });
});
