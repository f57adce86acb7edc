import type { TAnswer, TTemplateAnswer } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { addAnswer, removeAnswer, updateAnswer, type TFieldValue, updateContacts, updateCover } from './auditRunApi';
import { patchFields, patchQuestion, questionIndex } from './auditCache';
import { isQueuedWrite } from '../../offline/write';
import { changeOf, pendingId, type TRunner } from './runner';

/**
 * Answers and cover/contact fields. An answer is added when the question has none on the server,
 * updated otherwise, removed when cleared (`null`). The server's answer id is tracked per question
 * outside the cache, because the cache may already show a later optimistic state.
 */
export function createAnswerActions(runner: TRunner) {
  const serverAnswerIds = new Map<string, string | null>();

  /** `key`: the idempotency key a journalled leftover was first sent with (RunContext). */
  function saveAnswer(questionId: string, templateAnswer: TTemplateAnswer | null, key?: string) {
    const audit = runner.read();
    const entry = audit && questionIndex(audit).get(questionId);
    if (!entry) return Promise.resolve(undefined);
    const before = entry.question.answer;
    if (!serverAnswerIds.has(questionId)) serverAnswerIds.set(questionId, before?._id ?? null);
    const draftId = before?._id ?? pendingId();
    const params = { id: runner.auditId };
    const body = { section: entry.section._id, question: questionId, templateAnswer: templateAnswer! };
    // What the tab shows at once is the command's own apply: an add names a new answer by its pending
    // id, an update keeps the answer's id, a removal takes it away (the call sent is chosen in the lane).
    const change = !templateAnswer
      ? before && changeOf(auditCalls.removeAnswer, { ...params, answerId: before._id }, null)
      : before
        ? changeOf(auditCalls.updateAnswer, { ...params, answerId: before._id }, body)
        : changeOf(auditCalls.addAnswer, params, body, { creates: draftId });
    let applied: TAnswer | null = null;
    return runner.run(
      `question:${questionId}`,
      {
        change: change ?? undefined,
        applied: (_, after) => void (applied = questionIndex(after).get(questionId)?.question.answer ?? null),
        call: async (idempotencyKey) => {
          const id = serverAnswerIds.get(questionId);
          // Queued offline, the answer is what this call said it would be: gone, or named by its pending
          // id until the queued add is replayed (later calls of the lane then name it by that id).
          const track = (queuedAs: string | null) => (error: unknown) => {
            if (isQueuedWrite(error)) serverAnswerIds.set(questionId, queuedAs);
            throw error;
          };
          if (!templateAnswer) {
            if (id) await removeAnswer(runner.auditId, id, idempotencyKey).catch(track(null));
            serverAnswerIds.set(questionId, null);
            return null;
          }
          const saved = id
            ? await updateAnswer(runner.auditId, id, body, idempotencyKey)
            : await addAnswer(runner.auditId, body, draftId, idempotencyKey).catch(track(draftId));
          serverAnswerIds.set(questionId, saved._id);
          return saved;
        },
        // Still showing what this call saved: take the server's id, score and failure (same object when nothing differs).
        commit: (a, saved) =>
          patchQuestion(a, questionId, (q) => {
            if (!saved || q.answer !== applied || !applied) return q;
            if (saved._id === applied._id && saved.score === applied.score && saved.failed === applied.failed) return q;
            return { ...q, answer: { ...applied, _id: saved._id, score: saved.score, failed: saved.failed, updatedAt: saved.updatedAt } };
          }),
        rollback: (a) => patchQuestion(a, questionId, (q) => (q.answer === applied ? { ...q, answer: before } : q)),
      },
      { kind: 'answer', questionId, templateAnswer },
      key,
    );
  }

  /** Cover (DATA) or contact (CONTACTS) fields; saved only when the value changed. */
  function saveFields(kind: 'cover' | 'contacts', values: TFieldValue[], key?: string) {
    const audit = runner.read();
    if (!audit) return Promise.resolve(undefined);
    const current = new Map(audit.sections.flatMap((s) => s.fields ?? []).map((f) => [f._id, f.value]));
    const changed = values.filter((v) => (current.get(v._id) ?? null) !== v.value);
    if (!changed.length) return Promise.resolve(undefined);
    const before = changed.map((v) => ({ _id: v._id, value: current.get(v._id) ?? null }));
    return runner.run(
      `fields:${kind}`,
      {
        change: changeOf(
          kind === 'cover' ? auditCalls.updateCover : auditCalls.updateContacts,
          { id: runner.auditId },
          kind === 'cover' ? { coverFields: changed } : { contactFields: changed },
        ),
        call: (idempotencyKey) =>
          kind === 'cover' ? updateCover(runner.auditId, changed, idempotencyKey) : updateContacts(runner.auditId, changed, idempotencyKey),
        // Restores only the fields that still show this call's value (a later edit wins).
        rollback: (a) => {
          const now = new Map(a.sections.flatMap((s) => s.fields ?? []).map((f) => [f._id, f.value]));
          return patchFields(
            a,
            before.filter((b, i) => now.get(b._id) === changed[i]!.value),
          );
        },
      },
      { kind: 'fields', fieldKind: kind, values: changed },
      key,
    );
  }

  return { saveAnswer, saveFields };
}
