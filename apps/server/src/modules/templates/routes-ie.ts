import type { FastifyInstance } from 'fastify';
import { permissionName } from '@audit/domain/permissions';
import { z } from 'zod';
import { ZIeQuestionInput, ZIeQuestionPatch, TEMPLATE_NAME_MAX } from '@audit/domain/templates';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import * as ie from './ie.js';
import { ZIeQuestionOut, ZIeSectionOut, ZOrderBody, ZSectionSearchBody } from './schemas.js';

const tags = ['ie-sections'];
const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(permissionName('AUDIT-TEMPLATE', action));
const done = async (work: Promise<void>) => {
  await work;
  return { ok: true as const };
};
const ZPosition = z.number().int().min(0).max(10000).optional();
const ZSection = z.object({ sectionId: ZId });
const ZQuestion = ZSection.extend({ questionId: ZId });

/** /ms-core/api/ie-sections: the incident-and-emergency questionnaire sections of templates. */
export async function ieSectionsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.post('/search', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Paged search of IE sections (filter template; default size 35, in order)',
      body: ZSectionSearchBody,
      response: { 200: z.array(ZIeSectionOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await ie.searchIeSections(ctx, auth(req), req.body)),
  });
  r.get('/:id', {
    config: perm('READ'),
    schema: { tags, summary: 'One IE section with its questions in order', params: ZIdParams, response: { 200: ZIeSectionOut } },
    handler: (req) => ie.getIeSection(ctx, auth(req), req.params.id),
  });
  r.post('/', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Add an IE section to a template',
      body: z.object({ template: ZId, title: z.string().trim().min(1).max(TEMPLATE_NAME_MAX), position: ZPosition }),
      response: { 200: ZIeSectionOut },
    },
    handler: (req) => ie.createIeSection(ctx, auth(req), req.body),
  });
  r.patch('/:id', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Update the title (an empty or unchanged title is ignored)',
      params: ZIdParams,
      body: z.object({ _id: ZId.optional(), title: z.string().trim().max(TEMPLATE_NAME_MAX).optional() }),
      response: { 200: ZIeSectionOut },
    },
    handler: (req) => ie.updateIeSection(ctx, auth(req), req.params.id, req.body),
  });
  r.delete('/:id', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove an IE section with its questions', params: ZIdParams, response: { 200: ZOk } },
    handler: (req) => done(ie.removeIeSection(ctx, auth(req), req.params.id)),
  });
  r.patch('/:id/order', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: "Move an IE section to a 0-based position; answers the template's IE sections in order",
      params: ZIdParams,
      body: ZOrderBody,
      response: { 200: z.array(ZIeSectionOut) },
    },
    handler: (req) => ie.moveIeSection(ctx, auth(req), req.params.id, req.body.position),
  });
  r.post('/:sectionId/question/add', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Add a question (SIMPLE or PARAGRAPH answer)',
      params: ZSection,
      body: ZIeQuestionInput.extend({ position: ZPosition }),
      response: { 200: ZIeQuestionOut },
    },
    handler: (req) => ie.addIeQuestion(ctx, auth(req), req.params.sectionId, req.body),
  });
  r.patch('/:sectionId/question/:questionId/update', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Update a question', params: ZQuestion, body: ZIeQuestionPatch, response: { 200: ZIeQuestionOut } },
    handler: (req) => ie.updateIeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body),
  });
  r.delete('/:sectionId/question/:questionId/remove', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove a question', params: ZQuestion, response: { 200: ZOk } },
    handler: (req) => done(ie.removeIeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId)),
  });
  r.patch('/:sectionId/question/:questionId/order', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Move a question to a 0-based position; answers the IE section',
      params: ZQuestion,
      body: ZOrderBody,
      response: { 200: ZIeSectionOut },
    },
    handler: (req) => ie.moveIeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body.position),
  });
}
