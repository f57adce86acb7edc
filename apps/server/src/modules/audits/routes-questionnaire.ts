import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { typed, ZId, type TModuleContext } from '../../platform/http.js';
import { readUpload } from '../files/upload.js';
import * as questionnaire from './questionnaire.js';
import { auditAccess, RUNS_NOTE, ZQuestionnaireOut } from './schemas.js';

const tags = ['questionnaire-ies'];
const runs = RUNS_NOTE;
const ZParams = z.object({ auditId: ZId });

/** /ms-core/api/questionnaire-ies/{auditId}: the incident-and-emergency questionnaire of an audit. */
export async function questionnaireRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.get('/:auditId', {
    config: auditAccess('READ'),
    schema: { tags, summary: "The audit's questionnaire (404 when its template had no IE sections)", params: ZParams, response: { 200: ZQuestionnaireOut } },
    handler: (req) => questionnaire.getQuestionnaire(ctx, auth(req), req.params.auditId),
  });
  r.patch('/:auditId/answers', {
    config: auditAccess('WRITE'),
    schema: {
      tags,
      summary: `Save answers by question id (400 for an unknown one).${runs}`,
      params: ZParams,
      body: z.object({ answers: z.array(z.object({ _id: ZId, answer: z.string().max(20000).nullable() })).max(500) }),
      response: { 200: ZQuestionnaireOut },
    },
    handler: (req) => questionnaire.saveAnswers(ctx, auth(req), req.params.auditId, req.body.answers),
  });
  r.patch('/:auditId/sent', {
    config: auditAccess('WRITE'),
    schema: {
      tags,
      summary: `Mark sent (every answer required: 400 naming the unanswered question ids) or not sent.${runs}`,
      params: ZParams,
      body: z.object({ sent: z.boolean() }),
      response: { 200: ZQuestionnaireOut },
    },
    handler: (req) => questionnaire.setSent(ctx, auth(req), req.params.auditId, req.body.sent),
  });
  r.patch('/:auditId/images', {
    config: auditAccess('WRITE'),
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      summary: `Add a photo to a question (multipart: file, question).${runs}`,
      params: ZParams,
      response: { 200: ZQuestionnaireOut },
    },
    handler: async (req) => questionnaire.addImage(ctx, auth(req), req.params.auditId, await readUpload(req)),
  });
}
