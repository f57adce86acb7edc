import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, type TModuleContext } from '../../platform/http.js';
import * as service from './service.js';

const ZTrace = z.object({
  _id: z.string(),
  type: z.string(),
  owner: z.string().nullable(),
  ownerName: z.string().nullable(),
  entity: z.string().nullable(),
  module: z.string(),
  section: z.string(),
  payload: z.unknown(),
  date: z.string(),
});

/** /ms-core/api/traces: the audit trail is read only. */
export async function tracesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  r.post('/search', {
    config: { access: { permissions: ['TRACE:READ'] } },
    schema: {
      tags: ['traces'],
      summary:
        'Paged search of the audit trail (filters type, module, section, owner, entity, date with gte / lte / between); `space`: of that space and below only',
      body: ZSearchBody.extend({ space: z.string().uuid().optional() }),
      response: { 200: z.array(ZTrace.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await service.searchTraces(ctx, requireAuth(req), req.body)),
  });
  r.get('/:id', {
    config: { access: { permissions: ['TRACE:READ'] } },
    schema: { tags: ['traces'], summary: 'One trace of the audit trail, with its payload', params: ZIdParams, response: { 200: ZTrace } },
    handler: (req) => service.getTrace(ctx, requireAuth(req), req.params.id),
  });
}
