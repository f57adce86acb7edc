import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditBody, auditTenant, runningAudit, type TAuditTenant } from '../../test/audits.js';
import { expectOk, TEMPLATES } from '../../test/templates.js';

/** Decision 0026: absurd numbers are refused with VAL0001 naming the field; visits before the start date with AUD0004. */
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'bnd');
});
afterAll(() => t.close());

describe('value bounds of audits', () => {
  it('refuses a number answer of 1e20 and a reading of -2,000,000 °C (VAL0001), in Spanish and English', async () => {
    const { id, ids } = await runningAudit(f);
    const add = (question: string, templateAnswer: unknown) => f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.records, question, templateAnswer });
    const huge = await add(ids.count, { type: 'number', number: 1e20 });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ name: 'BADREQUESTERROR', reference: 'VAL0001', fields: ['templateAnswer.number'] });
    expect(huge.body.message).toBe('El valor está fuera del rango permitido.');
    const body = { section: ids.records, question: ids.count, templateAnswer: { type: 'number', number: 1e20 } };
    const english = await f.auditor.call('POST', `${AUDITS}/${id}/answer/add`, body, { 'x-language': 'en' });
    expect(english.body.message).toBe('The value is outside the allowed range.');
    expect((await add(ids.count, { type: 'number', number: 12.5 })).status).toBe(200);
    const [p1] = f.tpl.places;
    const cold = await add(ids.temps, { type: 'readingRegistry', readingRegistry: [{ placesMeasure: p1, optionKey: 'fridge', value: -2_000_000 }] });
    expect(cold.body).toMatchObject({ reference: 'VAL0001' });
    // Below absolute zero is refused too, though within the generic ±999,999 of a reading.
    const belowZero = await add(ids.temps, { type: 'readingRegistry', readingRegistry: [{ placesMeasure: p1, optionKey: 'fridge', value: -300 }] });
    expect(belowZero.body).toMatchObject({ reference: 'VAL0001', fields: ['templateAnswer.readingRegistry'] });
    expect((await add(ids.temps, { type: 'readingRegistry', readingRegistry: [{ placesMeasure: p1, optionKey: 'fridge', value: 4 }] })).status).toBe(200);
  });

  it('refuses visit dates before the start date (AUD0004), when creating and when changing them', async () => {
    const early = await f.admin.post(AUDITS, auditBody(f, { startDate: '2025-05-14', date: ['2025-05-13', '2025-05-15'] }));
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ reference: 'AUD0004', fields: ['date'] });
    const created = await expectOk(f.admin.post(AUDITS, auditBody(f, { startDate: '2025-05-14', date: ['2025-05-14', '2025-05-15'] })));
    expect((await f.admin.patch(`${AUDITS}/${created._id}/date`, { date: ['2025-05-01', '2025-05-15'] })).body).toMatchObject({ reference: 'AUD0004' });
    expect((await f.admin.patch(`${AUDITS}/${created._id}/date`, { date: ['2025-05-20', '2025-05-21'] })).status).toBe(200);
  });

  it('says how many audits use a template before deleting it; deleting leaves the audits', async () => {
    const usage = async () => (await expectOk(f.admin.get(`${AUDITS}/template-usage/${f.tpl.template}`))) as { audits: number };
    const before = (await usage()).audits;
    const created = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    expect((await usage()).audits).toBe(before + 1);
    expect((await f.auditor.get(`${AUDITS}/template-usage/${f.tpl.template}`)).body.reference).toBe('452');
    expect((await f.admin.get(`${AUDITS}/template-usage/${f.tenant.root.id}`)).status).toBe(404);
    expect((await f.admin.delete(`${TEMPLATES}/${f.tpl.template}`)).status).toBe(200);
    expect((await f.admin.get(`${AUDITS}/${created._id}`)).status).toBe(200);
  });
});
