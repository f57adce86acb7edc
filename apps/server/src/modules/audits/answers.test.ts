import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditBody, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';

let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'auda');
});
afterAll(() => t.close());

describe('answers of a running audit', () => {
  it('401, 452, 400, 412 on the answer routes', async () => {
    const { id, ids } = await runningAudit(f);
    const body = { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) };
    expect((await apiClient(t.app).post(`${AUDITS}/${id}/answer/add`, body)).status).toBe(401);
    expect((await f.client.post(`${AUDITS}/${id}/answer/add`, body)).body.reference).toBe('452');
    expect((await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities })).body.fields.sort()).toEqual(['question', 'templateAnswer']);
    expect((await f.auditor.post(`${AUDITS}/nope/answer/add`, body)).body.reference).toBe('412');
    expect((await f.auditor.patch(`${AUDITS}/${id}/answer/nope/update`, body)).body.reference).toBe('412');
  });

  it('adds once per question: a replayed add updates the same answer; scores and failure come from the options', async () => {
    const { id, ids } = await runningAudit(f);
    const add = (option: string) =>
      f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(option) });
    const first = await add(f.tpl.options.yes);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      section: ids.facilities,
      question: ids.floors,
      templateAnswer: { type: 'select', select: [f.tpl.options.yes] },
      score: 10,
      failed: false,
    });
    const again = await add(f.tpl.options.no);
    expect(again.body).toMatchObject({ _id: first.body._id, score: 0, failed: true });
    const [x, y] = await Promise.all([add(f.tpl.options.part), add(f.tpl.options.part)]);
    expect([x.status, y.status, x.body._id, y.body._id]).toEqual([200, 200, first.body._id, first.body._id]);
    const audit = await expectOk(f.auditor.get(`${AUDITS}/${id}`));
    expect(audit.sections[1].questions[0].answer).toMatchObject({ _id: first.body._id, score: 5, failed: false });
    expect(audit).toMatchObject({ totalScore: 10, finalScore: 5, percentage: 50 });
  });

  it('updates and removes an answer by id', async () => {
    const { id, ids } = await runningAudit(f);
    const body = (option: string) => ({ section: ids.facilities, question: ids.floors, templateAnswer: select(option) });
    const added = await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, body(f.tpl.options.yes)));
    const updated = await f.auditor.patch(`${AUDITS}/${id}/answer/${added._id}/update`, body(f.tpl.options.no));
    expect(updated.body).toMatchObject({ _id: added._id, failed: true });
    // The answer of another question is not this one.
    expect(
      (
        await f.auditor.patch(`${AUDITS}/${id}/answer/${added._id}/update`, {
          section: ids.facilities,
          question: ids.pests,
          templateAnswer: select(f.tpl.pestsOptions[0]!),
        })
      ).body.fields,
    ).toEqual(['question']);
    expect((await f.auditor.patch(`${AUDITS}/${id}/answer/${ids.floors}/update`, body(f.tpl.options.no))).status).toBe(404);
    const removed = await f.auditor.delete(`${AUDITS}/${id}/answer/${added._id}/remove`);
    expect(removed.status).toBe(204);
    expect((await f.auditor.delete(`${AUDITS}/${id}/answer/${added._id}/remove`)).status).toBe(404);
    expect((await expectOk(f.auditor.get(`${AUDITS}/${id}`))).sections[1].questions[0].answer).toBeNull();
  });

  it('refuses answers that do not fit the question', async () => {
    const { id, ids } = await runningAudit(f);
    const add = (section: string, question: string, templateAnswer: unknown) =>
      f.auditor.post(`${AUDITS}/${id}/answer/add`, { section, question, templateAnswer });
    expect((await add(ids.facilities, ids.floors, select(f.tpl.pestsOptions[0]!))).body.fields).toEqual(['templateAnswer.select']);
    expect((await add(ids.facilities, ids.floors, select(f.tpl.options.yes, f.tpl.options.no))).body.fields).toEqual(['templateAnswer.select']);
    expect((await add(ids.facilities, ids.floors, { type: 'number', number: 3 })).body.fields).toEqual(['templateAnswer.type']);
    expect((await add(ids.records, ids.floors, select(f.tpl.options.yes))).body).toMatchObject({ reference: '400', fields: ['section'] });
    expect((await add(ids.facilities, ids.data, select(f.tpl.options.yes))).status).toBe(404);
    expect((await add(ids.records, ids.notes, { type: 'text', text: 'x' })).body.fields).toEqual(['templateAnswer.type']);
    expect((await add(ids.records, ids.notes, { type: 'paragraph', paragraph: 'Todo correcto' })).status).toBe(200);
    expect((await add(ids.records, ids.count, { type: 'number', number: 4 })).body).toMatchObject({ score: 0, failed: false });
    const [p1, p2] = f.tpl.places;
    const reading = (entries: unknown[]) => add(ids.records, ids.temps, { type: 'readingRegistry', readingRegistry: entries });
    expect(
      (
        await reading([
          { placesMeasure: p1, optionKey: 'fridge', value: 4 },
          { placesMeasure: p2, optionKey: 'freezer', value: -20 },
        ])
      ).status,
    ).toBe(200);
    expect((await reading([{ placesMeasure: f.tpl.options.yes, optionKey: 'fridge', value: 4 }])).body.fields).toEqual(['templateAnswer.readingRegistry']);
    expect((await reading([{ placesMeasure: p1, optionKey: 'oven', value: 4 }])).body.fields).toEqual(['templateAnswer.readingRegistry']);
    expect(
      (
        await reading([
          { placesMeasure: p1, optionKey: 'fridge', value: 4 },
          { placesMeasure: p1, optionKey: 'fridge', value: 5 },
        ])
      ).body.fields,
    ).toEqual(['templateAnswer.readingRegistry']);
  });

  it('494 for anyone but its auditor (an admin passes), AUD0002 when the audit is not running', async () => {
    const created = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    const ids = { section: created.sections[1]._id, question: created.sections[1].questions[0]._id };
    const body = { ...ids, templateAnswer: select(f.tpl.options.yes) };
    expect((await f.auditor.post(`${AUDITS}/${created._id}/answer/add`, body)).body.reference).toBe('AUD0002');
    const other = await addUser(t.db, {
      email: `other.${f.tenant.tag}@example.com`,
      firstName: 'Otro',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    const stranger = (await signIn(t.app, other.email)).api;
    expect((await stranger.patch(`${AUDITS}/${created._id}/execute`)).body.reference).toBe('494');
    await expectOk(f.auditor.patch(`${AUDITS}/${created._id}/execute`));
    const refused = await stranger.post(`${AUDITS}/${created._id}/answer/add`, body);
    expect([refused.status, refused.body.reference]).toEqual([403, '494']);
    expect((await f.admin.post(`${AUDITS}/${created._id}/answer/add`, body)).status).toBe(200);
  });
});

describe('cover and contact values', () => {
  it('sets values of the right kind of field only, and answers them all', async () => {
    const { id, ids } = await runningAudit(f);
    const [date, auditor] = ids.coverFields;
    const cover = await f.auditor.post(`${AUDITS}/${id}/cover/update`, {
      coverFields: [
        { _id: date!._id, value: '2025-05-14' },
        { _id: auditor!._id, value: '' },
      ],
    });
    expect(cover.body.map((c: { label: string; value: string | null }) => [c.label, c.value])).toEqual([
      ['Fecha', '2025-05-14'],
      ['Auditor', null],
    ]);
    expect((await f.auditor.post(`${AUDITS}/${id}/cover/update`, { coverFields: [{ _id: ids.contactFields[0]!._id, value: 'x' }] })).body.fields).toEqual([
      'coverFields',
    ]);
    expect((await f.auditor.post(`${AUDITS}/${id}/contact-field/update`, { contactFields: [{ _id: date!._id, value: 'x' }] })).body.fields).toEqual([
      'contactFields',
    ]);
    const contacts = await f.auditor.post(`${AUDITS}/${id}/contact-field/update`, { contactFields: [{ _id: ids.contactFields[0]!._id, value: 'Marta' }] });
    expect(contacts.body.map((c: { value: string | null }) => c.value)).toEqual(['Marta', null]);
    expect((await expectOk(f.admin.get(`${AUDITS}/${id}`))).contactFields[0].value).toBe('Marta');
  });
});

describe('duplicated sections', () => {
  it('copies duplicable sections (and copies) unanswered, up to the limit; removes only copies', async () => {
    const { id, ids } = await runningAudit(f);
    await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) }));
    expect((await f.auditor.post(`${AUDITS}/${id}/sections/${ids.records}/duplicate`)).body.fields).toEqual(['section']);
    const copy = await f.auditor.post(`${AUDITS}/${id}/sections/${ids.facilities}/duplicate`);
    expect(copy.body).toMatchObject({
      title: 'Instalaciones',
      type: 'QUESTION',
      isDuplicated: true,
      duplicatedFrom: ids.facilities,
      position: 2,
      totalScore: 0,
    });
    expect(copy.body.questions.map((q: { name: string; answer: unknown; incidences: unknown[] }) => [q.name, q.answer, q.incidences.length])).toEqual([
      ['¿Suelos limpios?', null, 2],
      ['¿Sin plagas?', null, 1],
    ]);
    const copyOfCopy = await expectOk(f.auditor.post(`${AUDITS}/${id}/sections/${copy.body._id}/duplicate`));
    expect(copyOfCopy).toMatchObject({ duplicatedFrom: ids.facilities, position: 3 });
    const audit = await expectOk(f.auditor.get(`${AUDITS}/${id}`));
    expect(audit.sections.map((s: { title: string; position: number }) => `${s.position} ${s.title}`)).toEqual([
      '0 Datos',
      '1 Instalaciones',
      '2 Instalaciones',
      '3 Instalaciones',
      '4 Registros',
      '5 Contactos',
    ]);
    // The copy's questions are answered on their own.
    const copied = copy.body.questions[0]._id;
    expect(
      (await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: copy.body._id, question: copied, templateAnswer: select(f.tpl.options.part) })).body.score,
    ).toBe(5);
    expect((await expectOk(f.auditor.get(`${AUDITS}/${id}`))).totalScore).toBe(20);

    expect((await f.auditor.delete(`${AUDITS}/${id}/sections/${ids.facilities}/remove`)).body.fields).toEqual(['section']);
    expect((await f.auditor.delete(`${AUDITS}/${id}/sections/${copy.body._id}/remove`)).status).toBe(204);
    const after = await expectOk(f.auditor.get(`${AUDITS}/${id}`));
    expect(after.sections.map((s: { title: string; position: number }) => `${s.position} ${s.title}`)).toEqual([
      '0 Datos',
      '1 Instalaciones',
      '2 Instalaciones',
      '3 Registros',
      '4 Contactos',
    ]);
    expect(after.totalScore).toBe(10);
    for (let i = 1; i < 20; i++) await expectOk(f.auditor.post(`${AUDITS}/${id}/sections/${ids.facilities}/duplicate`));
    const over = await f.auditor.post(`${AUDITS}/${id}/sections/${ids.facilities}/duplicate`);
    expect([over.status, over.body.reference]).toEqual([400, '2222']);
    expect((await f.auditor.delete(`${AUDITS}/${id}/sections/${ids.records}/remove`)).body.fields).toEqual(['section']);
    const traces = await f.admin.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', value: copy.body._id }] });
    expect(traces.body.map((x: { type: string }) => x.type).sort()).toEqual(['CREATE', 'REMOVE']);
  });
});

describe('sections a few at a time, and the section routes that name no audit', () => {
  it('questions-answers and preview answer the listed sections as GET does; all of them for an empty list', async () => {
    const { id, ids } = await runningAudit(f);
    await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }));
    const whole = await expectOk(f.auditor.get(`${AUDITS}/${id}`));
    const facilities = whole.sections.find((s: { _id: string }) => s._id === ids.facilities);
    for (const path of ['questions-answers', 'preview']) {
      expect(await expectOk(f.auditor.post(`${AUDITS}/${id}/${path}`, { sections: [ids.facilities] }))).toEqual([facilities]);
      expect(await expectOk(f.admin.post(`${AUDITS}/${id}/${path}`, {}))).toEqual(whole.sections);
      // Not to a client's user while running (decision 0061).
      expect((await f.client.post(`${AUDITS}/${id}/${path}`, {})).body.reference).toBe('415');
      expect((await f.auditor.post(`${AUDITS}/${id}/${path}`, { sections: ['nope'] })).status).toBe(400);
    }
    // A section of another audit is not part of this one.
    const other = await runningAudit(f);
    expect(await expectOk(f.auditor.post(`${AUDITS}/${id}/questions-answers`, { sections: [other.ids.facilities] }))).toEqual([]);
  });

  it('POST sections/{sectionId}/duplicate copies like the audit route, finds the audit itself, and 404s an unknown section', async () => {
    const { id, ids } = await runningAudit(f);
    const copy = await expectOk(f.auditor.post(`/ms-core/api/sections/${ids.facilities}/duplicate`));
    expect(copy).toMatchObject({ title: 'Instalaciones', isDuplicated: true, duplicatedFrom: ids.facilities, position: 2 });
    expect((await f.auditor.post(`/ms-core/api/sections/${ids.records}/duplicate`)).body.fields).toEqual(['section']);
    expect((await f.auditor.post(`/ms-core/api/sections/00000000-0000-4000-8000-000000000000/duplicate`)).status).toBe(404);
    expect((await f.client.post(`/ms-core/api/sections/${ids.facilities}/duplicate`)).status).toBe(403);
    const audit = await expectOk(f.auditor.get(`${AUDITS}/${id}`));
    expect(audit.sections.filter((s: { duplicatedFrom?: string }) => s.duplicatedFrom === ids.facilities)).toHaveLength(1);
  });
});
