import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSpace, addUser, signIn } from '../../test/factories.js';
import type { TApiClient } from '../../test/harness.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { auditTenant, type TAuditTenant } from '../../test/audits.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../../test/incidents.js';
import { postMultipart } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';

/**
 * Issue 16's bad input: "a foreign tenant's or another client's incident" and "a non-image file".
 * Another client of the same audit company sees nothing of the hotel's incidents and can touch none
 * of them (404: not even their existence); a file that is not an image is no evidence (400 fileId).
 * Nothing stored changes.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'incident-other-client-'));
let t: TTestApp;
let f: TAuditTenant;
let audit: Awaited<ReturnType<typeof finishedAuditWithIncidents>>;
let neighbour: TApiClient;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await auditTenant(t, 'neigh');
  audit = await finishedAuditWithIncidents(t, f);
  // A second client of the same company, with its own establishment and its manager (role USER).
  const client = await addSpace(t.db, { name: 'Otro cliente', parent: f.tenant.root });
  await addSpace(t.db, { name: 'Otro hotel', parent: client, type: 'ESTABLISHMENT' });
  const manager = await addUser(t.db, { email: `other.${f.tenant.tag}@example.com`, firstName: 'Otro', home: client, roleIds: [f.tenant.roles.USER!] });
  neighbour = (await signIn(t.app, manager.email)).api;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('another client of the same company', () => {
  it('finds none of the hotel’s incidents or actions, and every call on one is 404; nothing changes', async () => {
    const id = audit.dirt._id;
    const before = await expectOk(f.auditor.get(`${ISSUES}/${id}`));
    const task = before.tasks[0];
    expect(task).toBeDefined();

    expect(await expectOk(neighbour.post(`${ISSUES}/search-issues`, {}))).toEqual([]);
    expect(await expectOk(neighbour.post(`${TASKS}/search`, {}))).toEqual([]);
    const exported = await neighbour.post('/ms-core/api/reports/issues/export-excel', {});
    expect([exported.status, exported.body.reference]).toEqual([404, '832']);

    for (const res of [
      await neighbour.get(`${ISSUES}/${id}`),
      await neighbour.get(`${ISSUES}/${id}/history`),
      await neighbour.get(`${ISSUES}/${id}/comments`),
      await neighbour.post(`${ISSUES}/${id}/comments`, { text: 'Hola' }),
      await neighbour.patch(`${ISSUES}/${id}/status`, { status: 'escalated_to_client' }),
      await neighbour.post(`${ISSUES}/${id}/tasks`, { name: 'Otra' }),
      await neighbour.get(`${TASKS}/${task._id}`),
      await neighbour.patch(`${TASKS}/${task._id}`, { status: 'running' }),
    ]) {
      expect(res.status).toBe(404);
    }
    const after = await expectOk(f.auditor.get(`${ISSUES}/${id}`));
    expect(after).toEqual(before);
    expect(await expectOk(f.auditor.get(`${ISSUES}/${id}/comments`))).toEqual([]);
    // The hotel's own manager still sees it.
    expect((await expectOk(f.client.post(`${ISSUES}/search-issues`, {}))).map((i: { _id: string }) => i._id)).toContain(id);
  });
});

describe('a file that is not an image', () => {
  it('is no evidence of an incident nor an image of an action: 400 naming fileId, nothing stored', async () => {
    const pdf = await postMultipart(t.app, '/ms-core/api/files/upload', f.auditorToken, {
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      filename: 'informe.pdf',
      contentType: 'application/pdf',
    });
    expect(pdf.status).toBe(200);
    const id = audit.plague._id;
    const before = await expectOk(f.auditor.get(`${ISSUES}/${id}`));
    const evidence = await f.auditor.post(`${ISSUES}/${id}/evidences`, { fileId: pdf.body._id });
    expect([evidence.status, evidence.body.fields]).toEqual([400, ['fileId']]);
    const image = await f.auditor.post(`${TASKS}/${before.tasks[0]._id}/images`, { fileId: pdf.body._id });
    expect([image.status, image.body.fields]).toEqual([400, ['fileId']]);
    const english = await f.auditor.call('POST', `${ISSUES}/${id}/evidences`, { fileId: pdf.body._id }, { 'accept-language': 'en' });
    expect(english.status).toBe(400);
    expect(typeof english.body.message).toBe('string');
    expect(await expectOk(f.auditor.get(`${ISSUES}/${id}`))).toEqual(before);
  });
});
