import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * Incidents and corrective actions (decision 0038). Reading needs ISSUE:READ (the route); writing
 * needs ISSUE:WRITE on a row the caller's space owns (451 for an ancestor's). Which status moves a
 * caller may take is the domain machine's (`mayMove`), staff or client.
 */
export const isStaff = (who: Pick<TIdentity, 'isAdmin' | 'isAuditor'>) => who.isAdmin || who.isAuditor;

export interface TIncidentAccessed {
  secureSpacePath: string;
}

export const incidentPolicy = definePolicy<TIncidentAccessed, 'update' | 'comment' | 'addTask'>({
  update: (who, row) => holdsOn(who, row, 'ISSUE:WRITE'),
  comment: (who, row) => holdsOn(who, row, 'ISSUE:WRITE'),
  addTask: (who, row) => holdsOn(who, row, 'ISSUE:WRITE'),
});

export interface TTaskAccessed {
  secureSpacePath: string;
  status: string;
  responsibleId: string | null;
  createdBy: string | null;
  completedBy: string | null;
  verifiedAt: Date | null;
}

/**
 * A corrective action: its fields by anyone who may write incidents; its status by staff, its
 * responsible or its creator; its verification by a second person (not the one who completed it).
 */
export const taskPolicy = definePolicy<TTaskAccessed, 'update' | 'changeStatus' | 'verify' | 'delete'>({
  update: (who, row) => holdsOn(who, row, 'ISSUE:WRITE'),
  changeStatus: (who, row) => {
    const allowed = holdsOn(who, row, 'ISSUE:WRITE');
    if (allowed !== true) return allowed;
    return isStaff(who) || row.responsibleId === null || row.responsibleId === who.userId || row.createdBy === who.userId;
  },
  verify: (who, row) => {
    const allowed = holdsOn(who, row, 'ISSUE:WRITE');
    if (allowed !== true) return allowed;
    return row.status === 'complete' && row.verifiedAt === null && row.completedBy !== who.userId;
  },
  delete: (who, row) => holdsOn(who, row, 'ISSUE:DELETE'),
});
