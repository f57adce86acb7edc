import type { FastifyInstance } from 'fastify';
import { permissionName } from '@audit/domain/permissions';
import { templateCalls } from '@audit/domain/calls/templates';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { duplicateTemplate } from './duplicate.js';
import * as service from './service.js';

const tags = ['audit-templates'];
const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(permissionName('TEMPLATES', action));

/** /ms-core/api/audit-templates: audit templates (catalogue of the company's space). */
export async function templatesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, templateCalls.search, {
    config: perm('READ'),
    tags,
    summary: 'Paged search of templates (filters category, service, areaAccess, language, enabled, name; enabledOnly=true keeps those with enabled not false)',
    handler: async (req, reply) => sendPage(reply, await service.searchTemplates(ctx, requireAuth(req), req.body)),
  });
  route(app, templateCalls.clientsSearch, {
    config: perm('READ'),
    tags,
    summary:
      "Paged search of the enabled templates usable for a client: their service has a goal in the establishment's space (or the client's, default the caller's) naming no templates or them",
    handler: async (req, reply) => sendPage(reply, await service.searchForClient(ctx, requireAuth(req), req.body, req.body)),
  });
  route(app, templateCalls.get, {
    config: perm('READ'),
    tags,
    summary: 'The whole template: sections with fields and questions (with incident templates) in order, and IE sections',
    handler: (req) => service.getTemplate(ctx, requireAuth(req), req.params.id),
  });
  route(app, templateCalls.create, {
    config: perm('CREATE'),
    tags,
    summary: "Create a template (a disabled draft) in the caller's space",
    handler: (req) => service.createTemplate(ctx, requireAuth(req), req.body),
  });
  route(app, templateCalls.update, {
    config: perm('WRITE'),
    tags,
    summary: "Update a template's name, description, language, category, service or facility type (451 for an inherited one)",
    handler: (req) => service.updateTemplate(ctx, requireAuth(req), req.params.id, req.body),
  });
  route(app, templateCalls.remove, {
    config: perm('DELETE'),
    tags,
    summary: 'Delete a template with its whole tree (451 for an inherited one)',
    handler: async (req) => {
      await service.removeTemplate(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
  route(app, templateCalls.duplicate, {
    config: perm('CREATE'),
    tags,
    summary: "Deep copy of a visible template into the caller's space: new ids, same content and order, a disabled draft named '… (copia)'",
    handler: (req) => duplicateTemplate(ctx, requireAuth(req), req.params.id),
  });
  route(app, templateCalls.setEnabled, {
    config: perm('WRITE'),
    tags,
    summary: 'Enable (after the runnable check: 10021, 692, 934) or disable a template',
    handler: (req) => service.setEnabled(ctx, requireAuth(req), req.params.id, req.body.enabled),
  });
  route(app, templateCalls.check, {
    config: perm('READ'),
    tags,
    summary: 'Checks a template is runnable: questions (10021), a service (692), a facility type (934)',
    handler: (req) => service.checkTemplate(ctx, requireAuth(req), req.params.id),
  });
}
