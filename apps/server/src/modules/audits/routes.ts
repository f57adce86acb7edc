import type { FastifyInstance } from 'fastify';
import { auditCalls } from '@audit/domain/calls/audits';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as lifecycle from './lifecycle.js';
import { answersRoutes } from './routes-run.js';
import { questionnaireRoutes } from './routes-questionnaire.js';
import { sectionReadRoutes, sectionRoutes } from './routes-sections.js';
import { AUDIT_TAGS, auditAccess, RUNS_NOTE } from './schemas.js';
import { sendAudit } from './read-cache.js';
import * as sections from './sections.js';
import * as service from './service.js';
import * as wizard from './wizard.js';
import { templateUsageRoutes } from './template-usage.js';

const tags = AUDIT_TAGS;
const perm = auditAccess;
const runs = RUNS_NOTE;

/** Mounted at /ms-core/api: /audits (this file, routes-run.ts, routes-sections.ts), /questionnaire-ies and /sections. One line in app.ts. */
/** A write the web sends keyed whose response is its one transaction's result (or no body): stored with its key there (decisions 0090, 0093). */
const keyedInTransaction = { ...perm('WRITE'), idempotency: 'in-transaction' as const };

export async function auditsModule(app: FastifyInstance, ctx: TModuleContext) {
  await app.register((scope) => auditsRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => answersRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => templateUsageRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => sectionReadRoutes(scope, ctx), { prefix: '/audits' });
  await app.register((scope) => questionnaireRoutes(scope, ctx), { prefix: '/questionnaire-ies' });
  await app.register((scope) => sectionRoutes(scope, ctx), { prefix: '/sections' });
}

async function auditsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, auditCalls.serviceOptions, {
    config: perm('CREATE'),
    tags,
    summary:
      "Wizard: services with a goal where the establishment takes its goals from (its own, else its nearest ancestor's), limited to the caller's access services",
    handler: (req) => wizard.servicesFor(ctx, auth(req), req.query.establishment),
  });
  route(app, auditCalls.auditorOptions, {
    config: perm('CREATE'),
    tags,
    summary: "Wizard: the audit company's active, verified auditors",
    handler: (req) => wizard.auditorsFor(ctx, auth(req), req.query.client),
  });
  route(app, auditCalls.templateOptions, {
    config: perm('CREATE'),
    tags,
    summary: 'Wizard: enabled templates (filters service, category, categoryTree; with `establishment`, those its goal allows); page size 25',
    handler: async (req, reply) => sendPage(reply, await wizard.templatesFor(ctx, auth(req), req.body)),
  });
  route(app, auditCalls.create, {
    config: perm('CREATE'),
    tags,
    summary: "Create a draft audit in the establishment's space, with a copy of the template (10021, 692, 934; 400 without a goal or for a disabled template)",
    handler: (req) => service.createAudit(ctx, auth(req), req.body),
  });
  route(app, auditCalls.search, {
    config: perm('READ'),
    tags,
    summary: 'Paged search of audits (filters client, establishment, service, template, status, auditor, startDate {from, to}, risk); stored figures',
    handler: async (req, reply) => sendPage(reply, await service.searchAudits(ctx, auth(req), req.body)),
  });
  route(app, auditCalls.checkScore, {
    config: perm('READ'),
    tags,
    summary: 'Scores, deductions, issue counts and risk of an audit, as GET computes them',
    handler: (req) => service.checkScore(ctx, auth(req), req.body.audit),
  });
  route(app, auditCalls.get, {
    config: { ...perm('READ'), etag: true },
    tags,
    summary: 'The whole audit: sections, questions, answers, issues, photos, questionnaire; figures computed while not finished',
    // The encoded body is kept per version of the audit (read-cache.ts, decision 0034).
    handler: (req, reply) => sendAudit(ctx, auth(req), req.params.id, req, reply),
  });
  route(app, auditCalls.preview, {
    config: perm('READ'),
    tags,
    summary: 'The audit without its tree (hasPreviousAudit, isIncomplete, owner) and the titles of its sections, for the detail and start dialog',
    handler: (req) => service.getPreview(ctx, auth(req), req.params.id),
  });
  route(app, auditCalls.execute, {
    config: perm('WRITE'),
    tags,
    summary: `Start a draft (AUD0003 when incomplete); use_previous=true copies the last finished audit's answers, notes and issues. Only the audit’s auditor (494), only a draft (AUD0002).`,
    handler: (req) => lifecycle.execute(ctx, auth(req), req.params.id, req.query.use_previous === 'true'),
  });
  route(app, auditCalls.finish, {
    config: keyedInTransaction,
    tags,
    summary: `Finish: AUD0001, 493, 495 (fields: question ids), 496, 497; stores scores, counts and risk.${runs}`,
    handler: (req) => lifecycle.finish(ctx, auth(req), req.params.id),
  });
  route(app, auditCalls.reopen, {
    config: perm('WRITE'),
    tags,
    summary: 'Back to running, erasing its issues and their evidences (finished audits only: AUD0002)',
    handler: (req) => lifecycle.reopen(ctx, auth(req), req.params.id),
  });
  route(app, auditCalls.setDate, {
    config: perm('WRITE'),
    tags,
    summary: 'Change the date range (UTC start to end of day) until the audit is finished (AUD0002)',
    handler: (req) => lifecycle.setDate(ctx, auth(req), req.params.id, req.body.date),
  });
  route(app, auditCalls.assign, {
    config: perm('WRITE'),
    tags,
    summary: "Assign the audit to another of the company's verified auditors (400 `auditor` otherwise), while it is a draft (AUD0002 once started)",
    handler: (req) => lifecycle.assign(ctx, auth(req), req.params.id, req.body.auditor),
  });
  route(app, auditCalls.share, {
    config: perm('WRITE'),
    tags,
    summary: 'Open or close the public report link of a finished audit (AUD0002 otherwise)',
    handler: (req) => lifecycle.setShare(ctx, auth(req), req.params.id, req.body.enabled),
  });
  route(app, auditCalls.updateCover, {
    config: keyedInTransaction,
    tags,
    summary: `Set values of coverFields (400 for a field that is not one of them); answers them all.${runs}`,
    handler: (req) => sections.setFieldValues(ctx, auth(req), req.params.id, 'DATA', req.body.coverFields),
  });
  route(app, auditCalls.updateContacts, {
    config: keyedInTransaction,
    tags,
    summary: `Set values of contactFields (400 for a field that is not one of them); answers them all.${runs}`,
    handler: (req) => sections.setFieldValues(ctx, auth(req), req.params.id, 'CONTACTS', req.body.contactFields),
  });
  route(app, auditCalls.duplicateSection, {
    config: keyedInTransaction,
    tags,
    summary: `Copy a duplicable section (or a copy) after its last copy, unanswered; 2222 beyond the limit.${runs}`,
    handler: (req) => sections.duplicateSection(ctx, auth(req), req.params.id, req.params.sectionId),
  });
  route(app, auditCalls.removeSection, {
    config: keyedInTransaction,
    tags,
    summary: `Remove a copy of a section with its answers and issues (400 for an original).${runs}`,
    handler: async (req, reply) => {
      await sections.removeSection(ctx, auth(req), req.params.id, req.params.sectionId);
      return reply.status(204).send();
    },
  });
}
