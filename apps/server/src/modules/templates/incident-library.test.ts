import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createRunnableTemplate, createTemplateRefs, expectOk, SECTIONS, TEMPLATES } from '../../test/templates.js';

/**
 * The incident templates library (`/templates/list/incidents`): every incident template of the
 * templates the caller may read, with its template, section, question and tasks; never another
 * tenant's; refused to a role without TEMPLATES:READ.
 */
const LIBRARY = `${TEMPLATES}/incidents/search`;
let t: TTestApp;
let a: TTenant;
let b: TTenant;
let built: Awaited<ReturnType<typeof createRunnableTemplate>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'ilib');
  b = await createTenant(t.db, 'ilibb');
  const admin = (await signIn(t.app, a.admin.email)).api;
  built = await createRunnableTemplate(admin, await createTemplateRefs(admin));
  await expectOk(
    admin.post(`${SECTIONS}/${built.questions}/question/${built.question}/incidents`, {
      name: 'Plagas visibles',
      riskLevel: 'high',
      deductionPercentage: 20,
      tasks: [],
    }),
  );
  const adminB = (await signIn(t.app, b.admin.email)).api;
  const builtB = await createRunnableTemplate(adminB, await createTemplateRefs(adminB, 'b'), 'Plantilla de B');
  await expectOk(adminB.post(`${SECTIONS}/${builtB.questions}/question/${builtB.question}/incidents`, { name: 'Secreto de B', riskLevel: 'low', tasks: [] }));
});
afterAll(() => t.close());

describe('the incident templates library', () => {
  it('lists the incident templates with where they live and their tasks, sorted by name', async () => {
    const auditor = (await signIn(t.app, a.auditor.email)).api;
    const res = await auditor.post(LIBRARY, { size: 10 });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(['Plagas visibles', 'Suciedad']);
    expect(res.body[1]).toMatchObject({
      riskLevel: 'medium',
      deductionPercentage: 5,
      tasks: [{ name: 'Limpiar' }],
      template: { _id: built.template, name: 'Plantilla de higiene' },
      section: { _id: built.questions, title: 'Instalaciones' },
      question: { _id: built.question, name: '¿Suelos limpios?' },
    });
  });

  it('filters by risk, template and text, and refuses an unknown field with the catalogue error', async () => {
    const admin = (await signIn(t.app, a.admin.email)).api;
    const high = await admin.post(LIBRARY, { filters: [{ field: 'riskLevel', value: 'high' }] });
    expect(high.body.map((r: { name: string }) => r.name)).toEqual(['Plagas visibles']);
    const byTemplate = await admin.post(LIBRARY, { filters: [{ field: 'template', value: built.template }], search: 'sucie' });
    expect(byTemplate.body.map((r: { name: string }) => r.name)).toEqual(['Suciedad']);
    const unknown = await admin.post(LIBRARY, { filters: [{ field: 'secure_space_path', value: '/' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.name).toBeTruthy();
  });

  it("never shows another tenant's incident templates, and refuses a role without TEMPLATES:READ", async () => {
    const adminB = (await signIn(t.app, b.admin.email)).api;
    const fromB = await adminB.post(LIBRARY, { size: 50 });
    expect(fromB.body.map((r: { name: string }) => r.name)).toEqual(['Secreto de B', 'Suciedad']);
    expect(fromB.body.every((r: { template: { name: string } }) => r.template.name === 'Plantilla de B')).toBe(true);
    const client = (await signIn(t.app, a.clientUser.email)).api;
    const refused = await client.post(LIBRARY, {});
    expect(refused.status).toBe(403);
  });

  it('pages through the library in the asked order, and its total follows a new incident template', async () => {
    const admin = (await signIn(t.app, a.admin.email)).api;
    const names = (res: { body: { name: string }[] }) => res.body.map((r) => r.name);
    expect((await admin.post(LIBRARY, { size: 50 })).headers['x-total-count']).toBe('2');
    for (const name of ['Moho', 'Restos', 'Grasa']) {
      await expectOk(admin.post(`${SECTIONS}/${built.questions}/question/${built.question}/incidents`, { name, riskLevel: 'low', tasks: [] }));
    }
    const all = await admin.post(LIBRARY, { size: 50 });
    expect(all.headers['x-total-count']).toBe('5');
    expect(names(all)).toEqual(['Grasa', 'Moho', 'Plagas visibles', 'Restos', 'Suciedad']);
    // The second page lies past the middle: read from the end, it still comes in the asked order.
    const pages = [];
    for (const page of [0, 1, 2]) pages.push(...names(await admin.post(LIBRARY, { size: 2, page })));
    expect(pages).toEqual(names(all));
    const descending = [];
    for (const page of [0, 1, 2]) descending.push(...names(await admin.post(LIBRARY, { size: 2, page, sort: '-name' })));
    expect(descending).toEqual(names(all).reverse());
  });
});
