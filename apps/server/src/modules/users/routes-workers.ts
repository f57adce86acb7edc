import type { FastifyInstance } from 'fastify';
import { userCalls } from '@audit/domain/calls/users';
import { requireAuth } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';

/**
 * /ms-core/api/workers: a worker is a user with the auditor switch on (isAuditor), the people the
 * company sends to audit (decision 0024). The calls document's one call is the users search narrowed
 * to them: same body, filters and projections as `users/search`, larger lookups (size up to 250).
 */
export async function workersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, userCalls.searchWorkers, {
    config: { access: { permissions: ['USER:READ'] } },
    tags: ['users'],
    summary: 'Paged search of the workers (users with the auditor switch on) of the space; the filters of users/search apply too',
    handler: async (req, reply) => {
      const body = { ...req.body, filters: [...req.body.filters, { field: 'isAuditor', operator: 'eq' as const, value: true }] };
      return sendPage(reply, await service.searchUsers(ctx, requireAuth(req), body));
    },
  });
}
