import type { FastifyInstance } from 'fastify';
import { questionnaireCalls } from '@audit/domain/calls/questionnaire';
import { requireAuth } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { readUpload } from '../../platform/multipart.js';
import * as questionnaire from './questionnaire.js';
import { auditAccess, RUNS_NOTE } from './schemas.js';

const tags = ['questionnaire-ies'];
const runs = RUNS_NOTE;

/** /ms-core/api/questionnaire-ies/{auditId}: the incident-and-emergency questionnaire of an audit. */
export async function questionnaireRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, questionnaireCalls.get, {
    config: auditAccess('READ'),
    tags,
    summary: "The audit's questionnaire (404 when its template had no IE sections)",
    handler: (req) => questionnaire.getQuestionnaire(ctx, auth(req), req.params.auditId),
  });
  route(app, questionnaireCalls.saveAnswers, {
    config: auditAccess('WRITE'),
    tags,
    summary: `Save answers by question id (400 for an unknown one).${runs}`,
    handler: (req) => questionnaire.saveAnswers(ctx, auth(req), req.params.auditId, req.body.answers),
  });
  route(app, questionnaireCalls.setSent, {
    config: auditAccess('WRITE'),
    tags,
    summary: `Mark sent (every answer required: 400 naming the unanswered question ids) or not sent.${runs}`,
    handler: (req) => questionnaire.setSent(ctx, auth(req), req.params.auditId, req.body.sent),
  });
  route(app, questionnaireCalls.addImage, {
    config: auditAccess('WRITE'),
    tags,
    schema: { consumes: ['multipart/form-data'] },
    summary: `Add a photo to a question (multipart: file, question).${runs}`,
    handler: async (req) => questionnaire.addImage(ctx, auth(req), req.params.auditId, await readUpload(req)),
  });
}
