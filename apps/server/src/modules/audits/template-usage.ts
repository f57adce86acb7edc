import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { permissionName } from '@audit/domain/permissions';
import { requireAuth, requires } from '../../platform/auth.js';
import { scoped, typed, ZIdParams, type TModuleContext } from '../../platform/http.js';
import * as templates from '../templates/service.js';
import { audits } from './tables.js';

export const ZTemplateUsage = z.object({ audits: z.number().int() });

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
  typed(app).get('/template-usage/:id', {
    config: requires(permissionName('TEMPLATES', 'DELETE')),
    schema: {
      tags: ['audits'],
      summary: 'How many audits were made from a template (shown before deleting it; the audits keep their own copy)',
      params: ZIdParams,
      response: { 200: ZTemplateUsage },
    },
    handler: (req) => templateUsage(ctx, requireAuth(req), req.params.id),
  });
}
