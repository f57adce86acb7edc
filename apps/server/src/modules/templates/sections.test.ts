import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTemplateRefs, expectOk, OPTIONS, READINGS, SECTIONS, TEMPLATES } from '../../test/templates.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let auditor: TApiClient;
let template: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'sec');
  admin = (await signIn(t.app, a.admin.email)).api;
  auditor = (await signIn(t.app, a.auditor.email)).api;
  template = (await expectOk(admin.post(TEMPLATES, { name: 'Árbol', description: 'Secciones y preguntas', ...(await createTemplateRefs(admin)) })))._id;
});
afterAll(() => t.close());

const section = (body: Record<string, unknown>) => expectOk(admin.post(SECTIONS, { template, ...body }));
const question = (sectionId: string, body: Record<string, unknown>) => expectOk(admin.post(`${SECTIONS}/${sectionId}/question/add`, body));
const ids = (list: { _id: string }[]) => list.map((x) => x._id);

describe('/ms-core/api/sections', () => {
  it('401, 452, 400 naming the fields, 412 and 404 for sections, fields, questions and incident templates', async () => {
    const s = (await section({ title: 'Validación', type: 'QUESTION' }))._id;
    const q = (await question(s, { name: '¿Algo?', type: 'text' }))._id;
    expect((await apiClient(t.app).post(SECTIONS, { template, title: 'x' })).status).toBe(401);
    expect((await apiClient(t.app).get(`${SECTIONS}/${s}`)).status).toBe(401);
    expect((await auditor.post(SECTIONS, { template, title: 'x' })).body.reference).toBe('452');
    expect((await auditor.post(`${SECTIONS}/${s}/question/add`, { name: 'x', type: 'text' })).body.reference).toBe('452');
    expect((await auditor.patch(`${SECTIONS}/${s}/question/${q}/order`, { position: 0 })).body.reference).toBe('452');
    expect((await auditor.delete(`${SECTIONS}/${s}/question/${q}/remove`)).body.reference).toBe('452');
    expect((await auditor.post(`${SECTIONS}/${s}/question/${q}/incidents`, { name: 'x', riskLevel: 'low' })).body.reference).toBe('452');
    expect((await auditor.get(`${SECTIONS}/${s}`)).status).toBe(200);
    expect((await admin.post(SECTIONS, { template: 'x', type: 'OTHER', duplicable: 'yes' })).body.fields.sort()).toEqual([
      'duplicable',
      'template',
      'title',
      'type',
    ]);
    expect((await admin.post(`${SECTIONS}/${s}/question/add`, { type: 'radio' })).body.fields.sort()).toEqual(['name', 'type']);
    expect((await admin.patch(`${SECTIONS}/${s}/order`, { position: -1 })).body.fields).toEqual(['position']);
    expect(
      (await admin.post(`${SECTIONS}/${s}/question/${q}/incidents`, { name: '', riskLevel: 'severe', deductionPercentage: 101 })).body.fields.sort(),
    ).toEqual(['deductionPercentage', 'name', 'riskLevel']);
    expect((await admin.get(`${SECTIONS}/bad`)).body.reference).toBe('412');
    expect((await admin.patch(`${SECTIONS}/${s}/question/bad/update`, { name: 'x' })).body.reference).toBe('412');
    expect((await admin.delete(`${SECTIONS}/${s}/field/bad/remove`)).body.reference).toBe('412');
    expect((await admin.patch(`${SECTIONS}/${s}/question/${q}/incidents/bad`, {})).body.reference).toBe('412');
    expect((await admin.post(SECTIONS, { template: a.root.id, title: 'x' })).status).toBe(404);
    expect((await admin.get(`${SECTIONS}/${a.root.id}`)).status).toBe(404);
    expect((await admin.patch(`${SECTIONS}/${s}/question/${a.root.id}/update`, { name: 'x' })).status).toBe(404);
    expect((await admin.patch(`${SECTIONS}/${s}/field/${q}/update`, { label: 'x' })).status).toBe(404);
    expect((await admin.delete(`${SECTIONS}/${s}/question/${q}/incidents/${q}`)).status).toBe(404);
    expect((await admin.delete(`${SECTIONS}/${s}`)).body).toEqual({ ok: true });
  });

  it('validates options, readings, places, field types and e-mails, naming the fields', async () => {
    const s = (await section({ title: 'Reglas', type: 'QUESTION' }))._id;
    const select = await admin.post(`${SECTIONS}/${s}/question/add`, {
      name: 'x',
      type: 'select',
      select: { options: [{ label: '', color: 'red', score: 'ten' }] },
    });
    expect(select.body.fields.sort()).toEqual(['select.options.0.color', 'select.options.0.label', 'select.options.0.score']);
    const reading = (readingRegistry: unknown) => admin.post(`${SECTIONS}/${s}/question/add`, { name: 'x', type: 'readingRegistry', readingRegistry });
    const between = await reading({ options: [{ key: 'a', label: 'A', measure: 'celsius', operation: 'between', minValue: 6, maxValue: 5 }] });
    expect(between.body.fields).toEqual(['readingRegistry.options.0.minValue']);
    expect((await reading({ options: [{ key: 'a', label: 'A', measure: 'kelvin' }] })).body.fields).toEqual(['readingRegistry.options.0.measure']);
    const dup = await reading({
      options: [
        { key: 'a', label: 'A', measure: 'ph' },
        { key: 'a', label: 'B', measure: 'ph' },
      ],
      placesMeasure: [{ place: 'Vaso' }, { place: 'vaso' }],
    });
    expect(dup.body.fields.sort()).toEqual(['readingRegistry.options.1.key', 'readingRegistry.placesMeasure.1.place']);
    expect((await reading({ options: [{ label: 'A', measure: 'ppm', operation: 'lessThan' }] })).body.fields).toEqual(['readingRegistry.options.0.maxValue']);
    const defaults = await expectOk(reading({ options: [{ label: 'Cloro', measure: 'ppm', operation: 'between' }], placesMeasure: [{ place: 'Vaso 1' }] }));
    expect(defaults.readingRegistry.options[0]).toMatchObject({ key: expect.stringMatching(/^r[0-9a-f]{8}$/), minValue: 0, maxValue: 999999 });
    expect(defaults.readingRegistry.placesMeasure[0]).toEqual({ _id: expect.any(String), place: 'Vaso 1', label: null });

    const data = (await section({ title: 'Portada', type: 'DATA' }))._id;
    const contacts = (await section({ title: 'Contactos', type: 'CONTACTS' }))._id;
    expect((await admin.post(`${SECTIONS}/${data}/field/add`, { label: 'Correo', type: 'email' })).body.fields).toEqual(['type']);
    expect((await admin.post(`${SECTIONS}/${s}/field/add`, { label: 'Fecha', type: 'date' })).body.fields).toEqual(['section']);
    expect((await admin.post(`${SECTIONS}/${data}/question/add`, { name: 'x', type: 'text' })).body.fields).toEqual(['section']);
    expect((await admin.post(`${SECTIONS}/${contacts}/field/add`, { label: 'Correos', type: 'email', value: 'a@b.es, nope' })).body.fields).toEqual(['value']);
    const emails = await expectOk(
      admin.post(`${SECTIONS}/${contacts}/field/add`, { label: 'Correos', type: 'email', value: 'calidad@hotel.es, direccion@hotel.es' }),
    );
    expect((await admin.patch(`${SECTIONS}/${contacts}/field/${emails._id}/update`, { value: 'x@y' })).body.fields).toEqual(['value']);
    expect((await admin.patch(`${SECTIONS}/${contacts}/field/${emails._id}/update`, { type: 'audit_date' })).body.fields).toEqual(['type']);
  });

  it('builds a template with every kind of item and GET returns it all in order', async () => {
    const data = await section({ title: 'Datos de la auditoría', type: 'DATA' });
    for (const [label, type] of [
      ['Fecha', 'audit_date'],
      ['Auditor', 'auditor'],
      ['Lugar', 'location'],
      ['Resumen', 'paragraph'],
      ['Objetivo', 'objective'],
    ]) {
      await expectOk(admin.post(`${SECTIONS}/${data._id}/field/add`, { label, type, required: type === 'audit_date' }));
    }
    const qs = await section({ title: 'Manipulación', type: 'QUESTION', duplicable: true });
    const select = await question(qs._id, { name: '¿Uso de guantes?', type: 'select', select: { multiselect: false, options: OPTIONS } });
    await question(qs._id, { name: 'Temperaturas', type: 'readingRegistry', readingRegistry: READINGS });
    const others = [];
    for (const type of ['number', 'text', 'date', 'evolution', 'summary', 'pools_reported', 'pools_audited', 'pools_not_audited', 'contact_information']) {
      others.push(await question(qs._id, { name: `Pregunta ${type}`, type, ...(type === 'text' ? { text: { answerType: 'PARAGRAPH' } } : {}) }));
    }
    const incident = await expectOk(
      admin.post(`${SECTIONS}/${qs._id}/question/${select._id}/incidents`, {
        name: 'Sin guantes',
        description: 'Manipulación sin protección',
        riskLevel: 'high',
        deductionPercentage: 10,
        tasks: [{ name: 'Formar al personal' }, { name: 'Reponer guantes' }],
      }),
    );
    await expectOk(admin.post(`${SECTIONS}/${qs._id}/question/${select._id}/incidents`, { name: 'Guantes rotos', riskLevel: 'low' }));
    const contacts = await section({ title: 'Contactos', type: 'CONTACTS' });
    await expectOk(admin.post(`${SECTIONS}/${contacts._id}/field/add`, { label: 'Nombre', type: 'text', required: true }));
    await expectOk(admin.post(`${SECTIONS}/${contacts._id}/field/add`, { label: 'E-mail', type: 'email', required: true }));

    const got = (await auditor.get(`${TEMPLATES}/${template}`)).body;
    const mine = got.sections.filter((s: { _id: string }) => [data._id, qs._id, contacts._id].includes(s._id));
    expect(mine.map((s: { title: string; type: string }) => `${s.type} ${s.title}`)).toEqual([
      'DATA Datos de la auditoría',
      'QUESTION Manipulación',
      'CONTACTS Contactos',
    ]);
    expect(got.sections.map((s: { position: number }) => s.position)).toEqual(got.sections.map((_: unknown, i: number) => i));
    expect(mine[0].fields.map((f: { type: string; position: number }) => [f.type, f.position])).toEqual([
      ['audit_date', 0],
      ['auditor', 1],
      ['location', 2],
      ['paragraph', 3],
      ['objective', 4],
    ]);
    const [gotSelect, gotReading, ...gotOthers] = mine[1].questions;
    expect(gotSelect).toMatchObject({
      _id: select._id,
      type: 'select',
      maxScore: 10,
      select: { multiselect: false, scoring: true, options: OPTIONS.map((o) => ({ ...o, _id: expect.any(String) })) },
    });
    expect(gotSelect.incidents).toEqual([
      {
        _id: incident._id,
        question: select._id,
        name: 'Sin guantes',
        description: 'Manipulación sin protección',
        riskLevel: 'high',
        deductionPercentage: 10,
        position: 0,
        tasks: [
          { _id: expect.any(String), name: 'Formar al personal' },
          { _id: expect.any(String), name: 'Reponer guantes' },
        ],
      },
      expect.objectContaining({ name: 'Guantes rotos', deductionPercentage: 0, tasks: [], position: 1 }),
    ]);
    expect(gotReading.readingRegistry).toEqual({
      options: [
        { key: 'fridge', label: 'Refrigeración', measure: 'celsius', operation: 'between', minValue: 0, maxValue: 5 },
        { key: 'freezer', label: 'Congelación', measure: 'celsius', operation: 'lessThan', minValue: null, maxValue: -18 },
      ],
      placesMeasure: READINGS.placesMeasure.map((p) => ({ _id: expect.any(String), place: p.place, label: null })),
    });
    expect(gotReading.select).toBeNull();
    expect(gotOthers.map((q: { type: string }) => q.type)).toEqual(others.map((q) => q.type));
    expect(gotOthers.find((q: { type: string }) => q.type === 'text').text).toEqual({ answerType: 'PARAGRAPH' });
    expect(mine[1].maxScore).toBe(10);
    expect(mine[2].fields.map((f: { label: string }) => f.label)).toEqual(['Nombre', 'E-mail']);

    const listed = await auditor.post(`${SECTIONS}/search`, {
      filters: [
        { field: 'template', value: template },
        { field: 'type', value: 'QUESTION' },
      ],
    });
    expect(listed.body.map((s: { _id: string }) => s._id)).toContain(qs._id);
  });

  it('keeps option and place ids on update, drops the old config when the type changes, edits incidents', async () => {
    const s = (await section({ title: 'Ediciones', type: 'QUESTION' }))._id;
    const q = await question(s, { name: '¿Etiquetado?', type: 'select', select: { options: OPTIONS } });
    const [keep] = q.select.options;
    const updated = await expectOk(
      admin.patch(`${SECTIONS}/${s}/question/${q._id}/update`, {
        select: { multiselect: true, options: [keep, { label: 'N/A', color: '#d9d9d9', score: 0 }] },
      }),
    );
    expect(updated.select.options.map((o: { _id: string; label: string }) => o.label)).toEqual(['Conforme', 'N/A']);
    expect(updated.select.options[0]._id).toBe(keep._id);
    expect(updated.maxScore).toBe(10);
    expect((await admin.patch(`${SECTIONS}/${s}/question/${q._id}/update`, { select: { options: [keep, keep] } })).body.fields).toEqual([
      'select.options.1._id',
    ]);
    const renamed = await expectOk(admin.patch(`${SECTIONS}/${s}/question/${q._id}/update`, { name: '¿Etiquetas legibles?' }));
    expect(renamed.select.options).toEqual(updated.select.options);
    expect(renamed.required).toBe(true);
    const asNumber = await expectOk(admin.patch(`${SECTIONS}/${s}/question/${q._id}/update`, { type: 'number' }));
    expect([asNumber.select, asNumber.maxScore]).toEqual([null, 0]);

    const inc = await expectOk(
      admin.post(`${SECTIONS}/${s}/question/${q._id}/incidents`, { name: 'Sin etiqueta', riskLevel: 'medium', tasks: [{ name: 'Etiquetar' }] }),
    );
    const edited = await expectOk(
      admin.patch(`${SECTIONS}/${s}/question/${q._id}/incidents/${inc._id}`, { deductionPercentage: 15, tasks: [...inc.tasks, { name: 'Revisar' }] }),
    );
    expect(edited).toMatchObject({ name: 'Sin etiqueta', riskLevel: 'medium', deductionPercentage: 15 });
    expect(edited.tasks.map((x: { _id: string }) => x._id)[0]).toBe(inc.tasks[0]._id);
    expect((await admin.delete(`${SECTIONS}/${s}/question/${q._id}/incidents/${inc._id}`)).body).toEqual({ ok: true });
    expect((await admin.get(`${SECTIONS}/${s}`)).body.questions[0].incidents).toEqual([]);
    const title = await expectOk(admin.patch(`${SECTIONS}/${s}`, { _id: s, title: '   ', duplicable: true }));
    expect([title.title, title.duplicable]).toEqual(['Ediciones', true]);
  });

  it('moves sections, fields and questions and keeps positions 0..n-1 through moves, removals and concurrent moves', async () => {
    const s = (await section({ title: 'Orden', type: 'QUESTION' }))._id;
    const qs = [];
    for (const n of [1, 2, 3, 4, 5]) qs.push((await question(s, { name: `P${n}`, type: 'number' }))._id);
    const moved = await expectOk(admin.patch(`${SECTIONS}/${s}/question/${qs[3]}/order`, { position: 1 }));
    expect(moved.questions.map((q: { name: string }) => q.name)).toEqual(['P1', 'P4', 'P2', 'P3', 'P5']);
    const persisted = (await auditor.get(`${TEMPLATES}/${template}`)).body.sections.find((x: { _id: string }) => x._id === s);
    expect(persisted.questions.map((q: { name: string; position: number }) => `${q.name}@${q.position}`)).toEqual(['P1@0', 'P4@1', 'P2@2', 'P3@3', 'P5@4']);
    await expectOk(admin.patch(`${SECTIONS}/${s}/question/${qs[0]}/order`, { position: 99 }));
    await expectOk(admin.delete(`${SECTIONS}/${s}/question/${qs[1]}/remove`));
    const inserted = await question(s, { name: 'P0', type: 'text', position: 0 });
    expect(inserted.position).toBe(0);
    const after = (await admin.get(`${SECTIONS}/${s}`)).body.questions;
    expect(after.map((q: { name: string; position: number }) => `${q.name}@${q.position}`)).toEqual(['P0@0', 'P4@1', 'P3@2', 'P5@3', 'P1@4']);

    await Promise.all(after.map((q: { _id: string }, i: number) => admin.patch(`${SECTIONS}/${s}/question/${q._id}/order`, { position: (i * 3) % 5 })));
    const shuffled = (await admin.get(`${SECTIONS}/${s}`)).body.questions;
    expect(shuffled.map((q: { position: number }) => q.position)).toEqual([0, 1, 2, 3, 4]);
    expect(ids(shuffled).sort()).toEqual(ids(after).sort());

    const sections = await expectOk(admin.patch(`${SECTIONS}/${s}/order`, { position: 0 }));
    expect(sections[0]._id).toBe(s);
    expect(sections.map((x: { position: number }) => x.position)).toEqual(sections.map((_: unknown, i: number) => i));
    const contacts = (await section({ title: 'Contactos orden', type: 'CONTACTS' }))._id;
    const f1 = await expectOk(admin.post(`${SECTIONS}/${contacts}/field/add`, { label: 'Uno', type: 'text' }));
    await expectOk(admin.post(`${SECTIONS}/${contacts}/field/add`, { label: 'Dos', type: 'phone' }));
    const fields = await expectOk(admin.patch(`${SECTIONS}/${contacts}/field/${f1._id}/order`, { position: 1 }));
    expect(fields.fields.map((f: { label: string; position: number }) => `${f.label}@${f.position}`)).toEqual(['Dos@0', 'Uno@1']);
    await expectOk(admin.delete(`${SECTIONS}/${contacts}/field/${f1._id}/remove`));
    expect((await admin.get(`${SECTIONS}/${contacts}`)).body.fields.map((f: { position: number }) => f.position)).toEqual([0]);
    await expectOk(admin.delete(`${SECTIONS}/${s}`));
    const left = (await admin.get(`${TEMPLATES}/${template}`)).body.sections;
    expect(left.map((x: { position: number }) => x.position)).toEqual(left.map((_: unknown, i: number) => i));
  });
});
