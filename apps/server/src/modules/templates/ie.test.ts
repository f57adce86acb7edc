import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { expectOk, IE_SECTIONS, TEMPLATES } from '../../test/templates.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let auditor: TApiClient;
let template: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'ie');
  admin = (await signIn(t.app, a.admin.email)).api;
  auditor = (await signIn(t.app, a.auditor.email)).api;
  template = (await expectOk(admin.post(TEMPLATES, { name: 'Con cuestionario', description: 'Incidencias y emergencias' })))._id;
});
afterAll(() => t.close());

const summary = (section: { questions: { question: string; type: string; position: number }[] }) =>
  section.questions.map((q) => `${q.question}:${q.type}@${q.position}`);

describe('/ms-core/api/ie-sections', () => {
  it('401, 452, 400 naming the fields, 412 and 404', async () => {
    const s = (await expectOk(admin.post(IE_SECTIONS, { template, title: 'Prueba' })))._id;
    expect((await apiClient(t.app).post(IE_SECTIONS, { template, title: 'x' })).status).toBe(401);
    expect((await auditor.post(IE_SECTIONS, { template, title: 'x' })).body.reference).toBe('452');
    expect((await auditor.post(`${IE_SECTIONS}/${s}/question/add`, { question: 'x' })).body.reference).toBe('452');
    expect((await auditor.get(`${IE_SECTIONS}/${s}`)).status).toBe(200);
    expect((await admin.post(IE_SECTIONS, { template: 'x', title: '' })).body.fields.sort()).toEqual(['template', 'title']);
    expect((await admin.post(`${IE_SECTIONS}/${s}/question/add`, { question: '', type: 'LONG' })).body.fields.sort()).toEqual(['question', 'type']);
    expect((await admin.patch(`${IE_SECTIONS}/bad`, { title: 'x' })).body.reference).toBe('412');
    expect((await admin.delete(`${IE_SECTIONS}/${s}/question/bad/remove`)).body.reference).toBe('412');
    expect((await admin.post(IE_SECTIONS, { template: a.root.id, title: 'x' })).status).toBe(404);
    expect((await admin.patch(`${IE_SECTIONS}/${a.root.id}`, { title: 'x' })).status).toBe(404);
    expect((await admin.patch(`${IE_SECTIONS}/${s}/question/${a.root.id}/order`, { position: 0 })).status).toBe(404);
    expect((await admin.delete(`${IE_SECTIONS}/${s}`)).body).toEqual({ ok: true });
  });

  it('adds, updates, orders and removes IE sections and questions; GET on the template shows them in order', async () => {
    const first = await expectOk(admin.post(IE_SECTIONS, { template, title: 'Emergencias' }));
    const second = await expectOk(admin.post(IE_SECTIONS, { template, title: 'Incidencias' }));
    const q1 = await expectOk(admin.post(`${IE_SECTIONS}/${first._id}/question/add`, { question: '¿Hay plan de emergencia?' }));
    const q2 = await expectOk(admin.post(`${IE_SECTIONS}/${first._id}/question/add`, { question: 'Describa el último simulacro', type: 'PARAGRAPH' }));
    const q3 = await expectOk(admin.post(`${IE_SECTIONS}/${first._id}/question/add`, { question: '¿Extintores revisados?' }));
    expect(q1).toMatchObject({ type: 'SIMPLE', position: 0, section: first._id });
    const moved = await expectOk(admin.patch(`${IE_SECTIONS}/${first._id}/question/${q3._id}/order`, { position: 0 }));
    expect(summary(moved)).toEqual(['¿Extintores revisados?:SIMPLE@0', '¿Hay plan de emergencia?:SIMPLE@1', 'Describa el último simulacro:PARAGRAPH@2']);
    const edited = await expectOk(admin.patch(`${IE_SECTIONS}/${first._id}/question/${q2._id}/update`, { type: 'SIMPLE' }));
    expect(edited).toMatchObject({ question: 'Describa el último simulacro', type: 'SIMPLE' });
    await expectOk(admin.delete(`${IE_SECTIONS}/${first._id}/question/${q1._id}/remove`));
    const order = await expectOk(admin.patch(`${IE_SECTIONS}/${second._id}/order`, { position: 0 }));
    expect(order.map((s: { title: string }) => s.title)).toEqual(['Incidencias', 'Emergencias']);
    expect((await expectOk(admin.patch(`${IE_SECTIONS}/${first._id}`, { title: '' }))).title).toBe('Emergencias');
    expect((await expectOk(admin.patch(`${IE_SECTIONS}/${first._id}`, { title: 'Emergencias y evacuación' }))).title).toBe('Emergencias y evacuación');

    const got = (await auditor.get(`${TEMPLATES}/${template}`)).body;
    expect(got.ieSections.map((s: { title: string; position: number }) => `${s.title}@${s.position}`)).toEqual(['Incidencias@0', 'Emergencias y evacuación@1']);
    expect(summary(got.ieSections[1])).toEqual(['¿Extintores revisados?:SIMPLE@0', 'Describa el último simulacro:SIMPLE@1']);
    const listed = await auditor.post(`${IE_SECTIONS}/search`, { filters: [{ field: 'template', value: template }] });
    expect(listed.body.map((s: { _id: string }) => s._id)).toEqual([second._id, first._id]);
    const traces = await admin.post('/ms-core/api/traces/search', { filters: [{ field: 'section', value: 'ie-questions' }], size: 100 });
    expect(traces.body.map((x: { type: string }) => x.type).sort()).toEqual(['CREATE', 'CREATE', 'CREATE', 'REMOVE', 'UPDATE', 'UPDATE']);
  });
});
