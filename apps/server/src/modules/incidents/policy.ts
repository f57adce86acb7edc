import type { TPermission } from '@audit/domain/permissions';
import type { TIdentity } from '../../platform/identity.js';
import { AppError, definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * Incidents and corrective actions (decision 0038). Reading needs ISSUE:READ (the route); writing
 * needs ISSUE:WRITE on a row the caller's space owns (451 for an ancestor's). Which status moves a
 * caller may take is the domain machine's (`mayMove`), staff or client.
 */
export const isStaff = (who: Pick<TIdentity, 'isAdmin' | 'isAuditor'>) => who.isAdmin || who.isAuditor;

export interface TIncidentAccessed {
  secureSpacePath: string;
  status: string;
}

/**
 * A write on an incident or on one of its actions: the permission on the row, and an incident not
 * superseded (decision 0063: a superseded incident is the client's record, read only; ISS0003).
 */
function writable(who: TIdentity, row: { secureSpacePath: string }, incidentStatus: string, permission: TPermission = 'ISSUE:WRITE') {
  const allowed = holdsOn(who, row, permission);
  if (allowed !== true) return allowed;
  return incidentStatus === 'superseded' ? new AppError('incidentSuperseded') : true;
}

export const incidentPolicy = definePolicy<TIncidentAccessed, 'update' | 'comment' | 'addTask'>({
  update: (who, row) => writable(who, row, row.status),
  comment: (who, row) => writable(who, row, row.status),
  addTask: (who, row) => writable(who, row, row.status),
});

export interface TTaskAccessed {
  secureSpacePath: string;
  status: string;
  responsibleId: string | null;
  createdBy: string | null;
  completedBy: string | null;
  verifiedAt: Date | null;
  /** The status of the action's incident: a superseded incident's actions are read only. */
  incidentStatus: string;
}

/**
 * A corrective action: its fields by anyone who may write incidents; its status by staff, its
 * responsible or its creator; its verification by a second person (not the one who completed it).
 */
export const taskPolicy = definePolicy<TTaskAccessed, 'update' | 'changeStatus' | 'verify' | 'delete'>({
  update: (who, row) => writable(who, row, row.incidentStatus),
  changeStatus: (who, row) => {
    const allowed = writable(who, row, row.incidentStatus);
    if (allowed !== true) return allowed;
    return isStaff(who) || row.responsibleId === null || row.responsibleId === who.userId || row.createdBy === who.userId;
  },
  verify: (who, row) => {
    const allowed = writable(who, row, row.incidentStatus);
    if (allowed !== true) return allowed;
    return row.status === 'complete' && row.verifiedAt === null && row.completedBy !== who.userId;
  },
  delete: (who, row) => writable(who, row, row.incidentStatus, 'ISSUE:DELETE'),
});
