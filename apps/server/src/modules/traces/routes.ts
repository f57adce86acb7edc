import type { FastifyInstance } from 'fastify';
import { traceCalls } from '@audit/domain/calls/traces';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';

const tags = ['traces'];

/** The audit trail is read only. */
export async function tracesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, traceCalls.search, {
    config: { access: { permissions: ['TRACE:READ'] } },
    tags,
    summary:
      'Paged search of the audit trail (filters type, module, section, owner, entity, date with gte / lte / between); `space`: of that space and below only',
    handler: async (req, reply) => sendPage(reply, await service.searchTraces(ctx, requireAuth(req), req.body)),
  });
  route(app, traceCalls.get, {
    config: { access: { permissions: ['TRACE:READ'] } },
    tags,
    summary: 'One trace of the audit trail, with its payload',
    handler: (req) => service.getTrace(ctx, requireAuth(req), req.params.id),
  });
}
