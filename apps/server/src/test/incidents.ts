import type { TTestApp } from './harness.js';
import { AUDITS, auditIds, runningAudit, select, type TAuditTenant } from './audits.js';
import { expectOk } from './templates.js';

export const ISSUES = '/ms-core/api/issues';
export const TASKS = '/ms-core/api/tasks';

/**
 * A finished audit of the audit tenant with two incidents: "Suciedad" (medium, on floors, with its
 * task "Limpiar") and "Plagas" (high, on pests, with "Fumigar"). Returns the audit and the incidents.
 */
export async function finishedAuditWithIncidents(t: TTestApp, f: TAuditTenant, over: Record<string, unknown> = {}) {
  const { id, ids } = await runningAudit(f, over);
  const q = (question: string) => `${AUDITS}/${id}/sections/${ids.facilities}/questions/${question}`;
  const answer = (question: string, option: string) =>
    expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question, templateAnswer: select(option) }));
  await answer(ids.floors, f.tpl.options.no);
  await answer(ids.pests, f.tpl.pestsOptions[2]!);
  await expectOk(f.auditor.patch(`${q(ids.floors)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
  await expectOk(f.auditor.patch(`${q(ids.pests)}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.plague._id] }));
  await expectOk(
    f.auditor.post(`${AUDITS}/${id}/contact-field/update`, {
      contactFields: [
        { _id: ids.contactFields[0]!._id, value: 'Marta' },
        { _id: ids.contactFields[1]!._id, value: 'marta@hotel.es' },
      ],
    }),
  );
  await expectOk(f.auditor.patch(`${AUDITS}/${id}/finished`));
  const list = await expectOk(
    f.auditor.post(`${ISSUES}/search-issues`, {
      filters: [{ field: 'audit', operator: 'eq', value: id }],
      sort: 'name',
    }),
  );
  const [plague, dirt] = list as { _id: string; name: string; auditDate: string | null }[];
  return { auditId: id, ids, plague: plague!, dirt: dirt! };
}
export { auditIds };
