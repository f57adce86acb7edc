import type { FastifyInstance } from 'fastify';
import { permissionName } from '@audit/domain/permissions';
import { templateSectionCalls as calls } from '@audit/domain/calls/template-sections';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as questions from './questions.js';
import * as sections from './sections.js';

const tags = ['sections'];
const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(permissionName('AUDIT-TEMPLATE', action));
const done = async (work: Promise<void>) => {
  await work;
  return { ok: true as const };
};

/** /ms-core/api/sections: sections of templates, their cover/contact fields, questions and incident templates. */
export async function sectionsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, calls.search, {
    config: perm('READ'),
    tags,
    summary: 'Paged search of template sections (filter template; default size 35, in template order)',
    handler: async (req, reply) => sendPage(reply, await sections.searchSections(ctx, auth(req), req.body)),
  });
  route(app, calls.get, {
    config: perm('READ'),
    tags,
    summary: 'One section with its fields and questions in order',
    handler: (req) => sections.getSection(ctx, auth(req), req.params.sectionId),
  });
  route(app, calls.create, {
    config: perm('CREATE'),
    tags,
    summary: 'Add a section to a template (at `position`, default the end)',
    handler: (req) => sections.createSection(ctx, auth(req), req.body),
  });
  route(app, calls.update, {
    config: perm('WRITE'),
    tags,
    summary: 'Update title (an empty or unchanged title is ignored) and duplicable',
    handler: (req) => sections.updateSection(ctx, auth(req), req.params.sectionId, req.body),
  });
  route(app, calls.remove, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove a section with its fields and questions',
    handler: (req) => done(sections.removeSection(ctx, auth(req), req.params.sectionId)),
  });
  route(app, calls.move, {
    config: perm('WRITE'),
    tags,
    summary: "Move a section to a 0-based position in its template; answers the template's sections in order",
    handler: (req) => sections.moveSection(ctx, auth(req), req.params.sectionId, req.body.position),
  });

  route(app, calls.addField, {
    config: perm('CREATE'),
    tags,
    summary: 'Add a cover field (DATA section) or contact field (CONTACTS section)',
    handler: (req) => sections.addField(ctx, auth(req), req.params.sectionId, req.body),
  });
  route(app, calls.updateField, {
    config: perm('WRITE'),
    tags,
    summary: 'Update a field',
    handler: (req) => sections.updateField(ctx, auth(req), req.params.sectionId, req.params.fieldId, req.body),
  });
  route(app, calls.removeField, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove a field',
    handler: (req) => done(sections.removeField(ctx, auth(req), req.params.sectionId, req.params.fieldId)),
  });
  route(app, calls.moveField, {
    config: perm('WRITE'),
    tags,
    summary: 'Move a field to a 0-based position; answers the section',
    handler: (req) => sections.moveField(ctx, auth(req), req.params.sectionId, req.params.fieldId, req.body.position),
  });

  route(app, calls.addQuestion, {
    config: perm('CREATE'),
    tags,
    summary: 'Add a question to a QUESTION section (select / readingRegistry / text config by type)',
    handler: (req) => questions.addQuestion(ctx, auth(req), req.params.sectionId, req.body),
  });
  route(app, calls.updateQuestion, {
    config: perm('WRITE'),
    tags,
    summary: 'Update a question; a sent select / readingRegistry config replaces the stored one (sent ids are kept)',
    handler: (req) => questions.updateQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body),
  });
  route(app, calls.removeQuestion, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove a question with its incident templates',
    handler: (req) => done(questions.removeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId)),
  });
  route(app, calls.moveQuestion, {
    config: perm('WRITE'),
    tags,
    summary: 'Move a question to a 0-based position; answers the section',
    handler: (req) => questions.moveQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body.position),
  });

  route(app, calls.addIncident, {
    config: perm('CREATE'),
    tags,
    summary: 'Add an incident template (risk level, deduction %, corrective tasks) to a question',
    handler: (req) => questions.addIncident(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body),
  });
  route(app, calls.updateIncident, {
    config: perm('WRITE'),
    tags,
    summary: 'Update an incident template (sent tasks replace the stored ones; sent ids are kept)',
    handler: (req) => questions.updateIncident(ctx, auth(req), req.params.sectionId, req.params.questionId, req.params.incidentId, req.body),
  });
  route(app, calls.removeIncident, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove an incident template',
    handler: (req) => done(questions.removeIncident(ctx, auth(req), req.params.sectionId, req.params.questionId, req.params.incidentId)),
  });
}
