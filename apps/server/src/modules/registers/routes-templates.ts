import type { FastifyInstance } from 'fastify';
import { registerSectionCalls, registerTemplateCalls } from '@audit/domain/calls/register-templates';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as sections from './sections.js';
import * as templates from './templates.js';

const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(`TEMPLATES:${action}`);

/** /ms-registry/api/template-registers: register templates (catalogue of the company's space). */
export async function templateRegistersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['template-registers'];
  const calls = registerTemplateCalls;
  route(app, calls.search, {
    config: perm('READ'),
    tags,
    summary: 'Paged search of register templates (in list order; filters category, language, name)',
    handler: async (req, reply) => sendPage(reply, await templates.searchTemplates(ctx, requireAuth(req), req.body)),
  });
  route(app, calls.suggestedOrder, {
    config: perm('READ'),
    tags,
    summary: "The order a new template takes: the end of the caller's space's list",
    handler: (req) => templates.suggestedOrder(ctx, requireAuth(req)),
  });
  route(app, calls.get, {
    config: perm('READ'),
    tags,
    summary: 'The whole register template: sections with their fields and params in order',
    handler: (req) => templates.getTemplate(ctx, requireAuth(req), req.params.id),
  });
  route(app, calls.create, {
    config: perm('CREATE'),
    tags,
    summary: "Create a register template in the caller's space (name, category REGISTER, language, title, reportType required)",
    handler: (req) => templates.createTemplate(ctx, requireAuth(req), req.body),
  });
  route(app, calls.update, {
    config: perm('WRITE'),
    tags,
    summary: 'Update the header of a register template (451 for an inherited one)',
    handler: (req) => templates.updateTemplate(ctx, requireAuth(req), req.params.id, req.body),
  });
  route(app, calls.remove, {
    config: perm('DELETE'),
    tags,
    summary: 'Delete a register template with its sections (420 while a register uses it)',
    handler: async (req) => {
      await templates.removeTemplate(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
  route(app, calls.duplicate, {
    config: perm('CREATE'),
    tags,
    summary: "Deep copy into the caller's space, named '… (copia)', at the end of the list",
    handler: (req) => templates.duplicateTemplate(ctx, requireAuth(req), req.params.id),
  });
  route(app, calls.reorder, {
    config: perm('WRITE'),
    tags,
    summary: "Move the template to `position` in its space's list",
    handler: (req) => templates.reorderTemplate(ctx, requireAuth(req), req.params.id, req.body.position),
  });
}

/** /ms-registry/api/register-sections: sections of register templates, their fields and params. */
export async function registerSectionsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['register-sections'];
  const calls = registerSectionCalls;
  route(app, calls.create, {
    config: perm('CREATE'),
    tags,
    summary: 'Add a section to a register template (at the end, or at `position`)',
    handler: (req) => sections.createSection(ctx, requireAuth(req), req.body),
  });
  route(app, calls.update, {
    config: perm('WRITE'),
    tags,
    summary: "Update a section's title",
    handler: (req) => sections.updateSection(ctx, requireAuth(req), req.params.sectionId, req.body),
  });
  route(app, calls.remove, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove a section with its fields and params',
    handler: (req) => sections.removeSection(ctx, requireAuth(req), req.params.sectionId),
  });
  route(app, calls.order, {
    config: perm('WRITE'),
    tags,
    summary: 'Move the section to `position` in its template',
    handler: (req) => sections.orderSection(ctx, requireAuth(req), req.params.sectionId, req.body.position),
  });
  route(app, calls.addField, {
    config: perm('CREATE'),
    tags,
    summary: 'Add a field (captured once per log sheet) at the end',
    handler: (req) => sections.addItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.body),
  });
  route(app, calls.updateField, {
    config: perm('WRITE'),
    tags,
    summary: 'Update a field',
    handler: (req) => sections.updateItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.params.fieldId, req.body),
  });
  route(app, calls.orderField, {
    config: perm('WRITE'),
    tags,
    summary: 'Move a field to `position` among the section’s fields',
    handler: (req) => sections.orderItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.params.fieldId, req.body.position),
  });
  route(app, calls.removeField, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove a field',
    handler: (req) => sections.removeItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.params.fieldId),
  });
  route(app, calls.addParam, {
    config: perm('CREATE'),
    tags,
    summary: 'Add a param (recorded per facility and take); a number carries unit, operation (greaterThan, lessThan, equal, between) and limits',
    handler: (req) => sections.addItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.body),
  });
  route(app, calls.updateParam, {
    config: perm('WRITE'),
    tags,
    summary: 'Update a param (the merged param must keep valid limits)',
    handler: (req) => sections.updateItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.params.id, req.body),
  });
  route(app, calls.orderParam, {
    config: perm('WRITE'),
    tags,
    summary: 'Move a param to `position` among the section’s params',
    handler: (req) => sections.orderItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.params.id, req.body.position),
  });
  route(app, calls.removeParam, {
    config: perm('DELETE'),
    tags,
    summary: 'Remove a param',
    handler: (req) => sections.removeItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.params.id),
  });
}
