import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TAnswer, TAnswerInput, TAudit, TAuditField, TAuditIssue, TAuditSection, TEvidence, TNoteImage } from '@audit/domain/audits';
import { request } from '../../api/client';
import { isSignedIn } from '../../session/storage';

/**
 * The audit run view's calls (docs/api/audits.md). The audit is one query; every change is
 * patched into that query's data by runActions.ts, so no call here invalidates it.
 */
const BASE = '/ms-core/api/audits';
/** Prefix shared with the audits list (features/audits): finishing invalidates everything under it. */
export const AUDITS_QUERY_KEY = ['audits'] as const;
export const auditRunQueryKey = (id: string) => [...AUDITS_QUERY_KEY, 'run', id] as const;

export const fetchAudit = (id: string) => request<TAudit>(`${BASE}/${id}`);
// The run view is the only writer of this audit while it is open: a background refetch would race
// the optimistic answers, so the data never goes stale while the page is open, and is dropped when it is left (gcTime 0):
// coming back loads it again.
// No structural sharing: the run view's updates keep unchanged objects themselves, and its
// optimistic steps recognise their own objects by identity, which a deep-merging copy would break.
export const auditRunQueryOptions = (id: string) =>
  queryOptions({ queryKey: auditRunQueryKey(id), queryFn: () => fetchAudit(id), staleTime: Infinity, gcTime: 0, structuralSharing: false });

/** Route loader: starts loading the audit while the page's code and the session load; kept a few seconds for the page to pick up. */
export function prefetchAuditRun(queryClient: QueryClient, id: string) {
  if (id && isSignedIn()) void queryClient.prefetchQuery({ ...auditRunQueryOptions(id), gcTime: 5000 });
  return null;
}

// ---- answers
export const addAnswer = (id: string, body: TAnswerInput) => request<TAnswer>(`${BASE}/${id}/answer/add`, { method: 'POST', body });
export const updateAnswer = (id: string, answerId: string, body: TAnswerInput) =>
  request<TAnswer>(`${BASE}/${id}/answer/${answerId}/update`, { method: 'PATCH', body });
export const removeAnswer = (id: string, answerId: string) => request<null>(`${BASE}/${id}/answer/${answerId}/remove`, { method: 'DELETE' });

// ---- cover and contacts
export type TFieldValue = { _id: string; value: string | null };
export const updateCover = (id: string, coverFields: TFieldValue[]) => request<TAuditField[]>(`${BASE}/${id}/cover/update`, { method: 'POST', body: { coverFields } });
export const updateContacts = (id: string, contactFields: TFieldValue[]) =>
  request<TAuditField[]>(`${BASE}/${id}/contact-field/update`, { method: 'POST', body: { contactFields } });

// ---- per question: issues, tasks, evidences, notes
export interface TQuestionRef { auditId: string; sectionId: string; questionId: string }
const questionPath = (q: TQuestionRef) => `${BASE}/${q.auditId}/sections/${q.sectionId}/questions/${q.questionId}`;

export interface TIssuesTasksChange {
  issuesToAdd: string[];
  issuesToRemove: string[];
  tasksToAdd: { issue: string; task: string }[];
  tasksToRemove: { issue: string; task: string }[];
}
export const changeIssuesTasks = (q: TQuestionRef, body: TIssuesTasksChange) => request<TAuditIssue[]>(`${questionPath(q)}/issues-tasks`, { method: 'PATCH', body });
export const updateIssueName = (q: TQuestionRef, issue: string, name: string) =>
  request<TAuditIssue>(`${questionPath(q)}/update-issue-name`, { method: 'PATCH', body: { issue, name } });
export const updateIssueDescription = (q: TQuestionRef, issue: string, description: string | null) =>
  request<TAuditIssue>(`${questionPath(q)}/update-issue-description`, { method: 'PATCH', body: { issue, description } });
export const setSolvedInPlace = (q: TQuestionRef, issue: string, solvedInPlace: boolean) =>
  request<TAuditIssue>(`${questionPath(q)}/solved-in-place`, { method: 'PATCH', body: { issue, solvedInPlace } });

const multipart = (file: Blob, fields: Record<string, string> = {}) => {
  const form = new FormData();
  Object.entries(fields).forEach(([key, value]) => form.append(key, value));
  form.append('file', file, 'image.jpg');
  return form;
};
export const addEvidence = (q: TQuestionRef, issue: string, file: Blob) =>
  request<TEvidence>(`${questionPath(q)}/evidences`, { method: 'POST', body: multipart(file, { issue }) });
export const removeEvidence = (q: TQuestionRef, evidenceId: string) => request<null>(`${questionPath(q)}/evidences/${evidenceId}`, { method: 'DELETE' });
export const updateNote = (q: TQuestionRef, note: string | null) => request<{ note: string | null }>(`${questionPath(q)}/note`, { method: 'PATCH', body: { note } });
export const addNoteImage = (q: TQuestionRef, file: Blob) => request<TNoteImage>(`${questionPath(q)}/note-images`, { method: 'POST', body: multipart(file) });
export const removeNoteImage = (q: TQuestionRef, imageId: string) => request<null>(`${questionPath(q)}/note-images/${imageId}`, { method: 'DELETE' });

// ---- sections and lifecycle
export const duplicateSection = (id: string, sectionId: string) => request<TAuditSection>(`${BASE}/${id}/sections/${sectionId}/duplicate`, { method: 'POST' });
export const removeSection = (id: string, sectionId: string) => request<null>(`${BASE}/${id}/sections/${sectionId}/remove`, { method: 'DELETE' });
export const finishAudit = (id: string) => request<TAudit>(`${BASE}/${id}/finished`, { method: 'PATCH' });
