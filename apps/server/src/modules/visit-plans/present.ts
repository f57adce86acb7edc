import type { TPlannedVisit, TPlannedVisitStatus } from '@audit/domain/visit-plans/schemas';
import type { TVisitWindow } from '@audit/domain/visits/window';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { rootPath } from '../../platform/tenancy.js';
import * as users from '../users/service.js';
import type { TPlannedVisitRow } from './tables.js';

const OPEN: TVisitWindow = { openMonth: null, closeMonth: null, visitDays: [], notVisitDays: [] };

/** Planned visits as the calls answer them: the establishment's name and window, the auditor's name. */
export async function presentVisits(
  tx: TDb,
  caller: TAuth,
  rows: TPlannedVisitRow[],
  places: Map<string, { name: string; window: TVisitWindow }>,
): Promise<TPlannedVisit[]> {
  const auditorIds = new Set(rows.flatMap((r) => (r.auditorId ? [r.auditorId] : [])));
  const names = new Map<string, string>();
  if (auditorIds.size && rows[0]) {
    const root = rootPath(rows[0].secureSpacePath.split('/')[1]!);
    for (const a of await users.findAuditors(tx, caller, root)) if (auditorIds.has(a._id)) names.set(a._id, a.fullName);
  }
  return rows.map((r) => {
    const place = places.get(r.establishmentId);
    return {
      _id: r.id,
      contract: { _id: r.contractId, reference: r.contractReference },
      client: { _id: r.clientId },
      establishment: { _id: r.establishmentId, name: place?.name ?? '' },
      service: { _id: r.serviceId, name: r.serviceName },
      year: r.year,
      seq: r.seq,
      plannedDate: r.plannedDate,
      date: r.date,
      moved: r.date !== r.plannedDate,
      status: r.status as TPlannedVisitStatus,
      auditor: r.auditorId ? { _id: r.auditorId, name: names.get(r.auditorId) ?? '' } : null,
      audit: r.auditId,
      window: { ...(place?.window ?? OPEN), visitDays: [...(place?.window ?? OPEN).visitDays], notVisitDays: [...(place?.window ?? OPEN).notVisitDays] },
    };
  });
}
