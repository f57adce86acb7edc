import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { typed, ZId, type TModuleContext } from '../../platform/http.js';
import { AUDIT_TAGS as tags, auditAccess as perm, RUNS_NOTE, ZAuditParams, ZAuditSectionOut } from './schemas.js';
import { duplicateSectionById, sectionsOfAudit } from './sections-read.js';

const ZSectionsBody = z.object({ sections: z.array(ZId).max(1000).default([]) });

/** Under /audits: the sections of an audit, a few at a time (calls document: questions-answers, preview). */
export async function sectionReadRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  for (const [path, what] of [
    ['questions-answers', 'for the run view'],
    ['preview', "for the report's preview"],
  ] as const) {
    r.post(`/:id/${path}`, {
      config: perm('READ'),
      schema: {
        tags,
        summary: `The listed sections (all when empty) with their fields, questions, answers, issues and photos, as GET audits/{id} gives them, ${what}; never queued offline`,
        params: ZAuditParams,
        body: ZSectionsBody,
        response: { 200: z.array(ZAuditSectionOut) },
      },
      handler: (req) => sectionsOfAudit(ctx, requireAuth(req), req.params.id, req.body.sections),
    });
  }
}

/** /ms-core/api/sections: the calls document's section routes, which name no audit. */
export async function sectionRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  r.post('/:sectionId/duplicate', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: `Same as audits/{id}/sections/{sectionId}/duplicate, the audit found from the section (2222 beyond the limit).${RUNS_NOTE}`,
      params: z.object({ sectionId: ZId }),
      response: { 200: ZAuditSectionOut },
    },
    handler: (req) => duplicateSectionById(ctx, requireAuth(req), req.params.sectionId),
  });
}
