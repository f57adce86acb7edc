import type { FastifyInstance } from 'fastify';
import { auditCalls } from '@audit/domain/calls/audits';
import { requireAuth } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { AUDIT_TAGS as tags, auditAccess as perm, RUNS_NOTE } from './schemas.js';
import { duplicateSectionById, sectionsOfAudit } from './sections-read.js';

/** Under /audits: the sections of an audit, a few at a time (calls document: questions-answers, preview). */
export async function sectionReadRoutes(app: FastifyInstance, ctx: TModuleContext) {
  for (const [call, what] of [
    [auditCalls.questionsAnswers, 'for the run view'],
    [auditCalls.sectionsPreview, "for the report's preview"],
  ] as const) {
    route(app, call, {
      config: perm('READ'),
      tags,
      summary: `The listed sections (all when empty) with their fields, questions, answers, issues and photos, as GET audits/{id} gives them, ${what}; never queued offline`,
      handler: (req) => sectionsOfAudit(ctx, requireAuth(req), req.params.id, req.body.sections),
    });
  }
}

/** /ms-core/api/sections: the calls document's section routes, which name no audit. */
export async function sectionRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, auditCalls.duplicateSectionById, {
    config: perm('WRITE'),
    tags,
    summary: `Same as audits/{id}/sections/{sectionId}/duplicate, the audit found from the section (2222 beyond the limit).${RUNS_NOTE}`,
    handler: (req) => duplicateSectionById(ctx, requireAuth(req), req.params.sectionId),
  });
}
