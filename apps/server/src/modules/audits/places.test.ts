import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditTenant, runningAudit, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';

/** Product document section 4: "Reading registry: editing a place name saves to the question definition." */
let t: TTestApp;
let f: TAuditTenant;
let other: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audp');
  other = await auditTenant(t, 'audq');
});
afterAll(() => t.close());

const placesOf = (
  audit: { sections: { questions: { _id: string; readingRegistry: { placesMeasure: { _id: string; place: string }[] } | null }[] }[] },
  questionId: string,
) =>
  audit.sections
    .flatMap((s) => s.questions)
    .find((q) => q._id === questionId)!
    .readingRegistry!.placesMeasure.map((p) => p.place);

describe('PATCH audits/{id}/sections/{s}/questions/{q}/places-measure/{placeId}', () => {
  it("renames a reading place in this audit's question; the readings stay on it; the template keeps its name", async () => {
    const { id, ids } = await runningAudit(f);
    const [first, second] = f.tpl.places;
    const path = (place: string, q = ids.temps, s = ids.records) => `${AUDITS}/${id}/sections/${s}/questions/${q}/places-measure/${place}`;
    await expectOk(
      f.auditor.post(`${AUDITS}/${id}/answer/add`, {
        section: ids.records,
        question: ids.temps,
        templateAnswer: { type: 'readingRegistry', readingRegistry: [{ placesMeasure: first, optionKey: 'fridge', value: 3 }] },
      }),
    );
    const renamed = await f.auditor.patch(path(first!), { place: '  Cámara de carnes ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ _id: first, place: 'Cámara de carnes', label: null });
    const audit = await expectOk(f.auditor.get(`${AUDITS}/${id}`));
    expect(placesOf(audit, ids.temps)).toEqual(['Cámara de carnes', 'Cámara 2', 'Congelador']);
    const temps = audit.sections.flatMap((s: { questions: unknown[] }) => s.questions).find((q: { _id: string }) => q._id === ids.temps);
    expect(temps.answer.templateAnswer.readingRegistry).toEqual([{ placesMeasure: first, optionKey: 'fridge', value: 3 }]);
    // The next audit of the same template starts from the template's names.
    const next = await runningAudit(f);
    expect(placesOf(next.audit, next.ids.temps)).toEqual(['Cámara 1', 'Cámara 2', 'Congelador']);

    // Another place's name (case ignored) is 420; empty, huge or missing names are 400; nothing changed.
    expect((await f.auditor.patch(path(second!), { place: 'cámara DE carnes' })).body).toMatchObject({ reference: '420', fields: ['place'] });
    expect((await f.auditor.patch(path(second!), { place: '   ' })).body.fields).toEqual(['place']);
    expect((await f.auditor.patch(path(second!), { place: 'x'.repeat(201) })).status).toBe(400);
    expect((await f.auditor.patch(path(second!), {})).status).toBe(400);
    // A place or question that is not this question's, or a question of another section: 404 / 400.
    expect((await f.auditor.patch(path(ids.floors), { place: 'X' })).status).toBe(404);
    expect((await f.auditor.patch(path(second!, ids.floors, ids.facilities), { place: 'X' })).status).toBe(404);
    expect((await f.auditor.patch(path(second!, ids.temps, ids.facilities), { place: 'X' })).status).toBe(400);
    expect(placesOf(await expectOk(f.auditor.get(`${AUDITS}/${id}`)), ids.temps)).toEqual(['Cámara de carnes', 'Cámara 2', 'Congelador']);
  });

  it("refuses another tenant's administrator and auditor, and an audit of another tenant named by this tenant's auditor (404)", async () => {
    const { id, ids } = await runningAudit(f);
    const path = `${AUDITS}/${id}/sections/${ids.records}/questions/${ids.temps}/places-measure/${f.tpl.places[0]}`;
    expect((await other.admin.patch(path, { place: 'Ajena' })).status).toBe(404);
    expect((await other.auditor.patch(path, { place: 'Ajena' })).status).toBe(404);
    const finished = await runningAudit(other);
    const notRunning = `${AUDITS}/${finished.id}/sections/${finished.ids.records}/questions/${finished.ids.temps}/places-measure/${other.tpl.places[0]}`;
    expect((await f.auditor.patch(notRunning, { place: 'Ajena' })).status).toBe(404);
    expect(placesOf(await expectOk(f.auditor.get(`${AUDITS}/${id}`)), ids.temps)[0]).toBe('Cámara 1');
  });
});
