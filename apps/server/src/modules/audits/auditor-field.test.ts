import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test/factories.js';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditBody, auditTenant, type TAuditTenant } from '../../test/audits.js';
import { expectOk, SECTIONS, TEMPLATES } from '../../test/templates.js';

/**
 * The cover's "Auditor *" field (decision 0064): an audit planned for an auditor starts with their
 * name in an empty auditor field (the run, the report and the PDF all read it), follows a
 * reassignment, and keeps a name someone wrote in it (the template's default here).
 */
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audfield');
  const template = await expectOk(f.admin.get(`${TEMPLATES}/${f.tpl.template}`));
  const data = template.sections.find((s: { type: string }) => s.type === 'DATA')._id as string;
  await expectOk(f.admin.post(`${SECTIONS}/${data}/field/add`, { label: 'Auditor responsable', type: 'auditor', required: true }));
}, 300_000);
afterAll(() => t.close());

const auditorFields = async (id: string) =>
  Object.fromEntries(
    ((await expectOk(f.admin.get(`${AUDITS}/${id}`))).coverFields as { label: string; type: string; value: string | null }[])
      .filter((c) => c.type === 'auditor')
      .map((c) => [c.label, c.value]),
  );

describe('the cover auditor field', () => {
  it('holds the assigned auditor, follows a reassignment, keeps a written name', { timeout: 120_000 }, async () => {
    const created = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    expect(await auditorFields(created._id)).toEqual({ Auditor: 'Equipo Demo', 'Auditor responsable': `Auditor ${f.tenant.tag}` });
    const other = await addUser(t.db, {
      email: `second.${f.tenant.tag}@example.com`,
      firstName: 'Lucía',
      lastName: 'Prieto',
      home: f.tenant.root,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    await expectOk(f.admin.patch(`${AUDITS}/${created._id}/auditor`, { auditor: other.id }));
    expect(await auditorFields(created._id)).toEqual({ Auditor: 'Equipo Demo', 'Auditor responsable': 'Lucía Prieto' });
  });
});
