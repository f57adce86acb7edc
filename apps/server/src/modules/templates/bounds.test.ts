import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn } from '../../test/factories.js';
import { createTemplateRefs, expectOk, SECTIONS, TEMPLATES } from '../../test/templates.js';

/** Decision 0026: the template editor's numbers within their bounds (VAL0001), names within their length (VAL0002). */
let t: TTestApp;
let admin: TApiClient;
let section: string;
let question: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTenant(t.db, 'tbnd');
  admin = (await signIn(t.app, a.admin.email)).api;
  const template = (await expectOk(admin.post(TEMPLATES, { name: 'Límites', description: 'Valores fuera de rango', ...(await createTemplateRefs(admin)) })))
    ._id;
  section = (await expectOk(admin.post(SECTIONS, { template, title: 'Preguntas', type: 'QUESTION' })))._id;
  question = (await expectOk(admin.post(`${SECTIONS}/${section}/question/add`, { name: '¿Limpio?', type: 'text' })))._id;
});
afterAll(() => t.close());

describe('template value bounds', () => {
  it('refuses an incident deduction of 150 % or -100 % (never stored as something else)', async () => {
    const incident = (deductionPercentage: number) =>
      admin.post(`${SECTIONS}/${section}/question/${question}/incidents`, { name: 'Suciedad', riskLevel: 'medium', deductionPercentage });
    for (const value of [150, -100, 12.345]) {
      const res = await incident(value);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ reference: 'VAL0001', fields: ['deductionPercentage'] });
    }
    expect((await expectOk(incident(12.5))).deductionPercentage).toBe(12.5);
  });

  it('refuses reading limits a unit cannot measure', async () => {
    const reading = (minValue: number) =>
      admin.post(`${SECTIONS}/${section}/question/add`, {
        name: 'Temperaturas',
        type: 'readingRegistry',
        readingRegistry: { options: [{ label: 'Cámara', measure: 'celsius', operation: 'greaterThan', minValue }], placesMeasure: [{ place: 'Cámara 1' }] },
      });
    expect((await reading(-2_000_000)).body).toMatchObject({ reference: 'VAL0001', fields: ['readingRegistry.options.0.minValue'] });
    expect((await reading(-18)).status).toBe(200);
  });

  it('refuses a name longer than the limit with VAL0002 (nothing is cut)', async () => {
    const res = await admin.post(SECTIONS, { template: (await admin.get(`${SECTIONS}/${section}`)).body.template, title: 'x'.repeat(201) });
    expect(res.body).toMatchObject({ reference: 'VAL0002', fields: ['title'] });
  });
});
