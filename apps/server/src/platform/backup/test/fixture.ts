import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { buildApp } from '../../../app.js';
import { AUDITS, auditTenant, runningAudit, select } from '../../../test/audits.js';
import { testConfig, type TTestApp } from '../../../test/harness.js';
import { TEST_PASSWORD } from '../../../test/factories.js';
import { cameraJpeg, postMultipart } from '../../../test/multipart.js';
import { repoRoot, startRealServer } from '../../../test/real-server.js';
import { expectOk } from '../../../test/templates.js';
import type { TDatabaseHandle } from '../../db.js';

export const REPORTS = '/ms-core/api/reports/audit';

/** What the backed-up installation served: the audit, its photo's bytes and its PDF's bytes. */
export interface TServed {
  auditId: string;
  email: string;
  photo: Buffer;
  pdf: Buffer;
}

const bytesOf = async (t: TTestApp, url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** An installation in use: a finished audit with a note photo and its report PDF, on `DATA_DIR` and `handle`. */
export async function makeInstallation(handle: TDatabaseHandle, dataDir: string): Promise<TServed> {
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), db: handle.db, listen: handle.listen, logger: false });
  await app.ready();
  try {
    const t: TTestApp = { app, db: handle.db, kind: handle.kind, url: '', close: async () => undefined };
    const f = await auditTenant(t, `bk${randomBytes(3).toString('hex')}`);
    const { id, ids } = await runningAudit(f);
    const answer = (question: string, option: string) =>
      expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question, templateAnswer: select(option) }));
    await answer(ids.floors, f.tpl.options.yes);
    await answer(ids.pests, f.tpl.pestsOptions[0]!);
    const photo = await postMultipart(app, `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}/note-images`, f.auditorToken, {
      buffer: await cameraJpeg(1200, 900),
      filename: 'suelo.jpg',
      contentType: 'image/jpeg',
    });
    expect(photo.status).toBe(200);
    const value = (label: string) => ids.contactFields.find((c) => c.label === label)!._id;
    await expectOk(
      f.auditor.post(`${AUDITS}/${id}/contact-field/update`, {
        contactFields: [
          { _id: value('Responsable'), value: 'Marta Ruiz' },
          { _id: value('E-mail'), value: 'marta@hotel.es' },
        ],
      }),
    );
    await expectOk(f.auditor.patch(`${AUDITS}/${id}/finished`));
    expect(await expectOk(f.auditor.post(`${REPORTS}/${id}/pdf`))).toEqual({ pdfSendToGenerate: true });
    for (let round = 0; round < 10 && (await app.jobs.runDue()); round++);
    const { pdfUrl } = await expectOk(f.auditor.post(`${REPORTS}/${id}/pdf`));
    return { auditId: id, email: f.tenant.auditor.email, photo: await bytesOf(t, photo.body.url), pdf: await bytesOf(t, pdfUrl) };
  } finally {
    await app.close();
  }
}

/** `npm run backup -- <dir>` / `npm run restore -- <dir>` as the operator runs them, with the server's environment. */
export function runCli(command: 'backup' | 'restore', folder: string, env: Record<string, string>): string {
  return execFileSync('npm', ['run', '--silent', command, '--', folder], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
}

/** A real server started on the restored place serves the same audit, photo and PDF to a user who signs in. */
export async function expectServedAgain(env: Record<string, string>, served: TServed) {
  const server = await startRealServer(env);
  try {
    const call = (path: string, init: RequestInit = {}, token?: string) =>
      fetch(`${server.base}${path}`, {
        ...init,
        headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const signin = await call('/auth/api/signin', { method: 'POST', body: JSON.stringify({ username: served.email, password: TEST_PASSWORD }) });
    expect(signin.status).toBe(200);
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const audit = (await (await call(`${AUDITS}/${served.auditId}`, {}, accessToken)).json()) as {
      _id: string;
      status: string;
      sections: { questions: { noteImages: { url: string }[] }[] }[];
    };
    expect(audit).toMatchObject({ _id: served.auditId, status: 'finished' });
    const photoUrl = audit.sections.flatMap((s) => s.questions.flatMap((q) => q.noteImages))[0]!.url;
    const photo = await call(photoUrl, {}, accessToken);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(served.photo)).toBe(true);
    const pdf = (await (await call(`${REPORTS}/${served.auditId}/pdf`, { method: 'POST' }, accessToken)).json()) as { pdfUrl: string };
    expect(pdf.pdfUrl).toBeTruthy(); // the PDF made before the backup, not a new job
    const bytes = await call(pdf.pdfUrl, {}, accessToken);
    expect(bytes.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(served.pdf)).toBe(true);
  } finally {
    await server.stop();
  }
}
