import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { discardStored, recordFile, storeImage } from '../files/service.js';
import type { TUpload } from '../../platform/multipart.js';
import { loadAudit, loadRunnable } from './access.js';
import { traceAt } from './create.js';
import { presentQuestionnaire, type TAuditView } from './present.js';
import { auditView } from './read.js';
import * as tree from './tree-repo.js';

/**
 * The incident-and-emergency questionnaire of an audit (copied from the template's IE sections).
 * The auditor answers it while running; sending it needs every answer (product document, section 5).
 */
async function loadQuestionnaire(tx: TDb, auditId: string) {
  const row = await tree.findQuestionnaire(tx, auditId);
  if (!row) throw notFound();
  return row;
}

export async function getQuestionnaire(ctx: TModuleContext, caller: TAuth, auditId: string) {
  return scoped(ctx, caller, async (tx) => {
    await loadAudit(tx, caller, auditId);
    return presentQuestionnaire(await loadQuestionnaire(tx, auditId), auditView(ctx))!;
  });
}

export async function saveAnswersIn(tx: TDb, caller: TAuth, auditId: string, answers: { _id: string; answer: string | null }[], view: TAuditView) {
  await loadRunnable(tx, caller, auditId);
  const row = await loadQuestionnaire(tx, auditId);
  const byId = new Map(answers.map((a) => [a._id, a.answer]));
  const unknown = [...byId.keys()].filter((id) => !row.questionsAnswers.some((qa) => qa._id === id));
  if (unknown.length) throw invalidData(['answers']);
  const questionsAnswers = row.questionsAnswers.map((qa) => (byId.has(qa._id) ? { ...qa, answer: byId.get(qa._id)?.trim() ? byId.get(qa._id)! : null } : qa));
  return presentQuestionnaire(await tree.updateQuestionnaire(tx, row.id, { questionsAnswers }), view)!;
}

/** Marks it sent (every answer required: 400 naming the unanswered ones) or not sent. */
export async function setSentIn(tx: TDb, caller: TAuth, auditId: string, sent: boolean, view: TAuditView) {
  const audit = await loadRunnable(tx, caller, auditId);
  const row = await loadQuestionnaire(tx, auditId);
  const missing = row.questionsAnswers.filter((qa) => !qa.answer?.trim()).map((qa) => qa._id);
  if (sent && missing.length) throw invalidData(missing);
  const updated = row.sent === sent ? row : await tree.updateQuestionnaire(tx, row.id, { sent });
  if (row.sent !== sent)
    await recordTrace(tx, caller, {
      ...traceAt(audit),
      type: 'UPDATE',
      section: 'questionnaire-ies',
      entityId: row.id,
      payload: { before: { sent: row.sent }, after: { sent } },
    });
  return presentQuestionnaire(updated, view)!;
}

/** PATCH /images: a photo for one questionnaire question (multipart: file, question). */
export async function addImage(ctx: TModuleContext, caller: TAuth, auditId: string, upload: TUpload) {
  const question = z.string().uuid().safeParse(upload.fields.question);
  if (!question.success) throw invalidData(['question']);
  const check = async (tx: TDb) => {
    const audit = await loadRunnable(tx, caller, auditId);
    const row = await loadQuestionnaire(tx, auditId);
    if (!row.questionsAnswers.some((qa) => qa._id === question.data)) throw invalidData(['question']);
    return { audit, row };
  };
  await scoped(ctx, caller, check);
  const stored = await storeImage(ctx, upload);
  try {
    return await scoped(ctx, caller, async (tx) => {
      const { audit, row } = await check(tx);
      await recordFile(ctx, tx, { spaceId: audit.spaceId, spacePath: audit.secureSpacePath, userId: caller.userId }, stored);
      const questionsAnswers = row.questionsAnswers.map((qa) =>
        qa._id === question.data ? { ...qa, images: [...qa.images, { _id: randomUUID(), fileId: stored.id }] } : qa,
      );
      return presentQuestionnaire(await tree.updateQuestionnaire(tx, row.id, { questionsAnswers }), auditView(ctx))!;
    });
  } catch (error) {
    await discardStored(ctx, [stored]).catch(() => undefined);
    throw error;
  }
}

export const saveAnswers = (ctx: TModuleContext, caller: TAuth, auditId: string, answers: { _id: string; answer: string | null }[]) =>
  scoped(ctx, caller, (tx) => saveAnswersIn(tx, caller, auditId, answers, auditView(ctx)));
export const setSent = (ctx: TModuleContext, caller: TAuth, auditId: string, sent: boolean) =>
  scoped(ctx, caller, (tx) => setSentIn(tx, caller, auditId, sent, auditView(ctx)));
