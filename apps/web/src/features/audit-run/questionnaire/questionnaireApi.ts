import { queryOptions, useIsMutating, useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { TQuestionnaire } from '@audit/domain/audits';
import { questionnaireCalls } from '@audit/domain/calls/questionnaire';
import { send } from '../../../api/send';
import { isApiError } from '../../../api/errors';
import { AUDITS_QUERY_KEY } from '../auditRunApi';
import { answerOf, withAnswer } from './questionnaireModel';

/**
 * The incident-and-emergency questionnaire's calls (questionnaireCalls, packages/domain/src/calls).
 * Each write answers the whole questionnaire, which replaces the query's data. Online only: these calls
 * are not the run view's offline queue (offline the GET pauses and the entry shows nothing).
 */

/** Under ['audits']: finishing or reopening an audit invalidates it with the rest. */
export const questionnaireQueryKey = (auditId: string) => [...AUDITS_QUERY_KEY, 'questionnaire', auditId] as const;
const mutationKeyOf = (auditId: string) => ['auditRunQuestionnaire', auditId] as const;

/** null when the audit's template had no IE questions (404): there is nothing to answer. */
export async function fetchQuestionnaire(auditId: string): Promise<TQuestionnaire | null> {
  try {
    return await send(questionnaireCalls.get, { params: { auditId } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const saveAnswers = (auditId: string, answers: { _id: string; answer: string | null }[]) =>
  send(questionnaireCalls.saveAnswers, { params: { auditId }, body: { answers } });
/** Sending is refused (400, `fields` = the unanswered question ids) until every question is answered. */
export const setSent = (auditId: string, sent: boolean) => send(questionnaireCalls.setSent, { params: { auditId }, body: { sent } });
export function addImage(auditId: string, questionId: string, file: Blob) {
  const form = new FormData();
  form.append('question', questionId);
  form.append('file', file, 'photo.jpg');
  return send(questionnaireCalls.addImage, { params: { auditId }, body: form });
}

export const questionnaireQueryOptions = (auditId: string) =>
  queryOptions({ queryKey: questionnaireQueryKey(auditId), queryFn: () => fetchQuestionnaire(auditId) });
/** Not asked for when the audit says it has none (GET /audits/{id} carries `questionnaire: null`): no 404 on every open. */
export const useQuestionnaire = (auditId: string, enabled = true) => useQuery({ ...questionnaireQueryOptions(auditId), enabled });

type TWriteOptions<V, C> = UseMutationOptions<TQuestionnaire, Error, V, C>;

/**
 * Shared by every write: one scope, so writes reach the server in the order they were made (an answer
 * saved on blur lands before the Send clicked right after it); the server's questionnaire is taken
 * only from the last pending write, so an earlier answer cannot undo a later optimistic one.
 */
function writeOptions<V, C>(client: QueryClient, auditId: string, mutationFn: (variables: V) => Promise<TQuestionnaire>): TWriteOptions<V, C> {
  const key = questionnaireQueryKey(auditId);
  return {
    mutationKey: mutationKeyOf(auditId),
    scope: { id: `auditRunQuestionnaire:${auditId}` },
    mutationFn,
    onSuccess: (questionnaire) => {
      if (client.isMutating({ mutationKey: mutationKeyOf(auditId) }) <= 1) client.setQueryData(key, questionnaire);
    },
  };
}

export type TAnswerChange = { questionId: string; answer: string | null };

/** One answer, shown at once and put back (that answer only) if the server refuses it. */
export function saveAnswerOptions(client: QueryClient, auditId: string): TWriteOptions<TAnswerChange, { previous: string | null }> {
  const key = questionnaireQueryKey(auditId);
  const patch = (questionId: string, answer: string | null) =>
    client.setQueryData<TQuestionnaire | null>(key, (old) => (old ? withAnswer(old, questionId, answer) : old));
  return {
    ...writeOptions(client, auditId, ({ questionId, answer }: TAnswerChange) => saveAnswers(auditId, [{ _id: questionId, answer }])),
    onMutate: async ({ questionId, answer }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = answerOf(client.getQueryData<TQuestionnaire | null>(key), questionId);
      patch(questionId, answer);
      return { previous };
    },
    onError: (_error, { questionId }, context) => {
      if (context) patch(questionId, context.previous);
    },
  };
}

export const useSaveAnswer = (auditId: string) => useMutation(saveAnswerOptions(useQueryClient(), auditId));
export const useSetSent = (auditId: string) => useMutation(writeOptions<boolean, unknown>(useQueryClient(), auditId, (sent) => setSent(auditId, sent)));
export const useAddImage = (auditId: string) =>
  useMutation(
    writeOptions<{ questionId: string; file: Blob }, unknown>(useQueryClient(), auditId, ({ questionId, file }) => addImage(auditId, questionId, file)),
  );
/** Whether a write is on its way (the dialog's saving state). */
export const useQuestionnaireSaving = (auditId: string) => useIsMutating({ mutationKey: mutationKeyOf(auditId) }) > 0;
