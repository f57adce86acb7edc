import { ne, type AnyColumn, type SQL } from 'drizzle-orm';
import { LAB_ACCESS_OF, type TLabCategory } from '@audit/domain/lab-data';
import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holds, holdsOn } from '../../platform/policy.js';

/**
 * Lab data (decision 0044). Reports: LAB_DATA_VIEW to read, LAB_DATA_WRITE to create, edit and
 * delete (on a row the caller's space owns: 451 for an ancestor's). Lab incidents: LAB_DATA_ISSUES_VIEW
 * and LAB_DATA_ISSUES_WRITE. Both within the user's labDataAccess (empty: every category).
 */
export const withinLabAccess = (who: Pick<TIdentity, 'access'>, category: string) =>
  !who.access.labData.length || who.access.labData.includes(LAB_ACCESS_OF[category as TLabCategory]);

/** What visibility reads of the caller. */
export type TLabReader = Pick<TIdentity, 'isAdmin' | 'isAuditor' | 'permissions'>;

/**
 * Who sees a lab incident while it is DRAFT (decision 0061): the audit company's people, i.e. an
 * administrator, an auditor, or whoever moves lab incidents (LAB_DATA_ISSUES_WRITE, the laboratory).
 * A client's people see it from RUNNING on, once the company opened it; a DRAFT one is answered as
 * not found and counted nowhere.
 */
export const seesDraftLabIncidents = (who: TLabReader) => who.isAuditor || holds(who, 'LAB_DATA_ISSUES_WRITE');
export const seesLabIncident = (who: TLabReader, row: { status: string }) => row.status !== 'DRAFT' || seesDraftLabIncidents(who);
/** The same rule as a predicate on a lab incidents query's status column (undefined: no restriction). */
export const visibleLabIncidentStatus = (who: TLabReader, status: AnyColumn): SQL | undefined => (seesDraftLabIncidents(who) ? undefined : ne(status, 'DRAFT'));

export interface TLabAccessed {
  secureSpacePath: string;
  category: string;
}

export const labReportPolicy = definePolicy<TLabAccessed, 'read' | 'update' | 'delete'>({
  read: (who, row) => holds(who, 'LAB_DATA_VIEW') && withinLabAccess(who, row.category),
  update: (who, row) => (withinLabAccess(who, row.category) ? holdsOn(who, row, 'LAB_DATA_WRITE') : false),
  delete: (who, row) => (withinLabAccess(who, row.category) ? holdsOn(who, row, 'LAB_DATA_WRITE') : false),
});

export const labIncidentPolicy = definePolicy<TLabAccessed, 'read' | 'changeStatus'>({
  read: (who, row) => holds(who, 'LAB_DATA_ISSUES_VIEW') && withinLabAccess(who, row.category),
  changeStatus: (who, row) => (withinLabAccess(who, row.category) ? holdsOn(who, row, 'LAB_DATA_ISSUES_WRITE') : false),
});
