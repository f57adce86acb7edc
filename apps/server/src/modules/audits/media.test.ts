import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditTenant, QUESTIONNAIRE, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { cameraJpeg, multipartBody } from '../../test/multipart.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

const dataDir = mkdtempSync(join(tmpdir(), 'audit-media-'));
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await auditTenant(t, 'audm');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, image: Buffer | null = null, token = f.auditorToken) {
  const body = multipartBody(image && { buffer: image, filename: 'foto.jpg', contentType: 'image/jpeg' }, fields);
  const res = await t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}
const filesOf = (auditSpace: string) =>
  unsafeUnscoped(t.db, async (tx) => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from files where space_id = ${auditSpace}`)).rows[0]!.n);

describe('evidences and note images', () => {
  it("stores photos in the audit's space, shows them with signed addresses and removes them with their files", async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    const photo = await cameraJpeg(1200, 900);
    const before = await filesOf(f.tenant.establishment.id);
    // Only a selected issue takes evidences; the file part is required; only images.
    expect((await send('POST', `${path}/evidences`, { issue: f.tpl.incidences.dirt._id }, photo)).body.fields).toEqual(['issue']);
    await expectOk(f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
    expect((await send('POST', `${path}/evidences`, { issue: f.tpl.incidences.dirt._id })).body.fields).toEqual(['file']);
    expect((await send('POST', `${path}/evidences`, { issue: f.tpl.incidences.dirt._id }, Buffer.from('not an image'))).body.reference).toBe('FIL0001');
    const evidence = await send('POST', `${path}/evidences`, { issue: f.tpl.incidences.dirt._id, observation: 'Junto a la cámara' }, photo);
    expect(evidence.status).toBe(200);
    expect(evidence.body).toEqual({
      _id: expect.any(String),
      type: 'photo',
      url: expect.stringMatching(/^\/ms-core\/api\/files\/[0-9a-f-]{36}\/content\?exp=\d+&sig=/),
      observation: 'Junto a la cámara',
    });
    const note = await send('POST', `${path}/note-images`, {}, photo);
    expect(note.body).toEqual({ _id: expect.any(String), url: expect.stringContaining('/content?exp=') });
    expect(await filesOf(f.tenant.establishment.id)).toBe(before + 2);

    const audit = await expectOk(f.admin.get(`${AUDITS}/${id}`));
    const floors = audit.sections[1].questions[0];
    expect(floors.issues[0].evidences).toEqual([evidence.body]);
    expect(floors.noteImages).toEqual([note.body]);
    const bytes = await t.app.inject({ method: 'GET', url: evidence.body.url });
    expect([bytes.statusCode, bytes.headers['content-type']]).toEqual([200, 'image/jpeg']);

    expect((await f.auditor.delete(`${path}/evidences/${note.body._id}`)).status).toBe(404);
    expect((await f.auditor.delete(`${path}/note-images/${note.body._id}`)).status).toBe(204);
    expect(await filesOf(f.tenant.establishment.id)).toBe(before + 1);
    // Removing the issue removes its evidences and their files.
    await expectOk(f.auditor.patch(`${path}/issues-tasks`, { issuesToRemove: [f.tpl.incidences.dirt._id] }));
    expect(await filesOf(f.tenant.establishment.id)).toBe(before);
    expect((await expectOk(f.auditor.get(`${AUDITS}/${id}`))).sections[1].questions[0].noteImages).toEqual([]);
  });

  it('reopening erases the issues but keeps their photos’ files: the superseded incidents still show them (decision 0063)', async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}`;
    await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }));
    await expectOk(
      f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.pests, templateAnswer: select(f.tpl.pestsOptions[0]!) }),
    );
    await expectOk(f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
    await expectOk(
      f.auditor.post(`${AUDITS}/${id}/contact-field/update`, {
        contactFields: [
          { _id: ids.contactFields[0]!._id, value: 'Marta' },
          { _id: ids.contactFields[1]!._id, value: 'marta@hotel.es' },
        ],
      }),
    );
    const before = await filesOf(f.tenant.establishment.id);
    expect((await send('POST', `${path}/evidences`, { issue: f.tpl.incidences.dirt._id }, await cameraJpeg(200, 200))).status).toBe(200);
    await expectOk(f.auditor.patch(`${AUDITS}/${id}/finished`));
    expect(await filesOf(f.tenant.establishment.id)).toBe(before + 1);
    await expectOk(f.admin.patch(`${AUDITS}/${id}/reopen`));
    expect(await filesOf(f.tenant.establishment.id)).toBe(before + 1);
    expect((await expectOk(f.auditor.get(`${AUDITS}/${id}`))).sections[1].questions[0].issues).toEqual([]);
  });
});

describe('questionnaire (incident and emergency)', () => {
  it('answers, sends only when complete, takes photos; the office reads it, a client not while running (decision 0061)', async () => {
    const { id, audit } = await runningAudit(f);
    const [first, second] = audit.questionnaire.questionsAnswers.map((qa: { _id: string }) => qa._id);
    expect((await f.client.get(`${QUESTIONNAIRE}/${id}`)).body.reference).toBe('415');
    const got = await f.admin.get(`${QUESTIONNAIRE}/${id}`);
    expect(got.body).toMatchObject({
      sent: false,
      questionsAnswers: [
        { _id: first, answer: null },
        { _id: second, answer: null },
      ],
    });
    expect((await f.client.patch(`${QUESTIONNAIRE}/${id}/answers`, { answers: [] })).body.reference).toBe('452');
    const saved = await f.auditor.patch(`${QUESTIONNAIRE}/${id}/answers`, { answers: [{ _id: first, answer: 'No' }] });
    expect(saved.body.questionsAnswers.map((qa: { answer: string | null }) => qa.answer)).toEqual(['No', null]);
    expect((await f.auditor.patch(`${QUESTIONNAIRE}/${id}/answers`, { answers: [{ _id: id, answer: 'x' }] })).body.fields).toEqual(['answers']);
    const early = await f.auditor.patch(`${QUESTIONNAIRE}/${id}/sent`, { sent: true });
    expect([early.status, early.body.fields]).toEqual([400, [second]]);
    await expectOk(f.auditor.patch(`${QUESTIONNAIRE}/${id}/answers`, { answers: [{ _id: second, answer: 'Se avisó al servicio técnico' }] }));
    expect((await f.auditor.patch(`${QUESTIONNAIRE}/${id}/sent`, { sent: true })).body.sent).toBe(true);
    const photo = await send('PATCH', `${QUESTIONNAIRE}/${id}/images`, { question: second }, await cameraJpeg(300, 200));
    expect(photo.body.questionsAnswers[1].images).toEqual([{ _id: expect.any(String), url: expect.stringContaining('/content?exp=') }]);
    expect((await send('PATCH', `${QUESTIONNAIRE}/${id}/images`, { question: id }, await cameraJpeg(30, 20))).body.fields).toEqual(['question']);
    expect((await expectOk(f.admin.get(`${AUDITS}/${id}`))).questionnaire).toMatchObject({
      sent: true,
      questionsAnswers: [{ answer: 'No' }, { images: [{ _id: expect.any(String) }] }],
    });
    expect((await f.auditor.get(`${QUESTIONNAIRE}/${f.tenant.root.id}`)).status).toBe(404);
  });
});
