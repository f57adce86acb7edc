import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditBody, auditTenant, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';

/**
 * The assigned auditor is told (issue 13): planning an audit for an auditor, or giving it to
 * another with PATCH audits/{id}/auditor, puts a notification in that auditor's bell and queues an
 * e-mail in the auditor's language with a link to the audit built from PUBLIC_URL. The e-mail goes
 * through the job queue to a real SMTP server on loopback.
 */
interface TReceived {
  to: string[];
  raw: string;
}
let received: TReceived[] = [];
let smtp: SMTPServer;
let t: TTestApp;
let f: TAuditTenant;

/** The text part of a received message, with quoted-printable soft breaks and escapes undone. */
const bodyOf = (raw: string) =>
  Buffer.from(
    raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`),
    'latin1',
  ).toString();
const decoded = (raw: string) => {
  const body = bodyOf(raw);
  try {
    return decodeURIComponent(body.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    return body;
  }
};

const bell = async (api: TAuditTenant['admin']) =>
  (await expectOk(api.post('/ms-core/api/notifications/search', { filters: [{ field: 'type', value: 'AUDIT_ASSIGNED' }] }))) as {
    read: boolean;
    payload: { body: { auditId: string; name: string } };
  }[];

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
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Auditorías <no-reply@audit.test>', PUBLIC_URL: 'https://audits.example.com/' });
  f = await auditTenant(t, 'notice');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('the assigned auditor is told', () => {
  it('an audit planned for an auditor: a bell notification and a Spanish e-mail with the link, sent by the job worker', async () => {
    received = [];
    const audit = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    expect(received).toEqual([]); // nothing leaves on the request path
    expect(await bell(f.auditor)).toEqual([expect.objectContaining({ read: false, payload: { body: { auditId: audit._id, name: audit.template.name } } })]);
    expect(await bell(f.admin)).toEqual([]); // only the auditor's

    expect(await t.app.jobs.runDue()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([f.tenant.auditor.email]);
    const text = decoded(received[0]!.raw);
    expect(text).toContain(`https://audits.example.com/auditor/audits?audit=${audit._id}`);
    expect(text).toContain(`Se le ha asignado la auditoría «${audit.template.name}», prevista para 14-05-2025 – 15-05-2025.`);
    expect(received[0]!.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Nueva_auditor=C3=ADa_asignada/m);
  });

  it('reassigned to an auditor who reads English: the new auditor is told in English; nobody is told twice', async () => {
    const audit = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    await t.app.jobs.runDue();
    received = [];
    const second = await addUser(t.db, {
      email: `english.${f.tenant.tag}@example.com`,
      firstName: 'Emma',
      lastName: 'English',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    const emma = (await signIn(t.app, second.email)).api;
    const login = (await emma.get('/ms-core/api/users/me')).body as { username: string; email: string };
    await expectOk(
      emma.patch('/ms-core/api/users/me', { firstName: 'Emma', lastName: 'English', language: 'en', username: login.username, email: login.email }),
    );

    await expectOk(f.admin.patch(`${AUDITS}/${audit._id}/auditor`, { auditor: second.id }));
    // Assigning the same auditor again changes nothing and tells no one.
    await expectOk(f.admin.patch(`${AUDITS}/${audit._id}/auditor`, { auditor: second.id }));
    expect(await bell(emma)).toEqual([expect.objectContaining({ payload: { body: { auditId: audit._id, name: audit.template.name } } })]);

    expect(await t.app.jobs.runDue()).toBe(1);
    expect(received.map((r) => r.to)).toEqual([[second.email]]);
    const text = decoded(received[0]!.raw);
    expect(text).toContain(`Hello Emma English,`);
    expect(text).toContain(`https://audits.example.com/auditor/audits?audit=${audit._id}`);
    expect(received[0]!.raw).toContain('Subject: New audit assigned to you');
  });

  it('an auditor planning their own audit is not told; a refused assignment tells no one', async () => {
    received = [];
    const before = (await bell(f.auditor)).length;
    const own = await expectOk(f.auditor.post(AUDITS, auditBody(f)));
    expect(own.auditor._id).toBe(f.tenant.auditor.id);
    expect((await f.admin.patch(`${AUDITS}/${own._id}/auditor`, { auditor: f.tenant.admin.id })).status).toBe(400);
    expect(await bell(f.auditor)).toHaveLength(before);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(received).toEqual([]);
  });
});
