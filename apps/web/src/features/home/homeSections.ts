import { hasPermissions, type TPermission } from '@audit/domain/permissions';
import { isOpenStatus, statusesOf } from '@audit/domain/incidents';
import { auditsListHref, auditsListPath, incidentsListHref, labIncidentsListHref, tasksListHref } from '../../manifest/listLinks';

/** What a home shows, each a short list of what needs attention today (decision 0080). */
export type THomeSectionKey = 'summary' | 'auditsToRun' | 'finishedAudits' | 'pendingRegisters' | 'openIncidents' | 'overdueTasks' | 'labOutOfLimits';
export type THomeKind = 'auditor' | 'client';

export interface THomeUser {
  isAdmin: boolean;
  isAuditor: boolean;
  permissions: string[];
}

export interface THomeSection {
  key: THomeSectionKey;
  /** The full list with the same filter ("see all"). */
  seeAll: string;
}

/** The latest this many of each section. */
export const HOME_ITEMS = 8;

/** The audits still to be made: planned (draft, accepted) or in progress. */
export const AUDITS_TO_RUN = ['draft', 'accepted', 'running'] as const;
/** Audit incidents not closed (resolved, solved in place, superseded are closed). */
export const OPEN_INCIDENT_STATUSES = statusesOf('audits').filter(isOpenStatus);
/** Incidents counted as high risk (the audit's own counters: high, IE and P1). */
export const HIGH_RISKS = ['high', 'IE', 'P1'] as const;
/** A lab result out of limits opens a lab incident; these are the ones not solved. */
export const OPEN_LAB_STATUSES = ['DRAFT', 'RUNNING'] as const;
/** Where a client's pending registers live, one list per area: the first the user may open is "see all". */
const CLIENT_REGISTER_LISTS = ['/client-registers/kitchen', '/client-registers/pool', '/client-registers/legionella', '/client-registers/others'];

export const INCIDENTS_LIST = '/incidents/list/audits';
export const openIncidentsLink = () => incidentsListHref({ status: OPEN_INCIDENT_STATUSES });
export const highRiskIncidentsLink = () => incidentsListHref({ riskLevel: [...HIGH_RISKS] });
export const clientAuditsList = '/client-audits/audits';

const holds = (user: THomeUser, ...required: TPermission[]) => user.isAdmin || hasPermissions(user.permissions, required);

/** Whoever fills the registers (kitchen staff: REGISTER:WRITE, no dashboard) sees them first. */
const fillsRegisters = (user: THomeUser) => !user.isAdmin && holds(user, 'REGISTER:WRITE') && !holds(user, 'ANALYTICS:READ');

/**
 * The sections of a home the user may see, in order: each needs the permission its list call
 * requires and a "see all" screen the user may open (`canOpen`: the sidebar's own rule).
 */
export function homeSections(kind: THomeKind, user: THomeUser, canOpen: (path: string) => boolean): THomeSection[] {
  const out: THomeSection[] = [];
  const add = (key: THomeSectionKey, seeAll: string | undefined, ...required: TPermission[]) => {
    if (seeAll && holds(user, ...required) && canOpen(seeAll.split('?')[0]!)) out.push({ key, seeAll });
  };
  const auditsList = auditsListPath(kind);
  const registersList = kind === 'auditor' ? '/registers/inspection' : CLIENT_REGISTER_LISTS.find(canOpen);
  const registers = () => add('pendingRegisters', registersList, 'REGISTER:READ');

  if (kind === 'client' && fillsRegisters(user)) registers();
  if (kind === 'client') add('summary', '/analytics/client', 'ANALYTICS:READ');
  if (kind === 'auditor') add('auditsToRun', auditsListHref(kind, { status: [...AUDITS_TO_RUN] }), 'AUDIT:READ');
  add('finishedAudits', kind === 'auditor' ? auditsListHref(kind, { status: ['finished'] }) : auditsList, 'AUDIT:READ');
  add('openIncidents', openIncidentsLink(), 'ISSUE:READ');
  add('overdueTasks', tasksListHref('overdue'), 'ISSUE:READ');
  if (!(kind === 'client' && fillsRegisters(user))) registers();
  add('labOutOfLimits', labIncidentsListHref({ status: OPEN_LAB_STATUSES }), 'LAB_DATA_ISSUES_VIEW');
  return out;
}
