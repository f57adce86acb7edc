import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn } from '../../test/factories.js';
import { createTemplateRefs, expectOk, SECTIONS, TEMPLATES } from '../../test/templates.js';

/**
 * The pool counts (pools reported, audited, not audited) are contact fields of a pool service's
 * template only (product document §6): the server refuses them elsewhere, as the editor hides them.
 */
let t: TTestApp;
let admin: TApiClient;
let refs: Awaited<ReturnType<typeof createTemplateRefs>>;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTenant(t.db, 'pool');
  admin = (await signIn(t.app, a.admin.email)).api;
  refs = await createTemplateRefs(admin);
});
afterAll(() => t.close());

async function contactsOf(service: string) {
  const template = await expectOk(admin.post(TEMPLATES, { name: `Plantilla ${service.slice(0, 8)}`, description: 'Contactos y vasos', ...refs, service }));
  return expectOk(admin.post(SECTIONS, { template: template._id, title: 'Contactos', type: 'CONTACTS' }));
}

describe('pool count fields', () => {
  it('are refused in a template whose service is not a pool service, with the field named', async () => {
    const contacts = await contactsOf(refs.service);
    const res = await admin.post(`${SECTIONS}/${contacts._id}/field/add`, { label: 'Vasos auditados', type: 'pools_audited', required: false });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(['type']);
    const text = await expectOk(admin.post(`${SECTIONS}/${contacts._id}/field/add`, { label: 'Nombre', type: 'text', required: true }));
    const changed = await admin.patch(`${SECTIONS}/${contacts._id}/field/${text._id}/update`, { type: 'pools_reported' });
    expect(changed.status).toBe(400);
  });

  it("are accepted in a pool service's template, and such a field keeps its type when renamed", async () => {
    const pool = await expectOk(
      admin.post('/ms-core/api/services', { name: 'Auditoría de piscinas', executionTime: 2, price: 100, salesAccount: 70500001, isPoolService: true }),
    );
    const contacts = await contactsOf(pool._id);
    const field = await expectOk(admin.post(`${SECTIONS}/${contacts._id}/field/add`, { label: 'Vasos', type: 'pools_reported', required: false }));
    expect(field.type).toBe('pools_reported');
    const renamed = await expectOk(admin.patch(`${SECTIONS}/${contacts._id}/field/${field._id}/update`, { label: 'Vasos declarados' }));
    expect(renamed).toMatchObject({ label: 'Vasos declarados', type: 'pools_reported' });
  });
});
