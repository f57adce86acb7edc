import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TAnswerInput, TAudit, TIssuesTasksChange } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import type { TCall, TCallParams } from '@audit/domain/calls/define';
import { AUDITS_QUERY_KEY, startedAuditQueryKey } from '../../api/queryKeys';
import { isSignedIn } from '../../session/storage';
import { loadResource, type TServerAnswer } from '../../offline/loadResource';
import type { TMultipartData, TWriteMethod } from '../../offline/records';
import { offlineWrite, onlineWrite, type TOfflineWrite } from '../../offline/write';
import { whenWritesSettled } from '../../offline/writesInFlight';
import { auditResource, fetchAudit } from './offline/auditResource';

/**
 * The audit run view's calls (auditCalls, packages/domain/src/calls/audits.ts). The audit is one
 * query; every change is patched into that query's data by runActions.ts, so no call here invalidates it.
 */
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
    // The first load shows this device's copy, when it has one, without waiting for the server (the
    // page takes the server's answer when it comes: AuditRunPage's useServerAfterCopy, decision 0109).
    queryFn: ({ client }) =>
      loadResource<TAudit>(auditResource(id), takeStartedAudit(client, id), { deviceFirst: client.getQueryData(auditRunQueryKey(id)) === undefined }),
    staleTime: Infinity,
    gcTime: 0,
    structuralSharing: false,
    networkMode: 'always',
  });

/** How long the answer of an audit's start stands for the run view opened after it. */
const STARTED_FRESH_MS = 30_000;

/**
 * The audit as its start answered it (its preview, features/audits, put it under
 * startedAuditQueryKey): taken once, so the run view opens without reading the audit again;
 * every later load asks the server.
 */
export function takeStartedAudit(client: QueryClient, id: string): TServerAnswer<TAudit> | undefined {
  const key = startedAuditQueryKey(id);
  const state = client.getQueryState<TAudit>(key);
  if (!state) return undefined;
  client.removeQueries({ queryKey: key, exact: true });
  return state.data && Date.now() - state.dataUpdatedAt < STARTED_FRESH_MS ? { data: state.data, at: state.dataUpdatedAt } : undefined;
}

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
// Every write below goes through the offline layer (src/offline/write.ts): an Idempotency-Key, and
// the offline queue when the server cannot be reached, where it waits as a command (the call by
// name, its parameters and body). `creates` is the pending id a create's answer names.
type TWriteCall = TCall & { method: TWriteMethod };
/** A write of the run view: the call, its parameters and body (typed from the call), sent or queued; its answer the call's response. */
export const runWrite = <C extends TWriteCall>(auditId: string, call: C, write: Omit<TOfflineWrite<C>, 'resource'>) =>
  offlineWrite(call, { ...write, resource: auditResource(auditId) } as TOfflineWrite<C>);

type TWriteExtra = { body?: unknown; multipart?: TMultipartData; creates?: string; key?: string };
const callWrite = <C extends TWriteCall>(call: C, params: TCallParams<C>, auditId: string, extra: TWriteExtra = {}) =>
  runWrite(auditId, call, { params, ...extra } as Omit<TOfflineWrite<C>, 'resource'>);

export const addAnswer = (id: string, body: TAnswerInput, creates?: string, key?: string) =>
  callWrite(auditCalls.addAnswer, { id }, id, { body, creates, key });
export const updateAnswer = (id: string, answerId: string, body: TAnswerInput, key?: string) =>
  callWrite(auditCalls.updateAnswer, { id, answerId }, id, { body, key });
export const removeAnswer = (id: string, answerId: string, key?: string) => callWrite(auditCalls.removeAnswer, { id, answerId }, id, { key });

// ---- cover and contacts
export type TFieldValue = { _id: string; value: string | null };
export const updateCover = (id: string, coverFields: TFieldValue[], key?: string) =>
  callWrite(auditCalls.updateCover, { id }, id, { body: { coverFields }, key });
export const updateContacts = (id: string, contactFields: TFieldValue[], key?: string) =>
  callWrite(auditCalls.updateContacts, { id }, id, { body: { contactFields }, key });

// ---- per question: issues, tasks, evidences, notes
export interface TQuestionRef {
  auditId: string;
  sectionId: string;
  questionId: string;
}
const questionParams = (q: TQuestionRef) => ({ id: q.auditId, sectionId: q.sectionId, questionId: q.questionId });

/** The issues-and-tasks body (packages/domain/src/audits.ts). */
export type { TIssuesTasksChange };
export const changeIssuesTasks = (q: TQuestionRef, body: TIssuesTasksChange) => callWrite(auditCalls.changeIssuesTasks, questionParams(q), q.auditId, { body });
export const updateIssueName = (q: TQuestionRef, issue: string, name: string) =>
  callWrite(auditCalls.updateIssueName, questionParams(q), q.auditId, { body: { issue, name } });
export const updateIssueDescription = (q: TQuestionRef, issue: string, description: string | null) =>
  callWrite(auditCalls.updateIssueDescription, questionParams(q), q.auditId, { body: { issue, description } });
export const setSolvedInPlace = (q: TQuestionRef, issue: string, solvedInPlace: boolean) =>
  callWrite(auditCalls.setSolvedInPlace, questionParams(q), q.auditId, { body: { issue, solvedInPlace } });

export const addEvidence = (q: TQuestionRef, issue: string, file: Blob, creates?: string) =>
  callWrite(auditCalls.addEvidence, questionParams(q), q.auditId, { multipart: { fields: { issue }, file }, creates });
export const removeEvidence = (q: TQuestionRef, evidenceId: string) => callWrite(auditCalls.removeEvidence, { ...questionParams(q), evidenceId }, q.auditId);
export const updateNote = (q: TQuestionRef, note: string | null, key?: string) =>
  callWrite(auditCalls.setNote, questionParams(q), q.auditId, { body: { note }, key });
export const addNoteImage = (q: TQuestionRef, file: Blob, creates?: string) =>
  callWrite(auditCalls.addNoteImage, questionParams(q), q.auditId, { multipart: { fields: {}, file }, creates });
export const removeNoteImage = (q: TQuestionRef, imageId: string) => callWrite(auditCalls.removeNoteImage, { ...questionParams(q), imageId }, q.auditId);
/** A reading place's new name, in this audit's copy of the question (queued offline like the other question writes). */
export const renamePlace = (q: TQuestionRef, placeId: string, place: string) =>
  callWrite(auditCalls.renamePlace, { ...questionParams(q), placeId }, q.auditId, { body: { place } });

// ---- sections and lifecycle
// Online only (never queued), with an idempotency key all the same; the device's copy learns what they did.
const callOnline = <C extends TWriteCall>(call: C, params: TCallParams<C>, auditId: string) => onlineWrite(auditResource(auditId), call, params);
export const duplicateSection = (id: string, sectionId: string) => callOnline(auditCalls.duplicateSection, { id, sectionId }, id);
export const removeSection = (id: string, sectionId: string) => callOnline(auditCalls.removeSection, { id, sectionId }, id);
/**
 * Sent once the run's writes already started are answered: a tap's request leaves after its frame
 * (runner.ts), and the finish must not overtake it; one of them that went to the queue meanwhile
 * makes onlineWrite refuse it (the button stays enabled while a tap saves: decision 0120).
 */
export const finishAudit = async (id: string) => {
  await whenWritesSettled(auditResource(id));
  return callOnline(auditCalls.finish, { id }, id);
};
