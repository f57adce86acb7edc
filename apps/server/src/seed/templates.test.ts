import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../test/harness.js';
import { createDemoTestApp } from '../test/demo-template.js';
import { signIn } from '../test/factories.js';
import { DEMO_PASSWORD } from './demo.js';

let t: TTestApp;
const T = '/ms-core/api/audit-templates';

beforeAll(async () => {
  t = await createDemoTestApp();
  // The run's first demo file seeds the day's demo template (half a year of audits through the audits
  // module's rules): room for a loaded machine.
}, 300_000);
afterAll(() => t.close());

type TQuestion = { type: string; incidents: unknown[]; select: { options: { label: string; score: number; failed: boolean }[] } | null; readingRegistry: any };

describe('demo seed: audit templates', () => {
  it('gives the demo company a complete, runnable hygiene template and a pool template', async () => {
    const { api } = await signIn(t.app, 'auditor@demo.test', DEMO_PASSWORD);
    const list = await api.post(`${T}/search`, { filters: [{ field: 'enabledOnly', value: true }], sort: 'name' });
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Auditoría de higiene alimentaria', 'Auditoría de piscinas']);
    const [hygieneRow, poolRow] = list.body;
    expect(hygieneRow).toMatchObject({
      language: 'es',
      enabled: true,
      service: { name: 'Auditoría de higiene' },
      areaAccess: { name: 'Cocina' },
      category: { name: 'Higiene alimentaria' },
    });
    for (const row of list.body) expect((await api.post(`${T}/${row._id}/check`)).body).toEqual({ ok: true });

    const hygiene = (await api.get(`${T}/${hygieneRow._id}`)).body;
    expect(hygiene.sections.map((s: { type: string; title: string }) => `${s.type} ${s.title}`)).toEqual([
      'DATA Datos de la auditoría',
      'QUESTION Instalaciones',
      'QUESTION Manipulación de alimentos',
      'QUESTION Control de temperaturas',
      'CONTACTS Contactos',
    ]);
    expect(hygiene.sections[0].fields.map((f: { type: string }) => f.type)).toEqual(['audit_date', 'auditor', 'location', 'summary', 'paragraph', 'objective']);
    const questions: TQuestion[] = hygiene.sections.flatMap((s: { questions: TQuestion[] }) => s.questions);
    const selects = questions.filter((q) => q.type === 'select');
    expect(selects).toHaveLength(20);
    expect(selects.every((q) => q.incidents.length >= 1 && q.incidents.length <= 2)).toBe(true);
    expect(selects[0].select!.options.map((o) => [o.label, o.score, o.failed])).toEqual([
      ['Conforme', 10, false],
      ['Mejorable', 5, false],
      ['No conforme', 0, true],
    ]);
    const reading = questions.find((q) => q.type === 'readingRegistry')!;
    expect(
      reading.readingRegistry.options.map((o: { operation: string; minValue: number | null; maxValue: number }) => [o.operation, o.minValue, o.maxValue]),
    ).toEqual([
      ['between', 0, 5],
      ['lessThan', null, -18],
    ]);
    expect(reading.readingRegistry.placesMeasure.map((p: { place: string }) => p.place)).toEqual(['Cámara 1', 'Cámara 2', 'Congelador']);
    expect(questions.map((q) => q.type)).toEqual(expect.arrayContaining(['number', 'text']));
    expect(hygiene.sections[4].fields.map((f: { type: string; label: string }) => [f.type, f.label])).toEqual([
      ['contact_information', 'Personas de contacto'],
    ]);
    expect(hygiene.ieSections[0].questions.map((q: { type: string }) => q.type)).toEqual(['SIMPLE', 'PARAGRAPH']);

    const pool = (await api.get(`${T}/${poolRow._id}`)).body;
    expect(pool).toMatchObject({ service: { name: 'Auditoría de piscinas' }, areaAccess: { name: 'Piscina' } });
    const poolQuestions: TQuestion[] = pool.sections.flatMap((s: { questions: TQuestion[] }) => s.questions);
    expect(poolQuestions.map((q) => q.type)).toEqual(expect.arrayContaining(['pools_reported', 'pools_audited', 'pools_not_audited']));
    const water = poolQuestions.find((q) => q.type === 'readingRegistry')!.readingRegistry.options;
    expect(water.map((o: { measure: string; minValue: number; maxValue: number }) => [o.measure, o.minValue, o.maxValue])).toEqual([
      ['ppm', 0.5, 2],
      ['ph', 7.2, 7.8],
    ]);

    const clients = await api.post('/ms-core/api/structures/parent/search', { sort: 'name' });
    const [hotel, olivo] = clients.body;
    const offered = async (client: string) => (await api.post(`${T}/clients/search`, { client, sort: 'name' })).body.map((x: { name: string }) => x.name);
    expect(await offered(hotel._id)).toEqual(['Auditoría de higiene alimentaria', 'Auditoría de piscinas']);
    expect(await offered(olivo._id)).toEqual(['Auditoría de higiene alimentaria']);
  });

  it("keeps the second tenant's template apart", async () => {
    const other = (await signIn(t.app, 'admin@other.test', DEMO_PASSWORD)).api;
    const list = await other.post(`${T}/search`, {});
    expect(list.body.map((x: { name: string; language: string }) => [x.name, x.language])).toEqual([['Pool inspection', 'en']]);
    expect((await other.post(`${T}/${list.body[0]._id}/check`)).body).toEqual({ ok: true });
    const demo = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).api;
    expect((await demo.get(`${T}/${list.body[0]._id}`)).status).toBe(404);
  });
});
