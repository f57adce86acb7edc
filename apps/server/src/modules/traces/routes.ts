import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { iso, scoped, sendPage, typed, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import * as repo from './repo.js';

const ZTrace = z.object({
  _id: z.string(),
  type: z.string(),
  owner: z.string().nullable(),
  entity: z.string().nullable(),
  module: z.string(),
  section: z.string(),
  payload: z.unknown(),
  date: z.string(),
});

/** /ms-core/api/traces: the audit trail is read only. */
export async function tracesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  typed(app).post('/search', {
    config: { access: { permissions: ['TRACE:READ'] } },
    schema: { tags: ['traces'], summary: 'Paged search of the audit trail', body: ZSearchBody, response: { 200: z.array(ZTrace.partial()) } },
    handler: async (req, reply) => {
      const caller = requireAuth(req);
      const page = await scoped(ctx, caller, (tx) => repo.searchTraces(tx, caller, req.body));
      const items = page.items.map((t) => ({
        _id: t.id,
        type: t.type,
        owner: t.ownerId,
        entity: t.entityId,
        module: t.module,
        section: t.section,
        payload: t.payload,
        date: iso(t.date)!,
      }));
      return sendPage(reply, { items: project(items, req.body.projections), total: page.total });
    },
  });
}
