import type { FastifyInstance } from 'fastify';
import { permissionName } from '@audit/domain/permissions';
import { ieSectionCalls as calls } from '@audit/domain/calls/template-sections';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as ie from './ie.js';

const tags = ['ie-sections'];
const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(permissionName('AUDIT-TEMPLATE', action));
const done = async (work: Promise<void>) => {
  await work;
  return { ok: true as const };
};

/** /ms-core/api/ie-sections: the incident-and-emergency questionnaire sections of templates. */
export async function ieSectionsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, calls.search, {
    config: perm('READ'),
    tags,
    summary: 'Paged search of IE sections (filter template; default size 35, in order)',
    handler: async (req, reply) => sendPage(reply, await ie.searchIeSections(ctx, auth(req), req.body)),
  });
  route(app, calls.get, {
    config: perm('READ'),
    tags,
    summary: 'One IE section with its questions in order',
    handler: (req) => ie.getIeSection(ctx, auth(req), req.params.id),
  });
  route(app, calls.create, {
    config: perm('CREATE'),
    tags,
    summary: 'Add an IE section to a template',
    handler: (req) => ie.createIeSection(ctx, auth(req), req.body),
  });
  route(app, calls.update, {
    config: perm('WRITE'),
    tags,
    summary: 'Update the title (an empty or unchanged title is ignored)',
    handler: (req) => ie.updateIeSection(ctx, auth(req), req.params.id, req.body),
  });
  route(app, calls.remove, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove an IE section with its questions',
    handler: (req) => done(ie.removeIeSection(ctx, auth(req), req.params.id)),
  });
  route(app, calls.move, {
    config: perm('WRITE'),
    tags,
    summary: "Move an IE section to a 0-based position; answers the template's IE sections in order",
    handler: (req) => ie.moveIeSection(ctx, auth(req), req.params.id, req.body.position),
  });
  route(app, calls.addQuestion, {
    config: perm('CREATE'),
    tags,
    summary: 'Add a question (SIMPLE or PARAGRAPH answer)',
    handler: (req) => ie.addIeQuestion(ctx, auth(req), req.params.sectionId, req.body),
  });
  route(app, calls.updateQuestion, {
    config: perm('WRITE'),
    tags,
    summary: 'Update a question',
    handler: (req) => ie.updateIeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body),
  });
  route(app, calls.removeQuestion, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove a question',
    handler: (req) => done(ie.removeIeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId)),
  });
  route(app, calls.moveQuestion, {
    config: perm('WRITE'),
    tags,
    summary: 'Move a question to a 0-based position; answers the IE section',
    handler: (req) => ie.moveIeQuestion(ctx, auth(req), req.params.sectionId, req.params.questionId, req.body.position),
  });
}
