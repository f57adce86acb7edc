import type { FastifyInstance } from 'fastify';
import { permissionName } from '@audit/domain/permissions';
import { z } from 'zod';
import { ZTemplateInput, ZTemplatePatch } from '@audit/domain/templates';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import { duplicateTemplate } from './duplicate.js';
import { ZTemplateOut, ZTemplateSearchBody, ZTemplateSummary } from './schemas.js';
import * as service from './service.js';

const tags = ['audit-templates'];
const perm = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(permissionName('TEMPLATES', action));

/** /ms-core/api/audit-templates: audit templates (catalogue of the company's space). */
export async function templatesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  r.post('/search', {
    config: perm('READ'),
    schema: {
      tags,
      summary:
        'Paged search of templates (filters category, service, areaAccess, language, enabled, name; enabledOnly=true keeps those with enabled not false)',
      body: ZTemplateSearchBody,
      response: { 200: z.array(ZTemplateSummary.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchTemplates(ctx, requireAuth(req), req.body)),
  });
  r.post('/clients/search', {
    config: perm('READ'),
    schema: {
      tags,
      summary:
        "Paged search of the enabled templates usable for a client: their service has a goal in the establishment's space (or the client's, default the caller's) naming no templates or them",
      body: ZTemplateSearchBody.extend({ client: ZId.optional(), establishment: ZId.optional() }),
      response: { 200: z.array(ZTemplateSummary.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchForClient(ctx, requireAuth(req), req.body, req.body)),
  });
  r.get('/:id', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'The whole template: sections with fields and questions (with incident templates) in order, and IE sections',
      params: ZIdParams,
      response: { 200: ZTemplateOut },
    },
    handler: (req) => service.getTemplate(ctx, requireAuth(req), req.params.id),
  });
  r.post('/', {
    config: perm('CREATE'),
    schema: { tags, summary: "Create a template (a disabled draft) in the caller's space", body: ZTemplateInput, response: { 200: ZTemplateOut } },
    handler: (req) => service.createTemplate(ctx, requireAuth(req), req.body),
  });
  r.patch('/:id', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: "Update a template's name, description, language, category, service or facility type (451 for an inherited one)",
      params: ZIdParams,
      body: ZTemplatePatch,
      response: { 200: ZTemplateOut },
    },
    handler: (req) => service.updateTemplate(ctx, requireAuth(req), req.params.id, req.body),
  });
  r.delete('/:id', {
    config: perm('DELETE'),
    schema: { tags, summary: 'Delete a template with its whole tree (451 for an inherited one)', params: ZIdParams, response: { 200: ZOk } },
    handler: async (req) => {
      await service.removeTemplate(ctx, requireAuth(req), req.params.id);
      return { ok: true as const };
    },
  });
  r.post('/:id/duplicate', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: "Deep copy of a visible template into the caller's space: new ids, same content and order, a disabled draft named '… (copia)'",
      params: ZIdParams,
      response: { 200: ZTemplateOut },
    },
    handler: (req) => duplicateTemplate(ctx, requireAuth(req), req.params.id),
  });
  r.patch('/:id/enabled', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Enable (after the runnable check: 10021, 692, 934) or disable a template',
      params: ZIdParams,
      body: z.object({ enabled: z.boolean() }),
      response: { 200: ZTemplateOut },
    },
    handler: (req) => service.setEnabled(ctx, requireAuth(req), req.params.id, req.body.enabled),
  });
  r.post('/:id/check', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Checks a template is runnable: questions (10021), a service (692), a facility type (934)',
      params: ZIdParams,
      response: { 200: ZOk },
    },
    handler: (req) => service.checkTemplate(ctx, requireAuth(req), req.params.id),
  });
}
