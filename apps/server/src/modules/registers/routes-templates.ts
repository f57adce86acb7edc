import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import {
  ZOrderBody,
  ZRegisterItemInput,
  ZRegisterItemPatch,
  ZRegisterSectionInput,
  ZRegisterSectionOut,
  ZRegisterTemplateInput,
  ZRegisterTemplateOut,
  ZRegisterTemplatePatch,
  REGISTER_NAME_MAX,
} from '@audit/domain/registers';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import * as sections from './sections.js';
import * as templates from './templates.js';

const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(`TEMPLATES:${action}`);

/** /ms-registry/api/template-registers: register templates (catalogue of the company's space). */
export async function templateRegistersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['template-registers'];
  r.post('/search', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Paged search of register templates (in list order; filters category, language, name)',
      body: ZSearchBody,
      response: { 200: z.array(ZRegisterTemplateOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await templates.searchTemplates(ctx, requireAuth(req), req.body)),
  });
  r.get('/suggested-order', {
    config: perm('READ'),
    schema: { tags, summary: "The order a new template takes: the end of the caller's space's list", response: { 200: z.object({ order: z.number() }) } },
    handler: (req) => templates.suggestedOrder(ctx, requireAuth(req)),
  });
  r.get('/:id', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'The whole register template: sections with their fields and params in order',
      params: ZIdParams,
      response: { 200: ZRegisterTemplateOut },
    },
    handler: (req) => templates.getTemplate(ctx, requireAuth(req), req.params.id),
  });
  r.post('/', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: "Create a register template in the caller's space (name, category REGISTER, language, title, reportType required)",
      body: ZRegisterTemplateInput,
      response: { 200: ZRegisterTemplateOut },
    },
    handler: (req) => templates.createTemplate(ctx, requireAuth(req), req.body),
  });
  r.patch('/:id', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Update the header of a register template (451 for an inherited one)',
      params: ZIdParams,
      body: ZRegisterTemplatePatch,
      response: { 200: ZRegisterTemplateOut },
    },
    handler: (req) => templates.updateTemplate(ctx, requireAuth(req), req.params.id, req.body),
  });
  r.delete('/:id', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Delete a register template with its sections (420 while a register uses it)', params: ZIdParams, response: { 200: ZOk } },
    handler: async (req) => {
      await templates.removeTemplate(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
  r.post('/:id/duplicate', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: "Deep copy into the caller's space, named '… (copia)', at the end of the list",
      params: ZIdParams,
      response: { 200: ZRegisterTemplateOut },
    },
    handler: (req) => templates.duplicateTemplate(ctx, requireAuth(req), req.params.id),
  });
  r.post('/:id/reorder', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: "Move the template to `position` in its space's list",
      params: ZIdParams,
      body: ZOrderBody,
      response: { 200: ZRegisterTemplateOut },
    },
    handler: (req) => templates.reorderTemplate(ctx, requireAuth(req), req.params.id, req.body.position),
  });
}

const ZSection = z.object({ sectionId: ZId });
const ZField = ZSection.extend({ fieldId: ZId });
const ZParam = ZSection.extend({ id: ZId });

/** /ms-registry/api/register-sections: sections of register templates, their fields and params. */
export async function registerSectionsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['register-sections'];
  const out = { 200: ZRegisterSectionOut };
  r.post('/', {
    config: perm('CREATE'),
    schema: { tags, summary: 'Add a section to a register template (at the end, or at `position`)', body: ZRegisterSectionInput, response: out },
    handler: (req) => sections.createSection(ctx, requireAuth(req), req.body),
  });
  r.patch('/:sectionId', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: "Update a section's title",
      params: ZSection,
      body: z.object({ title: z.string().trim().min(1).max(REGISTER_NAME_MAX).optional() }),
      response: out,
    },
    handler: (req) => sections.updateSection(ctx, requireAuth(req), req.params.sectionId, req.body),
  });
  r.delete('/:sectionId', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove a section with its fields and params', params: ZSection, response: { 200: ZOk } },
    handler: (req) => sections.removeSection(ctx, requireAuth(req), req.params.sectionId),
  });
  r.patch('/:sectionId/order', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Move the section to `position` in its template', params: ZSection, body: ZOrderBody, response: out },
    handler: (req) => sections.orderSection(ctx, requireAuth(req), req.params.sectionId, req.body.position),
  });
  r.post('/:sectionId/field/add', {
    config: perm('CREATE'),
    schema: { tags, summary: 'Add a field (captured once per log sheet) at the end', params: ZSection, body: ZRegisterItemInput, response: out },
    handler: (req) => sections.addItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.body),
  });
  r.patch('/:sectionId/field/:fieldId/update', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Update a field', params: ZField, body: ZRegisterItemPatch, response: out },
    handler: (req) => sections.updateItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.params.fieldId, req.body),
  });
  r.patch('/:sectionId/field/:fieldId/order', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Move a field to `position` among the section’s fields', params: ZField, body: ZOrderBody, response: out },
    handler: (req) => sections.orderItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.params.fieldId, req.body.position),
  });
  r.delete('/:sectionId/field/:fieldId/remove', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove a field', params: ZField, response: out },
    handler: (req) => sections.removeItem(ctx, requireAuth(req), req.params.sectionId, 'field', req.params.fieldId),
  });
  r.post('/:sectionId/param/add', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Add a param (recorded per facility and take); a number carries unit, operation (greaterThan, lessThan, equal, between) and limits',
      params: ZSection,
      body: ZRegisterItemInput,
      response: out,
    },
    handler: (req) => sections.addItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.body),
  });
  r.patch('/:sectionId/param/:id/update', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Update a param (the merged param must keep valid limits)', params: ZParam, body: ZRegisterItemPatch, response: out },
    handler: (req) => sections.updateItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.params.id, req.body),
  });
  r.patch('/:sectionId/param/:id/order', {
    config: perm('WRITE'),
    schema: { tags, summary: 'Move a param to `position` among the section’s params', params: ZParam, body: ZOrderBody, response: out },
    handler: (req) => sections.orderItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.params.id, req.body.position),
  });
  r.delete('/:sectionId/param/:id/remove', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Remove a param', params: ZParam, response: out },
    handler: (req) => sections.removeItem(ctx, requireAuth(req), req.params.sectionId, 'param', req.params.id),
  });
}
