import { inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TAuditAction, TAuditCan, TAuditStatus } from '@audit/domain/audits';
import { AppError } from '../../platform/errors.js';
import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holds } from '../../platform/policy.js';

/**
 * Who may do what with an audit (docs/decisions/0020, docs/api/audits.md). Checked in this order,
 * so the answer names the first reason: the permission (452), being the audit's runner (494),
 * then a status that allows the action (AUD0002). A visible audit is found first (404 otherwise),
 * so another tenant's id says nothing.
 */
export const notAssigned = () => new AppError('notAssigned');
export const statusRefused = () => new AppError('statusRefused');

export interface TAuditSubject {
  status: string;
  auditorId: string | null;
}

/** The audit's auditor runs it; an administrator may too (decision 0020: to finish an audit its auditor cannot). */
export const isRunner = (who: TIdentity, audit: TAuditSubject) => who.isAdmin || (audit.auditorId !== null && audit.auditorId === who.userId);

/** What visibility reads of the caller (a request's identity, the public link's reader, a job). */
export type TAuditReader = Pick<TIdentity, 'isAdmin' | 'isAuditor' | 'permissions'>;

/**
 * Who sees an audit before it is finished (decision 0061): the audit company's people, i.e. an
 * administrator, an auditor, or whoever plans or writes audits. Everyone else (a client's USER,
 * worker or manager, wherever their membership) sees the audits made: an audit only in these
 * statuses. Any other is answered as not found, the same answer as another tenant's id.
 */
export const seesUnfinishedAudits = (who: TAuditReader) => who.isAuditor || holds(who, 'AUDIT:WRITE') || holds(who, 'AUDIT:CREATE');
export const CLIENT_AUDIT_STATUSES: readonly TAuditStatus[] = ['finished'];

/** May `who` know this audit exists? (Checked before every other rule: a hidden audit is a 404.) */
export const seesAudit = (who: TAuditReader, audit: Pick<TAuditSubject, 'status'>) =>
  seesUnfinishedAudits(who) || CLIENT_AUDIT_STATUSES.includes(audit.status as TAuditStatus);

/** The same rule as a predicate on an audits query's status column (undefined: no restriction). */
export const visibleAuditStatus = (who: TAuditReader, status: AnyColumn): SQL | undefined =>
  seesUnfinishedAudits(who) ? undefined : inArray(status, [...CLIENT_AUDIT_STATUSES]);

const inStatus = (audit: TAuditSubject, allowed: readonly TAuditStatus[]) => allowed.includes(audit.status as TAuditStatus);

/** A running call: the permission, then the runner, then the status. */
const runs = (allowed: readonly TAuditStatus[]) => (who: TIdentity, audit: TAuditSubject) => {
  if (!holds(who, 'AUDIT:WRITE')) return false;
  if (!isRunner(who, audit)) return notAssigned();
  return inStatus(audit, allowed) || statusRefused();
};
/** A write on the audit's record (not its answers): the permission and a status. */
const edits = (allowed: (status: TAuditStatus) => boolean) => (who: TIdentity, audit: TAuditSubject) => {
  if (!holds(who, 'AUDIT:WRITE')) return false;
  return allowed(audit.status as TAuditStatus) || statusRefused();
};

export const auditPolicy = definePolicy<TAuditSubject, TAuditAction>({
  read: (who, audit) => holds(who, 'AUDIT:READ') && seesAudit(who, audit),
  /** Its date range, until it is finished. */
  update: edits((status) => status !== 'finished'),
  /** Start a draft (execute). */
  start: runs(['draft', 'accepted']),
  /** Answers, issues, notes, photos, fields, sections, questionnaire, finish. */
  run: runs(['running']),
  /** Give it to another auditor, until it is started (planning: the office or an administrator). */
  assign: edits((status) => status === 'draft' || status === 'accepted'),
  /** Back to running, erasing its issues. */
  reopen: edits((status) => status === 'finished'),
  /** Open or close the public report link. */
  share: edits((status) => status === 'finished'),
});

export const auditCan = (who: TIdentity | null, audit: TAuditSubject): TAuditCan => auditPolicy.canAll(who, audit);
