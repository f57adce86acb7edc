import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createRunnableTemplate, createTemplateRefs, expectOk, SECTIONS, TEMPLATES } from '../../test/templates.js';

let t: TTestApp;
let a: TTenant;
let b: TTenant;
let admin: TApiClient;
let auditor: TApiClient;
let client: TApiClient;
let refs: Awaited<ReturnType<typeof createTemplateRefs>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'tpl');
  b = await createTenant(t.db, 'tplb');
  admin = (await signIn(t.app, a.admin.email)).api;
  auditor = (await signIn(t.app, a.auditor.email)).api;
  client = (await signIn(t.app, a.clientUser.email)).api;
  refs = await createTemplateRefs(admin);
});
afterAll(() => t.close());

const names = (res: { body: { name: string }[] }) => res.body.map((x) => x.name);

describe('/ms-core/api/audit-templates', () => {
  it('401, 452, 400 naming the fields, 412 and 404 on every route', async () => {
    const anonymous = apiClient(t.app);
    expect((await anonymous.post(`${TEMPLATES}/search`, {})).status).toBe(401);
    expect((await anonymous.get(`${TEMPLATES}/${a.root.id}`)).status).toBe(401);
    expect((await client.post(`${TEMPLATES}/search`, {})).body.reference).toBe('452');
    expect((await auditor.post(TEMPLATES, { name: 'x', description: 'y' })).body.reference).toBe('452');
    expect((await auditor.patch(`${TEMPLATES}/${a.root.id}/enabled`, { enabled: true })).body.reference).toBe('452');
    expect((await auditor.post(`${TEMPLATES}/${a.root.id}/duplicate`)).body.reference).toBe('452');
    expect((await auditor.delete(`${TEMPLATES}/${a.root.id}`)).body.reference).toBe('452');
    const bad = await admin.post(TEMPLATES, { language: 'fr', service: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.sort()).toEqual(['description', 'language', 'name', 'service']);
    expect((await admin.patch(`${TEMPLATES}/${a.root.id}/enabled`, {})).body.fields).toEqual(['enabled']);
    expect((await admin.post(`${TEMPLATES}/search`, { filters: [{ field: 'secret', value: 1 }] })).body.fields).toEqual(['filters.secret']);
    for (const [method, suffix] of [
      ['get', ''],
      ['patch', ''],
      ['delete', ''],
      ['post', '/duplicate'],
      ['patch', '/enabled'],
      ['post', '/check'],
    ] as const) {
      expect(
        (await admin.call(method.toUpperCase() as 'GET', `${TEMPLATES}/nope${suffix}`, method === 'get' || method === 'delete' ? undefined : { enabled: true }))
          .body.reference,
      ).toBe('412');
      expect(
        (
          await admin.call(
            method.toUpperCase() as 'GET',
            `${TEMPLATES}/${a.root.id}${suffix}`,
            method === 'get' || method === 'delete' ? undefined : { enabled: true },
          )
        ).status,
      ).toBe(404);
    }
    expect((await admin.post(`${TEMPLATES}/clients/search`, { client: b.client.id })).status).toBe(404);
  });

  it('creates a disabled draft with references by name, updates it and refuses references it cannot see', async () => {
    const created = await admin.post(TEMPLATES, { name: 'Higiene de cocina', description: 'Plantilla APPCC', ...refs });
    expect(created.body).toMatchObject({
      name: 'Higiene de cocina',
      language: 'es',
      enabled: false,
      category: { _id: refs.category, name: 'Higiene', color: '#1677ff' },
      service: { _id: refs.service, name: 'Auditoría de higiene' },
      areaAccess: { _id: refs.areaAccess, name: 'Cocina' },
      sections: [],
      ieSections: [],
      can: { update: true, delete: true },
    });
    const id = created.body._id;
    const patched = await admin.patch(`${TEMPLATES}/${id}`, { language: 'en', category: null });
    expect(patched.body).toMatchObject({ language: 'en', category: null, name: 'Higiene de cocina', service: { _id: refs.service } });
    expect((await admin.patch(`${TEMPLATES}/${id}`, { category: refs.service })).body.fields).toEqual(['category']);
    const register = expectOk(admin.post('/ms-core/api/categories', { name: 'Registros', description: 'x', type: 'REGISTER' }));
    expect((await admin.patch(`${TEMPLATES}/${id}`, { category: (await register)._id })).body.fields).toEqual(['category']);
    const foreign = await createTemplateRefs((await signIn(t.app, b.admin.email)).api, 'B');
    expect((await admin.post(TEMPLATES, { name: 'x', description: 'y', service: foreign.service })).body.fields).toEqual(['service']);
    expect((await admin.post(TEMPLATES, { name: 'x', description: 'y', areaAccess: foreign.areaAccess })).body.fields).toEqual(['areaAccess']);
    const traces = await admin.post('/ms-core/api/traces/search', { filters: [{ field: 'entity', value: id }], size: 10 });
    expect(traces.body.map((x: { type: string; module: string }) => `${x.module} ${x.type}`).sort()).toEqual(['TEMPLATES CREATE', 'TEMPLATES UPDATE']);
  });

  it('check answers 10021, 692 and 934 in that order; enabling checks, disabling does not', async () => {
    const bare = (await admin.post(TEMPLATES, { name: 'Vacía', description: 'Sin preguntas' })).body._id;
    const check = async () => (await auditor.post(`${TEMPLATES}/${bare}/check`)).body.reference;
    expect(await check()).toBe('10021');
    const data = (await admin.post(SECTIONS, { template: bare, title: 'Datos', type: 'DATA' })).body._id;
    await expectOk(admin.post(`${SECTIONS}/${data}/field/add`, { label: 'Fecha', type: 'audit_date' }));
    const questions = (await admin.post(SECTIONS, { template: bare, title: 'Preguntas', type: 'QUESTION' })).body._id;
    expect(await check()).toBe('10021');
    await expectOk(admin.post(`${SECTIONS}/${questions}/question/add`, { name: '¿Limpio?', type: 'text' }));
    expect(await check()).toBe('692');
    const enable = await admin.patch(`${TEMPLATES}/${bare}/enabled`, { enabled: true });
    expect([enable.status, enable.body.reference, enable.body.fields]).toEqual([400, '692', ['service']]);
    await expectOk(admin.patch(`${TEMPLATES}/${bare}`, { service: refs.service }));
    expect(await check()).toBe('934');
    await expectOk(admin.patch(`${TEMPLATES}/${bare}`, { areaAccess: refs.areaAccess }));
    expect((await auditor.post(`${TEMPLATES}/${bare}/check`)).body).toEqual({ ok: true });
    expect((await admin.patch(`${TEMPLATES}/${bare}/enabled`, { enabled: true })).body.enabled).toBe(true);
    await expectOk(admin.patch(`${TEMPLATES}/${bare}`, { service: null }));
    expect((await admin.patch(`${TEMPLATES}/${bare}/enabled`, { enabled: false })).body.enabled).toBe(false);
  });

  it('searches by name, category, service, language and enabled; enabledOnly keeps the enabled ones', async () => {
    const tag = 'Búsqueda';
    const on = await createRunnableTemplate(admin, refs, `${tag} activa`);
    await createRunnableTemplate(admin, refs, `${tag} borrador`);
    await expectOk(admin.post(TEMPLATES, { name: `${tag} inglesa`, description: 'x', language: 'en' }));
    await expectOk(admin.patch(`${TEMPLATES}/${on.template}/enabled`, { enabled: true }));
    const search = (filters: unknown[]) => auditor.post(`${TEMPLATES}/search`, { search: tag, filters, sort: 'name' });
    const all = await search([]);
    expect(names(all)).toEqual([`${tag} activa`, `${tag} borrador`, `${tag} inglesa`]);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body[0]).toMatchObject({ sectionsCount: 3, questionsCount: 1, category: { name: 'Higiene' } });
    expect(names(await search([{ field: 'enabledOnly', value: true }]))).toEqual([`${tag} activa`]);
    expect(names(await search([{ field: 'enabled', value: false }]))).toEqual([`${tag} borrador`, `${tag} inglesa`]);
    expect(names(await search([{ field: 'language', value: 'en' }]))).toEqual([`${tag} inglesa`]);
    expect(
      names(
        await search([
          { field: 'category', value: refs.category },
          { field: 'service', operator: '$in', value: [refs.service] },
        ]),
      ),
    ).toHaveLength(2);
    expect(names(await search([{ field: 'name', operator: 'contains', value: 'borr' }]))).toEqual([`${tag} borrador`]);
    const child = await expectOk(
      admin.post('/ms-core/api/categories', { name: 'Cocinas de hotel', description: 'x', type: 'TEMPLATE', parent: refs.category }),
    );
    await expectOk(admin.patch(`${TEMPLATES}/${on.template}`, { category: child._id }));
    expect(names(await search([{ field: 'category', value: refs.category }]))).toEqual([`${tag} borrador`]);
    expect(names(await search([{ field: 'categoryTree', value: refs.category }]))).toEqual([`${tag} activa`, `${tag} borrador`]);
    expect(names(await search([{ field: 'categoryTree', value: child._id }]))).toEqual([`${tag} activa`]);
    expect((await search([{ field: 'categoryTree', value: 'x' }])).body.fields).toEqual(['filters.categoryTree']);
    const narrow = await auditor.post(`${TEMPLATES}/search`, { search: tag, projections: ['name'], size: 1 });
    expect(narrow.body).toEqual([{ _id: expect.any(String), name: `${tag} activa` }]);
  });

  it("clients/search offers the enabled templates whose service has a goal in the client's spaces", async () => {
    const usable = await createRunnableTemplate(admin, refs, 'Para cliente');
    const other = await createRunnableTemplate(admin, refs, 'Para cliente bis');
    for (const id of [usable.template, other.template]) await expectOk(admin.patch(`${TEMPLATES}/${id}/enabled`, { enabled: true }));
    const offered = (body: Record<string, unknown>) => auditor.post(`${TEMPLATES}/clients/search`, { search: 'Para cliente', sort: 'name', ...body });
    expect((await offered({ client: a.client.id })).headers['x-total-count']).toBe('0');
    const goal = (templates: string[]) =>
      admin.post(`/ms-core/api/spaces/${a.establishment.id}/services-templates-goal`, {
        servicesTemplatesGoal: [{ service: refs.service, valueGoal: 80, templates }],
      });
    await expectOk(goal([]));
    expect(names(await offered({ client: a.client.id }))).toEqual(['Para cliente', 'Para cliente bis']);
    await expectOk(goal([usable.template]));
    expect(names(await offered({ establishment: a.establishment.id }))).toEqual(['Para cliente']);
    await expectOk(admin.patch(`${TEMPLATES}/${usable.template}/enabled`, { enabled: false }));
    expect(names(await offered({ client: a.client.id }))).toEqual([]);
    await expectOk(admin.patch(`${TEMPLATES}/${usable.template}/enabled`, { enabled: true }));
    expect((await admin.delete(`${TEMPLATES}/${usable.template}`)).body).toEqual({ ok: true });
    expect((await admin.get(`/ms-core/api/spaces/${a.establishment.id}/services-templates-goal`)).body[0].templates).toEqual([]);
    expect((await admin.get(`${TEMPLATES}/${usable.template}`)).status).toBe(404);
    expect((await admin.get(`${SECTIONS}/${usable.questions}`)).status).toBe(404);
  });

  it('is a catalogue: readable below the company, written only in its own space; other tenants see nothing', async () => {
    const { template, questions, question } = await createRunnableTemplate(admin, refs, 'Catálogo');
    const below = await addUser(t.db, { email: `below.${a.tag}@example.com`, firstName: 'Below', home: a.client, roleIds: [a.roles.SPACE_ADMIN!] });
    const clientAdmin = (await signIn(t.app, below.email)).api;
    const read = await clientAdmin.get(`${TEMPLATES}/${template}`);
    expect(read.body).toMatchObject({ name: 'Catálogo', can: { update: false, delete: false } });
    expect((await clientAdmin.patch(`${TEMPLATES}/${template}`, { name: 'Mía' })).body.reference).toBe('451');
    expect((await clientAdmin.delete(`${TEMPLATES}/${template}`)).body.reference).toBe('451');
    expect((await clientAdmin.patch(`${TEMPLATES}/${template}/enabled`, { enabled: false })).body.reference).toBe('451');
    expect((await clientAdmin.post(SECTIONS, { template, title: 'Intrusa' })).body.reference).toBe('451');
    expect((await clientAdmin.patch(`${SECTIONS}/${questions}/question/${question}/update`, { name: 'x' })).body.reference).toBe('451');
    expect((await clientAdmin.patch(`${SECTIONS}/${questions}/question/${question}/order`, { position: 0 })).body.reference).toBe('451');
    const copy = await clientAdmin.post(`${TEMPLATES}/${template}/duplicate`);
    expect(copy.body).toMatchObject({ name: 'Catálogo (copia)', space: a.client.id, can: { update: true } });

    const other = (await signIn(t.app, b.admin.email)).api;
    expect((await other.get(`${TEMPLATES}/${template}`)).status).toBe(404);
    expect((await other.patch(`${TEMPLATES}/${template}`, { name: 'x' })).status).toBe(404);
    expect((await other.post(`${TEMPLATES}/${template}/duplicate`)).status).toBe(404);
    expect((await other.post(`${TEMPLATES}/${template}/check`)).status).toBe(404);
    expect((await other.post(SECTIONS, { template, title: 'x' })).status).toBe(404);
    expect((await other.get(`${SECTIONS}/${questions}`)).status).toBe(404);
    expect((await other.post(`${SECTIONS}/${questions}/question/add`, { name: 'x', type: 'text' })).status).toBe(404);
    expect((await other.post(`${TEMPLATES}/search`, { size: 100 })).body).toEqual([]);
    expect((await other.post(`${SECTIONS}/search`, { filters: [{ field: 'template', value: template }] })).headers['x-total-count']).toBe('0');
  });
});
