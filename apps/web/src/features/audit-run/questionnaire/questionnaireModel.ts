import type { TQuestionnaire, TQuestionnaireAnswer } from '@audit/domain/audits';
import { isApiError } from '../../../api/errors';

/** The incident-and-emergency questionnaire's rules, kept out of the components (questionnaireModel.test.ts). */

export interface TQuestionnaireGroup {
  title: string;
  questions: TQuestionnaireAnswer[];
}

/** Questions under their section titles, in the order the server gives them (the template's). */
export function groupBySection(answers: readonly TQuestionnaireAnswer[]): TQuestionnaireGroup[] {
  const groups = new Map<string, TQuestionnaireAnswer[]>();
  for (const qa of answers) groups.set(qa.sectionTitle, [...(groups.get(qa.sectionTitle) ?? []), qa]);
  return [...groups].map(([title, questions]) => ({ title, questions }));
}

/** Blank counts as unanswered, as the server sees it when sending. */
export const isAnswered = (qa: Pick<TQuestionnaireAnswer, 'answer'>) => Boolean(qa.answer?.trim());

/** What is stored for a typed text: trimmed, and blank is no answer (null). */
export const normaliseAnswer = (text: string): string | null => text.trim() || null;

export function withAnswer(questionnaire: TQuestionnaire, questionId: string, answer: string | null): TQuestionnaire {
  return { ...questionnaire, questionsAnswers: questionnaire.questionsAnswers.map((qa) => (qa._id === questionId ? { ...qa, answer } : qa)) };
}

export const answerOf = (questionnaire: TQuestionnaire | null | undefined, questionId: string) =>
  questionnaire?.questionsAnswers.find((qa) => qa._id === questionId)?.answer ?? null;

/** The question ids a refused send names (400 with `fields`), limited to this questionnaire's questions. */
export function refusedQuestionIds(error: unknown, questionnaire: TQuestionnaire): string[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const known = new Set(questionnaire.questionsAnswers.map((qa) => qa._id));
  return error.fields.filter((id) => known.has(id));
}

/** Highlighted: named by the last refused send and still unanswered (answering one clears its mark). */
export function stillMissing(refused: readonly string[], questionnaire: TQuestionnaire): string[] {
  const open = new Set(questionnaire.questionsAnswers.filter((qa) => !isAnswered(qa)).map((qa) => qa._id));
  return refused.filter((id) => open.has(id));
}
