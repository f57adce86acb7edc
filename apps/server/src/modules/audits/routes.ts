import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZAssignAuditor, ZFieldValues } from '@audit/domain/audits';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZId, type TModuleContext } from '../../platform/http.js';
import * as lifecycle from './lifecycle.js';
import { answersRoutes } from './routes-run.js';
import { questionnaireRoutes } from './routes-questionnaire.js';
import { sectionReadRoutes, sectionRoutes } from './routes-sections.js';
import {
  AUDIT_TAGS,
  auditAccess,
  RUNS_NOTE,
  ZAuditFieldOut,
  ZAuditListItemOut,
  ZAuditPreviewOut,
  ZAuditOut,
  ZAuditParams,
  ZAuditSearchBody,
  ZAuditSectionOut,
  ZCheckScoreOut,
  ZCreateAudit,
  ZDateRange,
  ZSectionParams,
  ZWizardAuditor,
  ZWizardService,
  ZWizardTemplatesBody,
} from './schemas.js';
import { sendAudit } from './read-cache.js';
import * as sections from './sections.js';
import * as service from './service.js';
import * as wizard from './wizard.js';
import { templateUsageRoutes } from './template-usage.js';
import { ZTemplateSummary } from '../templates/schemas.js';

const tags = AUDIT_TAGS;
const perm = auditAccess;
const runs = RUNS_NOTE;

/** Mounted at /ms-core/api: /audits (this file, routes-run.ts, routes-sections.ts), /questionnaire-ies and /sections. One line in app.ts. */
export async function auditsModule(app: FastifyInstance, ctx: TModuleContext) {
  await app.register((scope) => auditsRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => answersRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => templateUsageRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => sectionReadRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => questionnaireRoutes(scope, ctx), { prefix: '/questionnaire-ies' });
  await app.register((scope) => sectionRoutes(scope, ctx), { prefix: '/sections' });
}

async function auditsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.get('/options/services', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary:
        "Wizard: services with a goal where the establishment takes its goals from (its own, else its nearest ancestor's), limited to the caller's access services",
      querystring: z.object({ establishment: ZId }),
      response: { 200: z.array(ZWizardService) },
    },
    handler: (req) => wizard.servicesFor(ctx, auth(req), req.query.establishment),
  });
  r.get('/options/auditors', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: "Wizard: the audit company's active, verified auditors",
      querystring: z.object({ client: ZId }),
      response: { 200: z.array(ZWizardAuditor) },
    },
    handler: (req) => wizard.auditorsFor(ctx, auth(req), req.query.client),
  });
  r.post('/options/templates', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary: 'Wizard: enabled templates (filters service, category, categoryTree; with `establishment`, those its goal allows); page size 25',
      body: ZWizardTemplatesBody,
      response: { 200: z.array(ZTemplateSummary.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await wizard.templatesFor(ctx, auth(req), req.body)),
  });
  r.post('/', {
    config: perm('CREATE'),
    schema: {
      tags,
      summary:
        "Create a draft audit in the establishment's space, with a copy of the template (10021, 692, 934; 400 without a goal or for a disabled template)",
      body: ZCreateAudit,
      response: { 200: ZAuditOut },
    },
    handler: (req) => service.createAudit(ctx, auth(req), req.body),
  });
  r.post('/search', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Paged search of audits (filters client, establishment, service, template, status, auditor, startDate {from, to}, risk); stored figures',
      body: ZAuditSearchBody,
      response: { 200: z.array(ZAuditListItemOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchAudits(ctx, auth(req), req.body)),
  });
  r.post('/check-score', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'Scores, deductions, issue counts and risk of an audit, as GET computes them',
      body: z.object({ audit: ZId }),
      response: { 200: ZCheckScoreOut },
    },
    handler: (req) => service.checkScore(ctx, auth(req), req.body.audit),
  });
  r.get('/:id', {
    config: { ...perm('READ'), etag: true },
    schema: {
      tags,
      summary: 'The whole audit: sections, questions, answers, issues, photos, questionnaire; figures computed while not finished',
      params: ZAuditParams,
      response: { 200: ZAuditOut },
    },
    // The encoded body is kept per version of the audit (read-cache.ts, decision 0034).
    handler: (req, reply) => sendAudit(ctx, auth(req), req.params.id, req, reply),
  });
  r.get('/:id/get-preview', {
    config: perm('READ'),
    schema: {
      tags,
      summary: 'The audit without its tree (hasPreviousAudit, isIncomplete, owner) and the titles of its sections, for the detail and start dialog',
      params: ZAuditParams,
      response: { 200: ZAuditPreviewOut },
    },
    handler: (req) => service.getPreview(ctx, auth(req), req.params.id),
  });
  r.patch('/:id/execute', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: `Start a draft (AUD0003 when incomplete); use_previous=true copies the last finished audit's answers, notes and issues. Only the audit’s auditor (494), only a draft (AUD0002).`,
      params: ZAuditParams,
      querystring: z.object({ use_previous: z.enum(['true', 'false']).optional() }),
      response: { 200: ZAuditOut },
    },
    handler: (req) => lifecycle.execute(ctx, auth(req), req.params.id, req.query.use_previous === 'true'),
  });
  r.patch('/:id/finished', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: `Finish: AUD0001, 493, 495 (fields: question ids), 496, 497; stores scores, counts and risk.${runs}`,
      params: ZAuditParams,
      response: { 200: ZAuditOut },
    },
    handler: (req) => lifecycle.finish(ctx, auth(req), req.params.id),
  });
  r.patch('/:id/reopen', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Back to running, erasing its issues and their evidences (finished audits only: AUD0002)',
      params: ZAuditParams,
      response: { 200: ZAuditOut },
    },
    handler: (req) => lifecycle.reopen(ctx, auth(req), req.params.id),
  });
  r.patch('/:id/date', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Change the date range (UTC start to end of day) until the audit is finished (AUD0002)',
      params: ZAuditParams,
      body: z.object({ _id: ZId.optional(), date: ZDateRange }),
      response: { 200: ZAuditOut },
    },
    handler: (req) => lifecycle.setDate(ctx, auth(req), req.params.id, req.body.date),
  });
  r.patch('/:id/auditor', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: "Assign the audit to another of the company's verified auditors (400 `auditor` otherwise), while it is a draft (AUD0002 once started)",
      params: ZAuditParams,
      body: ZAssignAuditor,
      response: { 200: ZAuditOut },
    },
    handler: (req) => lifecycle.assign(ctx, auth(req), req.params.id, req.body.auditor),
  });
  r.patch('/:id/share', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: 'Open or close the public report link of a finished audit (AUD0002 otherwise)',
      params: ZAuditParams,
      body: z.object({ enabled: z.boolean() }),
      response: { 200: z.object({ enabled: z.boolean(), url: z.string().nullable() }) },
    },
    handler: (req) => lifecycle.setShare(ctx, auth(req), req.params.id, req.body.enabled),
  });
  for (const [path, kind, field] of [
    ['cover/update', 'DATA', 'coverFields'],
    ['contact-field/update', 'CONTACTS', 'contactFields'],
  ] as const) {
    r.post(`/:id/${path}`, {
      config: perm('WRITE'),
      schema: {
        tags,
        summary: `Set values of ${field} (400 for a field that is not one of them); answers them all.${runs}`,
        params: ZAuditParams,
        body: z.object({ [field]: ZFieldValues }),
        response: { 200: z.array(ZAuditFieldOut) },
      },
      handler: (req) =>
        sections.setFieldValues(ctx, auth(req), req.params.id, kind, (req.body as Record<string, { _id: string; value: string | null }[]>)[field] ?? []),
    });
  }
  r.post('/:id/sections/:sectionId/duplicate', {
    config: perm('WRITE'),
    schema: {
      tags,
      summary: `Copy a duplicable section (or a copy) after its last copy, unanswered; 2222 beyond the limit.${runs}`,
      params: ZSectionParams,
      response: { 200: ZAuditSectionOut },
    },
    handler: (req) => sections.duplicateSection(ctx, auth(req), req.params.id, req.params.sectionId),
  });
  r.delete('/:id/sections/:sectionId/remove', {
    config: perm('WRITE'),
    schema: { tags, summary: `Remove a copy of a section with its answers and issues (400 for an original).${runs}`, params: ZSectionParams },
    handler: async (req, reply) => {
      await sections.removeSection(ctx, auth(req), req.params.id, req.params.sectionId);
      return reply.status(204).send();
    },
  });
}
