import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, createTestApp, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, signIn } from '../../test/factories.js';
import { AUDITS, auditBody, auditTenant, createAuditTemplate, type TAuditTenant } from '../../test/audits.js';
import { expectOk, SECTIONS, TEMPLATES } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audc');
});
afterAll(() => t.close());

describe('creating an audit (wizard)', () => {
  it('401, 452 for a client user, 400 naming the fields, 404 for places out of scope', async () => {
    expect((await apiClient(t.app).post(AUDITS, auditBody(f))).status).toBe(401);
    expect((await f.client.post(AUDITS, auditBody(f))).body.reference).toBe('452');
    expect((await f.client.get(`${AUDITS}/options/services?establishment=${f.tenant.establishment.id}`)).body.reference).toBe('452');
    const bad = await f.admin.post(AUDITS, { client: 'x', date: ['2025-01-02'] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.sort()).toEqual(['auditor', 'client', 'date', 'establishment', 'service', 'startDate', 'template']);
    expect((await f.admin.post(AUDITS, auditBody(f, { establishment: f.tenant.root.id }))).body.fields).toEqual(['establishment']);
    expect((await f.admin.post(AUDITS, auditBody(f, { client: f.tenant.root.id }))).body.fields).toEqual(['client']);
    expect((await f.admin.post(AUDITS, auditBody(f, { establishment: f.tenant.area.id }))).body.fields).toEqual(['establishment']);
    expect((await f.admin.post(AUDITS, auditBody(f, { date: ['2025-05-16', '2025-05-15'] }))).body.fields).toEqual(['date']);
    expect((await f.admin.post(AUDITS, auditBody(f, { auditor: f.tenant.admin.id }))).body.fields).toEqual(['auditor']);
    expect((await f.admin.post(AUDITS, auditBody(f, { template: f.tenant.root.id }))).status).toBe(404);
  });

  it('answers 10021, 692 and 934 for a template that cannot run, 400 for a disabled one or without a goal', async () => {
    const tpl = await createAuditTemplate(f.admin, f.refs, 'Otra');
    await expectOk(f.admin.patch(`${TEMPLATES}/${tpl.template}/enabled`, { enabled: true }));
    const create = (template = tpl.template) => f.admin.post(AUDITS, auditBody(f, { template }));
    expect((await create()).status).toBe(200);
    await expectOk(f.admin.patch(`${TEMPLATES}/${tpl.template}`, { areaAccess: null }));
    expect((await create()).body).toMatchObject({ reference: '934', fields: ['areaAccess'] });
    await expectOk(f.admin.patch(`${TEMPLATES}/${tpl.template}`, { service: null }));
    expect((await create()).body).toMatchObject({ reference: '692', fields: ['service'] });
    const empty = await expectOk(f.admin.post(TEMPLATES, { name: 'Vacía', description: 'x', ...f.refs }));
    await expectOk(f.admin.post(SECTIONS, { template: empty._id, title: 'Preguntas', type: 'QUESTION' }));
    expect((await create(empty._id)).body.reference).toBe('10021');
    const draft = await createAuditTemplate(f.admin, f.refs, 'Borrador');
    expect((await create(draft.template)).body).toMatchObject({ reference: '400', fields: ['template'] });
    // The goal of the establishment names other templates only.
    const goal = `/ms-core/api/spaces/${f.tenant.establishment.id}/services-templates-goal`;
    await expectOk(f.admin.post(goal, { servicesTemplatesGoal: [{ service: f.refs.service, valueGoal: 80, templates: [draft.template] }] }));
    expect((await create(f.tpl.template)).body.fields).toEqual(['template']);
    // No goal of the service where the establishment takes its goals from.
    const other = await expectOk(f.admin.post('/ms-core/api/services', { name: 'Legionela', executionTime: 1, price: 1, salesAccount: 1 }));
    await expectOk(f.admin.post(goal, { servicesTemplatesGoal: [{ service: other._id, valueGoal: 90, templates: [] }] }));
    expect((await create(f.tpl.template)).body.fields).toEqual(['service']);
    await expectOk(f.admin.post(goal, { servicesTemplatesGoal: [{ service: f.refs.service, valueGoal: 80, templates: [] }] }));
  });

  it("creates a draft in the establishment's space with a copy of the template", async () => {
    const res = await f.admin.post(AUDITS, auditBody(f));
    expect(res.status).toBe(200);
    const audit = res.body;
    expect(audit).toMatchObject({
      status: 'draft',
      template: { _id: f.tpl.template, name: 'Higiene', language: 'es' },
      client: { _id: f.tenant.client.id, name: f.tenant.client.name },
      establishment: { _id: f.tenant.establishment.id, name: f.tenant.establishment.name },
      service: { _id: f.refs.service, isPoolService: false },
      auditor: { _id: f.tenant.auditor.id, name: `Auditor ${f.tenant.tag}` },
      owner: { _id: f.tenant.admin.id, name: `Admin ${f.tenant.tag}` },
      areaAccess: { _id: f.refs.areaAccess, name: 'Cocina' },
      startDate: '2025-05-14T00:00:00.000Z',
      date: ['2025-05-14T00:00:00.000Z', '2025-05-15T23:59:59.999Z'],
      valueGoal: 80,
      hasPreviousAudit: false,
      isIncomplete: false,
      totalScore: 0,
      finalScore: 0,
      percentage: null,
      recalculatedRisk: 'LOW',
      totalIssuesCount: 0,
      share: { enabled: false, url: null },
      pdf: { ready: false, url: null },
      finishedDate: null,
    });
    expect(audit.sections.map((s: { type: string; title: string; duplicable: boolean }) => [s.type, s.title, s.duplicable])).toEqual([
      ['DATA', 'Datos', false],
      ['QUESTION', 'Instalaciones', true],
      ['QUESTION', 'Registros', false],
      ['CONTACTS', 'Contactos', false],
    ]);
    expect(audit.coverFields.map((c: { label: string; value: string | null }) => [c.label, c.value])).toEqual([
      ['Fecha', null],
      ['Auditor', 'Equipo Demo'],
    ]);
    expect(audit.contactFields.map((c: { label: string; required: boolean }) => [c.label, c.required])).toEqual([
      ['Responsable', true],
      ['E-mail', true],
    ]);
    const floors = audit.sections[1].questions[0];
    expect(floors).toMatchObject({
      name: '¿Suelos limpios?',
      type: 'select',
      templateQuestion: f.tpl.templateQuestions.floors,
      maxScore: 10,
      answer: null,
      issues: [],
      note: null,
    });
    expect(floors.select.options.map((o: { _id: string }) => o._id)).toEqual(Object.values(f.tpl.options));
    expect(floors.incidences.map((i: { _id: string; name: string; tasks: unknown[] }) => [i._id, i.name, i.tasks.length])).toEqual([
      [f.tpl.incidences.dirt._id, 'Suciedad', 1],
      [f.tpl.incidences.broken._id, 'Rotura', 2],
    ]);
    expect(audit.sections[2].questions.map((q: { type: string; text: unknown }) => [q.type, q.text])).toEqual([
      ['readingRegistry', null],
      ['number', null],
      ['text', { answerType: 'PARAGRAPH' }],
    ]);
    expect(audit.questionnaire).toMatchObject({
      sent: false,
      questionsAnswers: [{ sectionTitle: 'Emergencias', question: '¿Hubo incidencias?', type: 'SIMPLE', answer: null }, { type: 'PARAGRAPH' }],
    });
    const [row] = await unsafeUnscoped(
      t.db,
      async (tx) =>
        (
          await tx.execute<{ space_id: string; secure_space_path: string }>(
            sql`select space_id, secure_space_path from audit_questions where audit_id = ${audit._id} limit 1`,
          )
        ).rows,
    );
    expect(row).toEqual({ space_id: f.tenant.establishment.id, secure_space_path: f.tenant.establishment.path });
    // Editing the template later changes nothing in the audit.
    const source = await expectOk(f.admin.get(`${TEMPLATES}/${f.tpl.template}`));
    const rename = (name: string) =>
      expectOk(f.admin.patch(`${SECTIONS}/${source.sections[1]._id}/question/${f.tpl.templateQuestions.floors}/update`, { name }));
    await rename('Cambiada');
    expect((await expectOk(f.admin.get(`${AUDITS}/${audit._id}`))).sections[1].questions[0].name).toBe('¿Suelos limpios?');
    await rename('¿Suelos limpios?');
    const traces = await f.admin.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', value: audit._id }] });
    expect(traces.body.map((x: { module: string; type: string }) => `${x.module} ${x.type}`)).toEqual(['AUDIT CREATE']);
  });

  it('offers services, auditors and templates to the wizard', async () => {
    const services = await f.auditor.get(`${AUDITS}/options/services?establishment=${f.tenant.establishment.id}`);
    expect(services.body).toEqual([{ _id: f.refs.service, name: expect.any(String), isPoolService: false, valueGoal: 80, templates: [] }]);
    // An area is not an establishment.
    expect((await f.auditor.get(`${AUDITS}/options/services?establishment=${f.tenant.area.id}`)).body.fields).toEqual(['establishment']);
    // Neither the new establishment nor its client has goals: the company's apply, which every
    // service joins when it is created, with the default goal (decision 0023).
    const second = await addSpace(t.db, { name: 'Second', parent: f.tenant.client, type: 'ESTABLISHMENT' });
    const inherited = (await f.auditor.get(`${AUDITS}/options/services?establishment=${second.id}`)).body;
    expect(inherited.map((s: { _id: string; valueGoal: number }) => [s._id, s.valueGoal])).toContainEqual([f.refs.service, 80]);
    await expectOk(
      f.admin.post(`/ms-core/api/spaces/${f.tenant.client.id}/services-templates-goal`, {
        servicesTemplatesGoal: [{ service: f.refs.service, valueGoal: 70, templates: [] }],
      }),
    );
    expect((await f.auditor.get(`${AUDITS}/options/services?establishment=${second.id}`)).body.map((s: { valueGoal: number }) => s.valueGoal)).toEqual([70]);

    await addUser(t.db, {
      email: `unverified.${f.tenant.tag}@example.com`,
      firstName: 'Uve',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
      status: 'UNVERIFIED',
    });
    await addUser(t.db, {
      email: `clientauditor.${f.tenant.tag}@example.com`,
      firstName: 'Cea',
      home: f.tenant.client,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    const auditors = await f.admin.get(`${AUDITS}/options/auditors?client=${f.tenant.client.id}`);
    expect(auditors.body).toEqual([{ _id: f.tenant.auditor.id, fullName: `Auditor ${f.tenant.tag}`, email: f.tenant.auditor.email }]);

    const templates = await f.auditor.post(`${AUDITS}/options/templates`, { establishment: f.tenant.establishment.id, sort: 'name' });
    expect(templates.body.map((x: { name: string }) => x.name)).toContain('Higiene');
    expect(templates.body.map((x: { name: string }) => x.name)).not.toContain('Borrador');
    const byService = await f.auditor.post(`${AUDITS}/options/templates`, { filters: [{ field: 'service', value: f.tenant.root.id }] });
    expect(byService.body).toEqual([]);
  });

  it('limits a worker with access services to those services', async () => {
    const other = await expectOk(f.admin.post('/ms-core/api/services', { name: 'Solo este', executionTime: 1, price: 1, salesAccount: 1 }));
    const worker = await addUser(t.db, {
      email: `worker.${f.tenant.tag}@example.com`,
      firstName: 'Wanda',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update users set access_services = ${`{${other._id}}`}::uuid[] where id = ${worker.id}`));
    const { api } = await signIn(t.app, worker.email);
    expect((await api.get(`${AUDITS}/options/services?establishment=${f.tenant.establishment.id}`)).body).toEqual([]);
    expect((await api.post(AUDITS, auditBody(f))).body.fields).toEqual(['service']);
    expect((await api.post(`${AUDITS}/options/templates`, {})).body).toEqual([]);
  });
});
