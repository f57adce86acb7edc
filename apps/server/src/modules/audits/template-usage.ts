import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { auditCalls } from '@audit/domain/calls/audits';
import { permissionName } from '@audit/domain/permissions';
import { requireAuth, requires } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as templates from '../templates/service.js';
import { audits } from './tables.js';

/**
 * How many audits were made from a template, asked before deleting it (decision 0026): the audits
 * keep their own copy of the template, so deleting it leaves them and their reports intact; the
 * confirmation says how many there are. 404 for a template the caller cannot see.
 */
export async function templateUsage(ctx: TModuleContext, caller: Parameters<typeof templates.loadTemplate>[1], templateId: string) {
  return scoped(ctx, caller, async (tx) => {
    await templates.loadTemplate(tx, caller, templateId);
    const [row] = await tx.select({ n: count() }).from(audits).where(eq(audits.templateId, templateId));
    return { audits: row?.n ?? 0 };
  });
}

/** GET /audits/template-usage/{id}: for whoever may delete templates. */
export async function templateUsageRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, auditCalls.templateUsage, {
    config: requires(permissionName('TEMPLATES', 'DELETE')),
    tags: ['audits'],
    summary: 'How many audits were made from a template (shown before deleting it; the audits keep their own copy)',
    handler: (req) => templateUsage(ctx, requireAuth(req), req.params.id),
  });
}
