import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { jobsOf, skipBackoff } from '../../test/jobs.js';
import { sendEmailJob } from './email.js';

/** A real SMTP server on loopback receives what the job worker delivers. */
interface TReceived {
  from: string;
  to: string[];
  raw: string;
}
let received: TReceived[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let t: TTestApp;
let tenant: TTenant;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Auditorías <no-reply@audit.test>' });
  tenant = await createTenant(t.db, 'mail');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('POST /ms-core/api/notifications/email', () => {
  it('queues the e-mail and the worker delivers it over SMTP to addresses and users of the space', async () => {
    received = [];
    const { api } = await signIn(t.app, tenant.admin.email);
    const res = await api.post('/ms-core/api/notifications/email', {
      to: [{ email: 'Chef@Hotel.es' }, { _id: tenant.clientUser.id }],
      subject: 'Informe de auditoría',
      body: 'Adjuntamos el informe.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, recipients: 2 });
    expect(received).toEqual([]); // nothing is sent on the request path
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@audit.test');
    expect(received[0]!.to.sort()).toEqual(['chef@hotel.es', tenant.clientUser.email].sort());
    expect(received[0]!.raw).toContain('Adjuntamos el informe.');
    // "Informe de auditoría", MIME-encoded because of the accent
    expect(received[0]!.raw).toContain('Subject: =?UTF-8?Q?Informe_de_auditor=C3=ADa?=');
  });

  it('refuses a user id outside the space (404), bad addresses (400), and callers without NOTIFICATION:NOTIFY (452)', async () => {
    const { api } = await signIn(t.app, tenant.admin.email);
    const other = await createTenant(t.db, 'mailother');
    expect((await api.post('/ms-core/api/notifications/email', { to: [{ _id: other.admin.id }], subject: 's', body: 'b' })).body.reference).toBe('415');
    const bad = await api.post('/ms-core/api/notifications/email', { to: [{ email: 'not-an-email' }], subject: '', body: 'b' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining(['subject']));
    const client = await signIn(t.app, tenant.clientUser.email);
    expect((await client.api.post('/ms-core/api/notifications/email', { to: [{ email: 'a@b.es' }], subject: 's', body: 'b' })).body.reference).toBe('452');
  });

  it('retries with back-off when SMTP is down, then marks the job failed; nothing is lost silently', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'x <x@audit.test>' });
    try {
      const other = await createTenant(down.db, 'maildown');
      const { api } = await signIn(down.app, other.admin.email);
      expect((await api.post('/ms-core/api/notifications/email', { to: [{ email: 'a@b.es' }], subject: 's', body: 'b' })).status).toBe(200);
      const attempts = sendEmailJob.options.retryLimit + 1;
      expect(attempts).toBe(5);
      for (let attempt = 1; attempt <= attempts; attempt++) {
        expect(await down.app.jobs.runDue()).toBe(1);
        const [job, ...others] = await jobsOf(down.db, sendEmailJob.name);
        expect(others).toEqual([]);
        expect(job!.attempts).toBe(attempt);
        expect(job!.state).toBe(attempt < attempts ? 'retry' : 'failed');
        expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
        expect(await down.app.jobs.runDue()).toBe(0); // the back-off: not due again at once
        await skipBackoff(down.db);
      }
      expect(await down.app.jobs.runDue()).toBe(0);
    } finally {
      await down.close();
    }
  });
});
