import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VALUE_GOAL } from '@audit/domain/services';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { AUDITS, createAuditTemplate } from '../../test/audits.js';
import { createTemplateRefs, expectOk, TEMPLATES } from '../../test/templates.js';

/**
 * A new customer's first day (issue 13; docs/decisions/0023): a service created in the company
 * joins the company's goals, so a client and establishment created afterwards can be audited at
 * once, without setting a goal anywhere; a client's own goals then replace the company's for it.
 */
let t: TTestApp;
let a: TTenant;
let admin: TApiClient;
let refs: Awaited<ReturnType<typeof createTemplateRefs>>;
let template: string;

const SPACES = '/ms-core/api/spaces';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'dgo');
  admin = (await signIn(t.app, a.admin.email)).api;
  refs = await createTemplateRefs(admin);
  template = (await createAuditTemplate(admin, refs)).template;
  await expectOk(admin.patch(`${TEMPLATES}/${template}/enabled`, { enabled: true }));
});
afterAll(() => t.close());

async function newClientWithEstablishment(name: string) {
  const socialReason = (await expectOk(admin.post('/ms-core/api/socialreasons', { name: `${name} S.L.` })))._id as string;
  const place = { address: 'Calle Mayor 1', zipCode: 46001, socialReason };
  const client = (await expectOk(admin.post('/ms-core/api/structures', { name, ...place })))._id as string;
  const establishment = (await expectOk(admin.post('/ms-core/api/establishments', { name: `${name} Centro`, parent: client, ...place })))._id as string;
  return { client, establishment };
}

describe('default goals', () => {
  it('a new service joins the company goals with the default goal', async () => {
    expect(await expectOk(admin.get(`${SPACES}/${a.root.id}/services-templates-goal`))).toEqual([
      { service: refs.service, valueGoal: DEFAULT_VALUE_GOAL, templates: [], createdAt: expect.any(String) },
    ]);
    // A goal the company already set is kept when another service is created.
    await expectOk(admin.post(`${SPACES}/${a.root.id}/services-templates-goal`, { servicesTemplatesGoal: [{ service: refs.service, valueGoal: 90 }] }));
    const other = await expectOk(admin.post('/ms-core/api/services', { name: 'Legionela', executionTime: 1, price: 1, salesAccount: 1 }));
    const goals = await expectOk(admin.get(`${SPACES}/${a.root.id}/services-templates-goal`));
    expect(goals.map((g: { service: string; valueGoal: number }) => [g.service, g.valueGoal])).toEqual([
      [refs.service, 90],
      [other._id, DEFAULT_VALUE_GOAL],
    ]);
  });

  it('a new establishment can be audited at once: the wizard offers the company goals and the audit is created', async () => {
    const place = await newClientWithEstablishment('Hotel Nuevo');
    const offered = await expectOk(admin.get(`${AUDITS}/options/services?establishment=${place.establishment}`));
    expect(offered.find((s: { _id: string }) => s._id === refs.service)).toMatchObject({ valueGoal: 90, templates: [] });
    const inEffect = await expectOk(admin.get(`${SPACES}/${place.establishment}/services-goal-in-effect`));
    expect(inEffect).toMatchObject({ from: { _id: a.root.id, typeStructure: 'STRUCTURE' }, own: false });
    const audit = await expectOk(
      admin.post(AUDITS, {
        client: place.client,
        establishment: place.establishment,
        service: refs.service,
        template,
        auditor: a.auditor.id,
        startDate: '2026-05-04',
        date: ['2026-05-04', '2026-05-08'],
      }),
    );
    expect(audit).toMatchObject({ status: 'draft', valueGoal: 90 });
  });

  it("a client's own goals replace the company's for its establishments; clearing them restores the company's", async () => {
    const place = await newClientWithEstablishment('Hotel Propio');
    await expectOk(
      admin.post(`${SPACES}/${place.client}/services-templates-goal`, {
        servicesTemplatesGoal: [{ service: refs.service, valueGoal: 60, templates: [template] }],
      }),
    );
    expect(await expectOk(admin.get(`${SPACES}/${place.establishment}/services-goal-in-effect`))).toEqual({
      from: { _id: place.client, name: 'Hotel Propio', typeStructure: 'STRUCTURE' },
      own: false,
      goals: [{ service: refs.service, valueGoal: 60, templates: [template], createdAt: expect.any(String) }],
    });
    expect((await expectOk(admin.get(`${SPACES}/${place.client}/services-goal-in-effect`))).own).toBe(true);
    expect(await expectOk(admin.get(`${AUDITS}/options/services?establishment=${place.establishment}`))).toEqual([
      expect.objectContaining({ _id: refs.service, valueGoal: 60 }),
    ]);
    await expectOk(admin.post(`${SPACES}/${place.client}/services-templates-goal`, { servicesTemplatesGoal: [] }));
    expect((await expectOk(admin.get(`${SPACES}/${place.establishment}/services-goal-in-effect`))).from._id).toBe(a.root.id);
  });

  it('404 for a space out of scope, 452 without SERVICES:READ', async () => {
    const other = await createTenant(t.db, 'dgo2');
    expect((await admin.get(`${SPACES}/${other.establishment.id}/services-goal-in-effect`)).status).toBe(404);
    const worker = (await signIn(t.app, a.clientUser.email)).api;
    expect((await worker.get(`${SPACES}/${a.establishment.id}/services-goal-in-effect`)).body.reference).toBe('452');
  });
});
