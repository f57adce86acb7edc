import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZIncidentOut } from '@audit/domain/incidents';
import { requireAuth, requires } from '../../platform/auth.js';
import { scoped, typed, ZId, type TModuleContext } from '../../platform/http.js';
import { issuesTasksAll } from '../incidents/sources.js';
import { loadAudit } from './access.js';

/**
 * POST /ms-core/api/audits/{id}/questions/{questionId}/issues-tasks-all: a finished audit's question's
 * incidents with their corrective actions (the incidents module keeps them, decision 0038). Here
 * because the audit must be one the caller sees (404 otherwise).
 */
export async function auditIncidentsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  typed(app).post('/:id/questions/:questionId/issues-tasks-all', {
    config: requires('ISSUE:READ'),
    schema: {
      tags: ['issues'],
      summary: 'The incidents of a finished audit’s question, with their corrective actions',
      params: z.object({ id: ZId, questionId: ZId }),
      response: { 200: z.array(ZIncidentOut.extend({ tasks: z.array(z.object({ _id: z.string(), name: z.string(), status: z.string() })) })) },
    },
    handler: async (req) => {
      const caller = requireAuth(req);
      await scoped(ctx, caller, (tx) => loadAudit(tx, caller, req.params.id));
      return issuesTasksAll(ctx, caller, req.params.id, req.params.questionId);
    },
  });
}
