import { addDays, DEFAULT_TIME_ZONE, todayInZone } from '@audit/domain/dates';
import { visitWindowOf, type TStructureWindowFields } from '@audit/domain/visits/window';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { NO_ACCESS } from '../../platform/identity.js';
import { createAuditIn } from '../audits/create.js';
import { writePlan } from './generate.js';
import * as repo from './repo.js';

/**
 * The demo's visit plan (the seed): Hotel Mar Azul's active contract of this year, its plan generated
 * with the module's own writer, and its next proposals at Hotel Mar Azul Valencia for the hygiene
 * service confirmed into draft audits for the demo auditor (the audits module's creation), so the
 * page shows hired, planned and done, proposals and confirmed visits side by side.
 */
export interface TDemoPlan {
  root: { id: string; path: string };
  client: TStructureWindowFields & { id: string };
  contractId: string;
  /** The client's establishments with their own window fields, as the seed wrote them. */
  places: (TStructureWindowFields & { id: string; path: string; name: string })[];
  hygiene: { serviceId: string; templateId: string; establishmentId: string };
  adminId: string;
  auditorId: string;
  year: number;
}

const callerOf = (userId: string, root: { id: string; path: string }): TAuth => ({
  userId,
  spaceId: root.id,
  spacePath: root.path,
  permissions: ['CONTRACT:READ', 'CONTRACT:WRITE', 'AUDIT:READ', 'AUDIT:CREATE'],
  roles: ['SPACE_ADMIN'],
  access: NO_ACCESS,
  isAdmin: true,
  isAuditor: false,
  language: 'es',
});

export async function seedDemoVisitPlan(tx: TDb, p: TDemoPlan) {
  const caller = callerOf(p.adminId, p.root);
  const places = p.places.map((e) => ({ id: e.id, name: e.name, secureSpacePath: e.path, window: visitWindowOf(e, p.client) }));
  await writePlan(tx, caller, p.contractId, p.year, places);
  const today = todayInZone(DEFAULT_TIME_ZONE);
  const rows = (await repo.slotsOf(tx, caller, p.contractId, p.year))
    .filter((r) => r.establishmentId === p.hygiene.establishmentId && r.serviceId === p.hygiene.serviceId && r.date && r.date >= addDays(today, -90))
    .sort((x, y) => x.date!.localeCompare(y.date!))
    .slice(0, 2);
  for (const row of rows) {
    const audit = await createAuditIn(
      tx,
      caller,
      {
        client: row.clientId,
        establishment: row.establishmentId,
        service: row.serviceId,
        template: p.hygiene.templateId,
        auditor: p.auditorId,
        startDate: row.date!,
        date: [row.date!, row.date!],
      },
      [],
    );
    await repo.updateVisit(tx, row.id, { status: 'CONFIRMED', auditId: audit.id, auditorId: p.auditorId });
  }
}
