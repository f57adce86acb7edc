import { eq, sql } from 'drizzle-orm';
import type { TAuth } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { loadRunnableQuestion } from './access.js';
import { auditQuestions } from './tables.js';

/**
 * Renames a reading place of a reading-registry question while the audit runs (product document
 * section 4: "editing a place name saves to the question definition"): the audit's own copy of the
 * question changes, never the template. Only the runner of a running audit (the run policy, in
 * the caller's scope: 404 elsewhere); another place of the question with the same name (case
 * ignored) is 420. The readings keep pointing at the place by its id.
 */
export async function renamePlace(
  ctx: TModuleContext,
  caller: TAuth,
  at: { id: string; sectionId: string; questionId: string; placeId: string },
  place: string,
) {
  return scoped(ctx, caller, async (tx) => {
    const q = await loadRunnableQuestion(tx, caller, at.id, at.sectionId, at.questionId);
    const registry = q.question.config.readingRegistry;
    const target = registry?.placesMeasure.find((p) => p._id === at.placeId);
    if (!registry || !target) throw notFound();
    if (registry.placesMeasure.some((p) => p._id !== at.placeId && p.place.toLowerCase() === place.toLowerCase()))
      throw new AppError('alreadyExists', ['place']);
    const placesMeasure = registry.placesMeasure.map((p) => (p._id === at.placeId ? { ...p, place } : p));
    await tx
      .update(auditQuestions)
      .set({ config: { ...q.question.config, readingRegistry: { ...registry, placesMeasure } }, updatedAt: sql`now()` })
      .where(eq(auditQuestions.id, q.question.id));
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'AUDIT',
      section: 'reading-place',
      entityId: at.id,
      spaceId: q.audit.spaceId,
      secureSpacePath: q.audit.secureSpacePath,
      payload: { question: q.question.id, placeId: at.placeId, before: target.place, after: place },
    });
    return { _id: target._id!, place, label: target.label ?? null };
  });
}
