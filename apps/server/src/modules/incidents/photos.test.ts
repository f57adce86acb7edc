import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { signIn } from '../../test/factories.js';
import { auditTenant, type TAuditTenant } from '../../test/audits.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../../test/incidents.js';
import { cameraJpeg, postMultipart } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';

/** Annotated photos (decision 0045): the original kept, the copy with the drawing saved beside it and shown. */
const dataDir = mkdtempSync(join(tmpdir(), 'incident-photos-'));
let t: TTestApp;
let f: TAuditTenant;
let other: TAuditTenant;
let audit: Awaited<ReturnType<typeof finishedAuditWithIncidents>>;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await auditTenant(t, 'photo');
  other = await auditTenant(t, 'photo2');
  audit = await finishedAuditWithIncidents(t, f);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(token = f.auditorToken) {
  const res = await postMultipart(t.app, '/ms-core/api/files/image', token, {
    buffer: await cameraJpeg(320, 240),
    filename: 'foto.jpg',
    contentType: 'image/jpeg',
  });
  expect(res.status).toBe(200);
  return res.body._id as string;
}

describe('annotated photos', () => {
  it('an incident’s photo: the annotated copy is shown, the original kept; the history names both', async () => {
    const original = await upload();
    const annotated = await upload();
    const detail = await expectOk(f.auditor.post(`${ISSUES}/${audit.dirt._id}/evidences`, { fileId: original, annotatedFileId: annotated }));
    const [photo] = detail.evidences;
    expect(photo).toMatchObject({ fileId: original, annotatedFileId: annotated, taskId: null });
    expect(photo.url).toContain(annotated);
    expect(photo.originalUrl).toContain(original);
    for (const url of [photo.url, photo.originalUrl]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const history = await expectOk(f.auditor.get(`${ISSUES}/${audit.dirt._id}/history`));
    expect(history[0]).toMatchObject({ kind: 'evidenceAdded', after: { fileId: original, annotatedFileId: annotated } });

    // Without a drawing: one file, shown as it is.
    const plain = await upload();
    const again = await expectOk(f.auditor.post(`${ISSUES}/${audit.dirt._id}/evidences`, { fileId: plain }));
    const second = again.evidences.find((e: { fileId: string }) => e.fileId === plain);
    expect(second).toMatchObject({ annotatedFileId: null });
    expect(second.url).toBe(second.originalUrl);
  });

  it('a corrective action’s image, annotated by the client', async () => {
    const task = await expectOk(f.auditor.post(`${ISSUES}/${audit.plague._id}/tasks`, { name: 'Sellar', responsible: f.tenant.clientUser.id }));
    const clientToken = (await signIn(t.app, f.tenant.clientUser.email)).session.accessToken;
    const original = await upload(clientToken);
    const annotated = await upload(clientToken);
    const out = await expectOk(f.client.post(`${TASKS}/${task._id}/images`, { fileId: original, annotatedFileId: annotated }));
    expect(out.images).toHaveLength(1);
    expect(out.images[0]).toMatchObject({ fileId: original, annotatedFileId: annotated });
    expect(out.images[0].url).toContain(annotated);
  });

  it('refuses an annotated copy that is another tenant’s, the original itself or not an id: 400 naming it, nothing stored', async () => {
    const original = await upload();
    const foreign = await upload(other.auditorToken);
    const before = (await expectOk(f.auditor.get(`${ISSUES}/${audit.dirt._id}`))).evidences.length;
    for (const annotatedFileId of [foreign, original]) {
      const res = await f.auditor.post(`${ISSUES}/${audit.dirt._id}/evidences`, { fileId: original, annotatedFileId });
      expect([res.status, res.body.fields]).toEqual([400, ['annotatedFileId']]);
    }
    const bad = await f.auditor.post(`${ISSUES}/${audit.dirt._id}/evidences`, { fileId: original, annotatedFileId: 'x\u0000\ud800' });
    expect(bad.status).toBe(400);
    expect((await expectOk(f.auditor.get(`${ISSUES}/${audit.dirt._id}`))).evidences.length).toBe(before);
  });
});
