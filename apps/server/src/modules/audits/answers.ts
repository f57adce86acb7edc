import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { evaluateAnswer, ZAnswerOfQuestion, type TAnswerInput } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { JSON_CONTENT_TYPE, replayStored, sendStored, storeResponseIn } from '../../platform/idempotency/keys.js';
import { loadRunnable, loadRunnableQuestion } from './access.js';
import { rememberQuestion, trySaveAnswerFast, trySaveAnswerKeyed } from './answer-fast.js';
import { answerProblems, readingsOutOfRange } from './answer-rules.js';
import { presentAnswer } from './present.js';
import { auditAnswers } from './tables.js';

/**
 * Saving an answer is the hot path (many per second per audit, replayed after offline work): once
 * the server knows the question, one checked upsert (answer-fast.ts); otherwise, or when that
 * upsert's checks fail, one read (access.loadRunnableQuestion: status, auditor, question, answer,
 * which names the error) and one upsert on the unique question_id, in one transaction. The audit row is never written here (no hot-row lock);
 * GET and check-score compute the scores, finishing stores them. Answers carry their author and
 * time instead of a trace row each.
 */
export async function saveAnswerIn(tx: TDb, caller: TAuth, auditId: string, input: TAnswerInput, answerId?: string) {
  const fast = await trySaveAnswerFast(tx, caller, auditId, input, answerId);
  if (fast) return presentAnswer(fast);
  const { audit, question, answerQuestion } = await loadRunnableQuestion(tx, caller, auditId, input.section, input.question, answerId);
  rememberQuestion(question.id, question);
  if (answerId && !answerQuestion) throw notFound();
  if (answerId && answerQuestion !== question.id) throw invalidData(['question']);
  const problems = answerProblems(question, input.templateAnswer);
  if (problems.length) throw invalidData(problems);
  const outOfRange = readingsOutOfRange(question, input.templateAnswer);
  if (outOfRange.length) throw new AppError('outOfRange', outOfRange);
  const { score, failed } = evaluateAnswer({ type: question.type, select: question.config.select ?? null }, input.templateAnswer);
  const values = { templateAnswer: input.templateAnswer, score, failed, sectionId: question.sectionId, authorId: caller.userId };
  // A replayed or concurrent add of the same question updates the one answer instead of adding a second.
  const [row] = await tx
    .insert(auditAnswers)
    .values({ auditId: audit.id, spaceId: audit.spaceId, secureSpacePath: audit.secureSpacePath, questionId: question.id, ...values })
    .onConflictDoUpdate({ target: auditAnswers.questionId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return presentAnswer(row!);
}

/**
 * Without an Idempotency-Key (whose record must share the write's transaction), a known question's
 * answer is one call of its own (audit_answer_fast scopes itself): one round trip. With a key (the
 * run view always sends one), audit_answer_keyed claims it, saves and stores the response in that
 * one call, or answers with the key's first response (decision 0027). Otherwise, or when it writes
 * nothing, the key is looked up as for any write and the scoped transaction names the error.
 */
async function saveAnswer(ctx: TModuleContext, http: THttp, caller: TAuth, auditId: string, input: TAnswerInput, answerId?: string) {
  const key = caller.idempotency;
  if (!key) {
    const fast = await trySaveAnswerFast(ctx.db, caller, auditId, input, answerId);
    if (fast) return presentAnswer(fast);
  } else if (key.deferred) {
    key.deferred = false;
    const keyed = await trySaveAnswerKeyed(ctx.db, caller, key, auditId, input, answerId);
    if (keyed?.outcome === 'saved') return http.reply.code(200).type(keyed.contentType!).send(keyed.body);
    if (keyed) return sendStored(http.request, http.reply, keyed);
    if (await replayStored(ctx.db, http.request, http.reply, key.key)) return http.reply;
  }
  if (!key) return scoped(ctx, caller, (tx) => saveAnswerIn(tx, caller, auditId, input, answerId));
  // Keyed: the response is stored with the key and the answer, in their one transaction, and sent as stored.
  const body = await scoped(ctx, caller, async (tx) => {
    const text = JSON.stringify(ZAnswerOfQuestion.parse(await saveAnswerIn(tx, caller, auditId, input, answerId)));
    await storeResponseIn(tx, caller, 200, text);
    return text;
  });
  return http.reply.code(200).type(JSON_CONTENT_TYPE).send(body);
}

type THttp = { request: FastifyRequest; reply: FastifyReply };

export const addAnswer = (ctx: TModuleContext, http: THttp, caller: TAuth, auditId: string, input: TAnswerInput) =>
  saveAnswer(ctx, http, caller, auditId, input);

export const updateAnswer = (ctx: TModuleContext, http: THttp, caller: TAuth, auditId: string, answerId: string, input: TAnswerInput) =>
  saveAnswer(ctx, http, caller, auditId, input, answerId);

export async function removeAnswer(ctx: TModuleContext, caller: TAuth, auditId: string, answerId: string) {
  await scoped(ctx, caller, async (tx) => {
    await loadRunnable(tx, caller, auditId);
    const removed = await tx
      .delete(auditAnswers)
      .where(and(eq(auditAnswers.id, answerId), eq(auditAnswers.auditId, auditId)))
      .returning({ id: auditAnswers.id });
    if (!removed.length) throw notFound();
  });
}
