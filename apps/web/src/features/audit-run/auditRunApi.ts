import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TAnswer, TAnswerInput, TAudit, TAuditField, TAuditIssue, TAuditSection, TEvidence, TIssuesTasksChange, TNoteImage } from '@audit/domain/audits';
import { AUDITS_QUERY_KEY } from '../../api/queryKeys';
import { isSignedIn } from '../../session/storage';
import { loadResource } from '../../offline/loadResource';
import type { TMultipartData, TWriteMethod } from '../../offline/records';
import { offlineWrite, onlineWrite } from '../../offline/write';
import { auditResource, fetchAudit } from './offline/auditResource';

/**
 * The audit run view's calls (docs/api/audits.md). The audit is one query; every change is
 * patched into that query's data by runActions.ts, so no call here invalidates it.
 */
const BASE = '/ms-core/api/audits';
export { AUDITS_QUERY_KEY };
export const auditRunQueryKey = (id: string) => [...AUDITS_QUERY_KEY, 'run', id] as const;

export { fetchAudit };
// The run view is the only writer of this audit while it is open: a background refetch would race
// the optimistic answers, so the data never goes stale while the page is open, and is dropped when it is left (gcTime 0):
// coming back loads it again.
// No structural sharing: the run view's updates keep unchanged objects themselves, and its
// optimistic steps recognise their own objects by identity, which a deep-merging copy would break.
// Offline (or with changes of it still queued) the audit is this device's copy with the queued changes
// (src/offline/loadResource.ts), so the query runs whatever the network (networkMode always) instead of waiting for it.
export const auditRunQueryOptions = (id: string) =>
  queryOptions({
    queryKey: auditRunQueryKey(id),
    queryFn: () => loadResource<TAudit>(auditResource(id)),
    staleTime: Infinity,
    gcTime: 0,
    structuralSharing: false,
    networkMode: 'always',
  });

/**
 * Route loader: starts loading the audit while the page's code and the session load; kept a few
 * seconds for the page to pick up. (Offline, the shell's user comes from session/offlineCopy.ts.)
 */
export function prefetchAuditRun(queryClient: QueryClient, id: string) {
  if (!id || !isSignedIn()) return null;
  void queryClient.prefetchQuery({ ...auditRunQueryOptions(id), gcTime: 5000 });
  return null;
}

// ---- answers
// Every write below goes through runWrite (src/offline/write.ts): an Idempotency-Key, and the offline
// queue when the server cannot be reached. `creates` is the pending id a create's answer names.
export interface TRunWrite {
  auditId: string;
  method: TWriteMethod;
  url: string;
  body?: unknown;
  multipart?: TMultipartData;
  creates?: string;
  /** The idempotency key of a journalled change (runner.ts); else a new one. */
  key?: string;
}
export const runWrite = <R>({ auditId, ...write }: TRunWrite) => offlineWrite<R>({ resource: auditResource(auditId), ...write });

export const addAnswer = (id: string, body: TAnswerInput, creates?: string, key?: string) =>
  runWrite<TAnswer>({ auditId: id, method: 'POST', url: `${BASE}/${id}/answer/add`, body, creates, key });
export const updateAnswer = (id: string, answerId: string, body: TAnswerInput, key?: string) =>
  runWrite<TAnswer>({ auditId: id, method: 'PATCH', url: `${BASE}/${id}/answer/${answerId}/update`, body, key });
export const removeAnswer = (id: string, answerId: string, key?: string) =>
  runWrite<null>({ auditId: id, method: 'DELETE', url: `${BASE}/${id}/answer/${answerId}/remove`, key });

// ---- cover and contacts
export type TFieldValue = { _id: string; value: string | null };
export const updateCover = (id: string, coverFields: TFieldValue[], key?: string) =>
  runWrite<TAuditField[]>({ auditId: id, method: 'POST', url: `${BASE}/${id}/cover/update`, body: { coverFields }, key });
export const updateContacts = (id: string, contactFields: TFieldValue[], key?: string) =>
  runWrite<TAuditField[]>({ auditId: id, method: 'POST', url: `${BASE}/${id}/contact-field/update`, body: { contactFields }, key });

// ---- per question: issues, tasks, evidences, notes
export interface TQuestionRef {
  auditId: string;
  sectionId: string;
  questionId: string;
}
const questionPath = (q: TQuestionRef) => `${BASE}/${q.auditId}/sections/${q.sectionId}/questions/${q.questionId}`;
const questionWrite = <R>(
  q: TQuestionRef,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  extra: { body?: unknown; multipart?: TMultipartData; creates?: string; key?: string } = {},
) => runWrite<R>({ auditId: q.auditId, method, url: `${questionPath(q)}${path}`, ...extra });

/** The issues-and-tasks body (packages/domain/src/audits.ts). */
export type { TIssuesTasksChange };
export const changeIssuesTasks = (q: TQuestionRef, body: TIssuesTasksChange) => questionWrite<TAuditIssue[]>(q, 'PATCH', '/issues-tasks', { body });
export const updateIssueName = (q: TQuestionRef, issue: string, name: string) =>
  questionWrite<TAuditIssue>(q, 'PATCH', '/update-issue-name', { body: { issue, name } });
export const updateIssueDescription = (q: TQuestionRef, issue: string, description: string | null) =>
  questionWrite<TAuditIssue>(q, 'PATCH', '/update-issue-description', { body: { issue, description } });
export const setSolvedInPlace = (q: TQuestionRef, issue: string, solvedInPlace: boolean) =>
  questionWrite<TAuditIssue>(q, 'PATCH', '/solved-in-place', { body: { issue, solvedInPlace } });

export const addEvidence = (q: TQuestionRef, issue: string, file: Blob, creates?: string) =>
  questionWrite<TEvidence>(q, 'POST', '/evidences', { multipart: { fields: { issue }, file }, creates });
export const removeEvidence = (q: TQuestionRef, evidenceId: string) => questionWrite<null>(q, 'DELETE', `/evidences/${evidenceId}`);
export const updateNote = (q: TQuestionRef, note: string | null, key?: string) =>
  questionWrite<{ note: string | null }>(q, 'PATCH', '/note', { body: { note }, key });
export const addNoteImage = (q: TQuestionRef, file: Blob, creates?: string) =>
  questionWrite<TNoteImage>(q, 'POST', '/note-images', { multipart: { fields: {}, file }, creates });
export const removeNoteImage = (q: TQuestionRef, imageId: string) => questionWrite<null>(q, 'DELETE', `/note-images/${imageId}`);
/** A reading place's new name, in this audit's copy of the question (queued offline like the other question writes). */
export const renamePlace = (q: TQuestionRef, placeId: string, place: string) =>
  questionWrite<{ _id: string; place: string; label: string | null }>(q, 'PATCH', `/places-measure/${placeId}`, { body: { place } });

// ---- sections and lifecycle
// Online only (never queued), with an idempotency key all the same; the device's copy learns what they did.
export const duplicateSection = (id: string, sectionId: string) =>
  onlineWrite<TAuditSection>(auditResource(id), 'POST', `${BASE}/${id}/sections/${sectionId}/duplicate`);
export const removeSection = (id: string, sectionId: string) => onlineWrite<null>(auditResource(id), 'DELETE', `${BASE}/${id}/sections/${sectionId}/remove`);
export const finishAudit = (id: string) => onlineWrite<TAudit>(auditResource(id), 'PATCH', `${BASE}/${id}/finished`);
