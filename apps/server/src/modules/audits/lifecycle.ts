import { dayOfStored } from '@audit/domain/dates';
import { finishProblems, issueCounts, riskOf, auditScore, type TFinishProblem } from '@audit/domain/audits';
import type { TErrorCode } from '@audit/domain/errors';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { discardStored } from '../files/service.js';
import * as spaces from '../spaces/service.js';
import * as users from '../users/service.js';
import { loadAuditFor, loadRunnable } from './access.js';
import { noticeAssignment } from './assignment-notice.js';
import { assertVisitFromStart, dateRange, rootOf, traceAt } from './create.js';
import { evidenceFilesOf, forgetFiles } from './media-files.js';
import { copyPrevious } from './previous.js';
import { isIncomplete, type TAuditView } from './present.js';
import { auditView, loadAuditTree, sectionsOf } from './read.js';
import * as repo from './repo.js';
import { thenRead } from './service.js';
import { assertInVisitWindow } from './visits.js';
import * as tree from './tree-repo.js';
import type { TTreeRows } from './tree-repo.js';
import type { TAuditHead } from './repo.js';
import { filesHeldByIncidents, openAuditIncidents, supersedeAuditIncidents } from '../incidents/sources.js';

/**
 * The audit's states (product document, section 4): draft -> running (execute) -> finished
 * (finished) -> running (reopen, which erases the run's issues and supersedes their incidents). Each step writes its trace in the same
 * transaction. Each `...In` works inside the caller's transaction (the seed runs them too).
 */

/** Starts a draft; with `usePrevious`, copies the last finished audit's answers, notes and issues. */
export async function executeIn(tx: TDb, caller: TAuth, id: string, usePrevious: boolean) {
  const audit = await loadAuditFor(tx, caller, id, 'start');
  if (isIncomplete(audit)) throw new AppError('auditIncomplete');
  await repo.updateAudit(tx, id, { status: 'running' });
  const copied = usePrevious && audit.previousAuditId ? await copyPrevious(tx, caller, id, audit.previousAuditId) : null;
  await recordTrace(tx, caller, {
    ...traceAt(audit),
    type: 'UPDATE',
    entityId: id,
    payload: { before: { status: audit.status }, after: { status: 'running' }, usePrevious, copied },
  });
  return id;
}

/** The catalogue's code of each finishing problem (domain rule). */
const FINISH_ERRORS = {
  AUD0001: 'unanswered',
  493: 'failedWithoutIssues',
  495: 'issuesWithoutFailure',
  496: 'contactMissing',
  497: 'contactEmailInvalid',
} as const satisfies Record<TFinishProblem['reference'], TErrorCode>;

/**
 * Finishes a running audit when finishProblems (domain) finds nothing: AUD0001, 493, 495 with
 * `fields` = the question ids, then 496, 497. Stores scores, counts, risk and the date.
 */
export async function finishIn(tx: TDb, caller: TAuth, id: string, view: TAuditView) {
  const audit = await loadRunnable(tx, caller, id);
  const { head, rows } = await loadAuditTree(tx, caller, id);
  const sections = sectionsOf(rows, view);
  const problem = finishProblems({ sections });
  if (problem) throw new AppError(FINISH_ERRORS[problem.reference], problem.questions);
  const { totalScore, finalScore, percentage, deductions } = auditScore(sections);
  const counts = issueCounts(sections.flatMap((s) => s.questions.flatMap((q) => q.issues)));
  const stored = { totalScore, finalScore, percentage, deductions, ...counts, recalculatedRisk: riskOf(counts) };
  await repo.updateAudit(tx, id, { status: 'finished', finishedDate: new Date(), ...stored });
  await recordTrace(tx, caller, {
    ...traceAt(audit),
    type: 'UPDATE',
    entityId: id,
    payload: { before: { status: 'running' }, after: { status: 'finished', ...stored } },
  });
  await openIncidentsOf(tx, caller, head, rows);
  return id;
}

/** The audit's issues become incidents followed up in the incidents module (decision 0038). */
function openIncidentsOf(tx: TDb, caller: TAuth, head: TAuditHead, rows: TTreeRows) {
  const audit = head.row;
  return openAuditIncidents(
    tx,
    caller,
    {
      id: audit.id,
      spaceId: audit.spaceId,
      secureSpacePath: audit.secureSpacePath,
      clientId: audit.clientId,
      establishmentId: audit.establishmentId,
      auditorId: audit.auditorId,
      templateId: audit.templateId,
      templateName: audit.templateName,
      auditDate: audit.startDate,
      place: [head.clientName, head.establishmentName].filter(Boolean).join(' › ') || null,
    },
    rows.issues.map((issue) => ({
      id: issue.id,
      questionId: issue.questionId,
      templateIssueId: issue.templateIssueId,
      name: issue.name,
      description: issue.description,
      riskLevel: issue.riskLevel,
      solvedInPlace: issue.solvedInPlace,
      tasks: issue.tasks.filter((t) => t.selected).map((t) => ({ name: t.name })),
      evidences: rows.media.filter((m) => m.issueId === issue.id).map((m) => ({ fileId: m.fileId, observation: m.observation })),
    })),
  );
}

const CLEARED = {
  totalScore: 0,
  finalScore: 0,
  percentage: null,
  deductions: [],
  recalculatedRisk: 'LOW',
  totalIssuesCount: 0,
  totalIssuesResolved: 0,
  highRiskIssuesCount: 0,
  ieIssuesCount: 0,
  mediumIssuesCount: 0,
  lowIssuesCount: 0,
  infraIssuesCount: 0,
};

/**
 * Back to running: the run's issues (the auditor's working copy) are erased, the stored figures
 * cleared and the public link closed. The incidents built from them at the finish are the client's
 * record: they are superseded, not erased, and keep the photos they share with the issues (decision 0063).
 */
export async function reopenIn(ctx: TModuleContext, tx: TDb, caller: TAuth, id: string, discard: { key: string }[] = []) {
  const audit = await loadAuditFor(tx, caller, id, 'reopen');
  const evidenceFiles = await evidenceFilesOf(tx, { auditId: id });
  const held = await filesHeldByIncidents(tx, evidenceFiles);
  discard.push(
    ...(await forgetFiles(
      tx,
      caller,
      evidenceFiles.filter((fileId) => !held.has(fileId)),
    )),
  );
  const superseded = await supersedeAuditIncidents(ctx, tx, caller, id);
  await tree.deleteIssuesOf(tx, id);
  await repo.updateAudit(tx, id, { status: 'running', finishedDate: null, shareEnabled: false, ...CLEARED });
  await recordTrace(tx, caller, {
    ...traceAt(audit),
    type: 'UPDATE',
    entityId: id,
    payload: { before: { status: 'finished' }, after: { status: 'running', issuesErased: true, incidentsSuperseded: superseded } },
  });
  return id;
}

/**
 * The date range may change until the audit is finished, to a first day its establishment's visit
 * window takes (decision 0087: the day read in the space's time zone; VIS0001-3 say why not).
 */
export async function setDateIn(tx: TDb, caller: TAuth, id: string, date: [string, string]) {
  const audit = await loadAuditFor(tx, caller, id, 'update');
  const range = dateRange(date, await spaces.timeZoneOfPath(tx, audit.secureSpacePath));
  assertVisitFromStart(audit.startDate, range.dateFrom);
  await assertInVisitWindow(tx, audit, dayOfStored(range.dateFrom));
  await repo.updateAudit(tx, id, range);
  await recordTrace(tx, caller, {
    ...traceAt(audit),
    type: 'UPDATE',
    entityId: id,
    payload: { before: { date: [audit.dateFrom, audit.dateTo] }, after: { date: [range.dateFrom, range.dateTo] } },
  });
  return id;
}

/**
 * Assigning (planning) an audit: whoever holds AUDIT:WRITE (the office, an administrator) gives a
 * draft to another of the company's verified auditors (400 `auditor` otherwise); the run stays the
 * assigned auditor's (decision 0020 lets an administrator run it too). Once started it keeps its auditor.
 */
export async function assignIn(tx: TDb, caller: TAuth, id: string, auditorId: string, view: TAuditView) {
  const audit = await loadAuditFor(tx, caller, id, 'assign');
  const [auditor] = await users.findAuditors(tx, caller, rootOf(audit.secureSpacePath), auditorId);
  if (!auditor) throw invalidData(['auditor']);
  if (audit.auditorId === auditor._id) return id;
  await repo.updateAudit(tx, id, { auditorId: auditor._id });
  // The cover's auditor field follows the assignment unless someone wrote another name in it.
  const [before] = audit.auditorId ? await users.findAuditors(tx, caller, rootOf(audit.secureSpacePath), audit.auditorId) : [];
  await tree.renameAuditorFields(tx, id, before?.fullName ?? null, auditor.fullName);
  await recordTrace(tx, caller, {
    ...traceAt(audit),
    type: 'UPDATE',
    entityId: id,
    payload: { before: { auditor: audit.auditorId }, after: { auditor: auditor._id } },
  });
  await noticeAssignment(tx, caller, { ...audit, auditorId: auditor._id }, view.auditUrl);
  return id;
}

/** The public link of a finished audit opens and closes here (reports serves it). */
export async function setShareIn(tx: TDb, caller: TAuth, id: string, enabled: boolean, view: TAuditView) {
  const audit = await loadAuditFor(tx, caller, id, 'share');
  if (audit.shareEnabled !== enabled) {
    await repo.updateAudit(tx, id, { shareEnabled: enabled });
    await recordTrace(tx, caller, {
      ...traceAt(audit),
      type: 'UPDATE',
      entityId: id,
      payload: { before: { shareEnabled: audit.shareEnabled }, after: { shareEnabled: enabled } },
    });
  }
  return { enabled, url: enabled ? view.shareUrl(id, audit.language) : null };
}

export const execute = (ctx: TModuleContext, caller: TAuth, id: string, usePrevious: boolean) =>
  thenRead(ctx, caller, (tx) => executeIn(tx, caller, id, usePrevious));
export const finish = (ctx: TModuleContext, caller: TAuth, id: string) => thenRead(ctx, caller, (tx) => finishIn(tx, caller, id, auditView(ctx)));
export async function reopen(ctx: TModuleContext, caller: TAuth, id: string) {
  const discard: { key: string }[] = [];
  const audit = await thenRead(ctx, caller, (tx) => reopenIn(ctx, tx, caller, id, discard));
  await discardStored(ctx, discard).catch(() => undefined);
  return audit;
}
export const setDate = (ctx: TModuleContext, caller: TAuth, id: string, date: [string, string]) =>
  thenRead(ctx, caller, (tx) => setDateIn(tx, caller, id, date));
export const assign = (ctx: TModuleContext, caller: TAuth, id: string, auditorId: string) =>
  thenRead(ctx, caller, (tx) => assignIn(tx, caller, id, auditorId, auditView(ctx)));
export const setShare = (ctx: TModuleContext, caller: TAuth, id: string, enabled: boolean) =>
  scoped(ctx, caller, (tx) => setShareIn(tx, caller, id, enabled, auditView(ctx)));
