import type { FastifyInstance } from 'fastify';
import { permissionName } from '@audit/domain/permissions';
import { z } from 'zod';
import {
  ZFieldInput,
  ZFieldPatch,
  ZIncidentPatch,
  ZIncidentTemplate,
  ZQuestionInput,
  ZQuestionPatch,
  ZSectionInput,
  TEMPLATE_NAME_MAX,
} from '@audit/domain/templates';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZOk, type TModuleContext } from '../../platform/http.js';
import * as questions from './questions.js';
import { ZFieldOut, ZIncidentOut, ZOrderBody, ZQuestionOut, ZSectionOut, ZSectionSearchBody } from './schemas.js';
import * as sections from './sections.js';

const tags = ['sections'];
const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(permissionName('AUDIT-TEMPLATE', action));
const done = async (work: Promise<void>) => {
  await work;
  return { ok: true as const };
};
const ZPosition = z.number().int().min(0).max(10000).optional();
const ZSection = z.object({ sectionId: ZId });
const ZField = ZSection.extend({ fieldId: ZId });
const ZQuestion = ZSection.extend({ questionId: ZId });
const ZIncident = ZQuestion.extend({ incidentId: ZId });
const ok = { 200: ZOk };

/** /ms-core/api/sections: sections of templates, their cover/contact fields, questions and incident templates. */
export async function sectionsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.post('/search', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Paged search of template sections (filter template; default size 35, in template order)',
      body: ZSectionSearchBody,
      response: { 200: z.array(ZSectionOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await sections.searchSections(ctx, auth(req), req.body)),
  });
  r.get('/:sectionId', {
    config: perm('READ'),
    schema: { tags, summary: 'One section with its fields and questions in order', params: ZSection, response: { 200: ZSectionOut } },
    handler: (req) => sections.getSection(ctx, auth(req), req.params.sectionId),
  });
  r.post('/', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Add a section to a template (at `position`, default the end)',
      body: ZSectionInput.extend({ position: ZPosition }),
      response: { 200: ZSectionOut },
    },
    handler: (req) => sections.createSection(ctx, auth(req), req.body),
  });
  r.patch('/:sectionId', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Update title (an empty or unchanged title is ignored) and duplicable',
      params: ZSection,
      body: z.object({ _id: ZId.optional(), title: z.string().trim().max(TEMPLATE_NAME_MAX).optional(), duplicable: z.boolean().optional() }),
      response: { 200: ZSectionOut },
    },
    handler: (req) => sections.updateSection(ctx, auth(req), req.params.sectionId, req.body),
  });
  r.delete('/:sectionId', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove a section with its fields and questions', params: ZSection, response: ok },
    handler: (req) => done(sections.removeSection(ctx, auth(req), req.params.sectionId)),
  });
  r.patch('/:sectionId/order', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: "Move a section to a 0-based position in its template; answers the template's sections in order",
      params: ZSection,
      body: ZOrderBody,
      response: { 200: z.array(ZSectionOut) },
    },
    handler: (req) => sections.moveSection(ctx, auth(req), req.params.sectionId, req.body.position),
  });

  r.post('/:sectionId/field/add', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Add a cover field (DATA section) or contact field (CONTACTS section)',
      params: ZSection,
      body: ZFieldInput.extend({ position: ZPosition }),
      response: { 200: ZFieldOut },
    },
    handler: (req) => sections.addField(ctx, auth(req), req.params.sectionId, req.body),
  });
  r.patch('/:sectionId/field/:fieldId/update', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Update a field', params: ZField, body: ZFieldPatch, response: { 200: ZFieldOut } },
    handler: (req) => sections.updateField(ctx, auth(req), req.params.sectionId, req.params.fieldId, req.body),
  });
  r.delete('/:sectionId/field/:fieldId/remove', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove a field', params: ZField, response: ok },
    handler: (req) => done(sections.removeField(ctx, auth(req), req.params.sectionId, req.params.fieldId)),
  });
  r.patch('/:sectionId/field/:fieldId/order', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Move a field to a 0-based position; answers the section', params: ZField, body: ZOrderBody, response: { 200: ZSectionOut } },
    handler: (req) => sections.moveField(ctx, auth(req), req.params.sectionId, req.params.fieldId, req.body.position),
  });

  r.post('/:sectionId/question/add', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Add a question to a QUESTION section (select / readingRegistry / text config by type)',
      params: ZSection,
      body: ZQuestionInput.extend({ position: ZPosition }),
      response: { 200: ZQuestionOut },
    },
    handler: (req) => questions.addQuestion(ctx, auth(req), req.params.sectionId, req.body),
  });
  r.patch('/:sectionId/question/:questionId/update', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Update a question; a sent select / readingRegistry config replaces the stored one (sent ids are kept)',
      params: ZQuestion,
      body: ZQuestionPatch,
      response: { 200: ZQuestionOut },
    },
    handler: (req) => questions.updateQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body),
  });
  r.delete('/:sectionId/question/:questionId/remove', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove a question with its incident templates', params: ZQuestion, response: ok },
    handler: (req) => done(questions.removeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId)),
  });
  r.patch('/:sectionId/question/:questionId/order', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Move a question to a 0-based position; answers the section',
      params: ZQuestion,
      body: ZOrderBody,
      response: { 200: ZSectionOut },
    },
    handler: (req) => questions.moveQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body.position),
  });

  r.post('/:sectionId/question/:questionId/incidents', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Add an incident template (risk level, deduction %, corrective tasks) to a question',
      params: ZQuestion,
      body: ZIncidentTemplate,
      response: { 200: ZIncidentOut },
    },
    handler: (req) => questions.addIncident(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body),
  });
  r.patch('/:sectionId/question/:questionId/incidents/:incidentId', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Update an incident template (sent tasks replace the stored ones; sent ids are kept)',
      params: ZIncident,
      body: ZIncidentPatch,
      response: { 200: ZIncidentOut },
    },
    handler: (req) => questions.updateIncident(ctx, auth(req), req.params.sectionId, req.params.questionId, req.params.incidentId, req.body),
  });
  r.delete('/:sectionId/question/:questionId/incidents/:incidentId', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove an incident template', params: ZIncident, response: ok },
    handler: (req) => done(questions.removeIncident(ctx, auth(req), req.params.sectionId, req.params.questionId, req.params.incidentId)),
  });
}
