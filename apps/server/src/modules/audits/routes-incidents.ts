import type { FastifyInstance } from 'fastify';
import { auditCalls } from '@audit/domain/calls/audits';
import { requireAuth, requires } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { issuesTasksAll } from '../incidents/sources.js';
import { loadAudit } from './access.js';

/**
 * POST /ms-core/api/audits/{id}/questions/{questionId}/issues-tasks-all: a finished audit's question's
 * incidents with their corrective actions (the incidents module keeps them, decision 0038). Here
 * because the audit must be one the caller sees (404 otherwise).
 */
export async function auditIncidentsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, auditCalls.questionIncidents, {
    config: requires('ISSUE:READ'),
    tags: ['issues'],
    summary: 'The incidents of a finished audit’s question, with their corrective actions',
    handler: async (req) => {
      const caller = requireAuth(req);
      await scoped(ctx, caller, (tx) => loadAudit(tx, caller, req.params.id));
      return issuesTasksAll(ctx, caller, req.params.id, req.params.questionId);
    },
  });
}
