import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createRunnableTemplate, createTemplateRefs, expectOk, IE_SECTIONS, READINGS, SECTIONS, TEMPLATES } from '../../test/templates.js';

let t: TTestApp;
let a: TTenant;
let admin: TApiClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'dup');
  admin = (await signIn(t.app, a.admin.email)).api;
});
afterAll(() => t.close());

/** Every id in a template answer (keys named _id), to compare copies. */
function idsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => idsIn(v, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) k === '_id' ? out.push(v as string) : idsIn(v, out);
  return out;
}
/** The content without ids, references, dates or permissions. */
function contentOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(contentOf);
  if (!value || typeof value !== 'object') return value;
  const skip = new Set(['_id', 'template', 'section', 'question', 'createdAt', 'updatedAt']);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !skip.has(k))
      .map(([k, v]) => [k, contentOf(v)]),
  );
}

describe('POST /ms-core/api/audit-templates/{id}/duplicate', () => {
  it('copies the whole tree with new ids, the same content and order, as a disabled draft', async () => {
    const refs = await createTemplateRefs(admin);
    const built = await createRunnableTemplate(admin, refs, 'Original');
    await expectOk(admin.post(`${SECTIONS}/${built.questions}/question/add`, { name: 'Temperaturas', type: 'readingRegistry', readingRegistry: READINGS }));
    await expectOk(admin.post(`${SECTIONS}/${built.questions}/question/add`, { name: 'Observaciones', type: 'text', position: 0 }));
    const ie = await expectOk(admin.post(IE_SECTIONS, { template: built.template, title: 'Emergencias' }));
    await expectOk(admin.post(`${IE_SECTIONS}/${ie._id}/question/add`, { question: '¿Plan de evacuación?' }));
    await expectOk(admin.patch(`${TEMPLATES}/${built.template}/enabled`, { enabled: true }));

    const original = (await admin.get(`${TEMPLATES}/${built.template}`)).body;
    const copy = await expectOk(admin.post(`${TEMPLATES}/${built.template}/duplicate`));
    expect(copy).toMatchObject({
      name: 'Original (copia)',
      enabled: false,
      service: original.service,
      areaAccess: original.areaAccess,
      category: original.category,
    });
    expect(contentOf({ ...copy, name: original.name, enabled: original.enabled })).toEqual(contentOf(original));
    const before = idsIn(original.sections).concat(idsIn(original.ieSections));
    const after = idsIn(copy.sections).concat(idsIn(copy.ieSections));
    expect(after).toHaveLength(before.length);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    expect(new Set(after).size).toBe(after.length);
    expect(copy.sections[1].questions.map((q: { name: string }) => q.name)).toEqual(['Observaciones', '¿Suelos limpios?', 'Temperaturas']);
    expect(copy.sections[1].questions[2].readingRegistry.options.map((o: { key: string }) => o.key)).toEqual(['fridge', 'freezer']);

    // The copy is independent: changing it leaves the original as it was.
    await expectOk(admin.delete(`${SECTIONS}/${copy.sections[1]._id}`));
    expect((await admin.get(`${TEMPLATES}/${built.template}`)).body).toEqual(original);
    const again = await expectOk(admin.post(`${TEMPLATES}/${copy._id}/duplicate`));
    expect(again.name).toBe('Original (copia) (copia)');
    const en = await expectOk(admin.post(TEMPLATES, { name: 'Pool', description: 'x', language: 'en' }));
    expect((await expectOk(admin.post(`${TEMPLATES}/${en._id}/duplicate`))).name).toBe('Pool (copy)');
  });
});
