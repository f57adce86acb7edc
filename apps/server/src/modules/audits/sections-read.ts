import type { TAuditSection } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { presentSections } from './present.js';
import { auditView, loadAuditTree } from './read.js';
import { duplicateSectionIn } from './sections.js';
import * as tree from './tree-repo.js';

/**
 * `POST audits/{id}/questions-answers` and `POST audits/{id}/preview` (calls document: body
 * `sections`): the listed sections of an audit, each with its fields, questions, answers, issues and
 * photos, as GET audits/{id} presents them, for loading a big audit section by section. An empty list
 * answers every section. `preview` is the report's preview (the run and the report show the same
 * data); both only read, so the offline queue never keeps them (calls document, offline sync).
 * An id that is not a section of this audit is simply absent from the answer.
 */
export async function sectionsOfAudit(ctx: TModuleContext, caller: TAuth, id: string, sectionIds: string[]): Promise<TAuditSection[]> {
  return scoped(ctx, caller, async (tx) => {
    const { rows } = await loadAuditTree(tx, caller, id);
    const wanted = new Set(sectionIds);
    const keep = <T extends { sectionId: string }>(list: T[]) => (wanted.size ? list.filter((x) => wanted.has(x.sectionId)) : list);
    const sections = wanted.size ? rows.sections.filter((s) => wanted.has(s.id)) : rows.sections;
    const questionIds = new Set(keep(rows.questions).map((q) => q.id));
    const ofQuestions = <T extends { questionId: string }>(list: T[]) => list.filter((x) => questionIds.has(x.questionId));
    return presentSections(
      {
        sections,
        fields: keep(rows.fields),
        questions: keep(rows.questions),
        answers: ofQuestions(rows.answers),
        issues: ofQuestions(rows.issues),
        media: ofQuestions(rows.media),
      },
      auditView(ctx),
    );
  });
}

/** `POST sections/{sectionId}/duplicate` (calls document): the same copy as `audits/{id}/sections/{sectionId}/duplicate`, its audit found from the section. */
export function duplicateSectionById(ctx: TModuleContext, caller: TAuth, sectionId: string) {
  return scoped(ctx, caller, async (tx) => {
    const auditId = await tree.auditIdOfSection(tx, sectionId);
    if (!auditId) throw notFound();
    return duplicateSectionIn(tx, caller, auditId, sectionId, auditView(ctx));
  });
}
