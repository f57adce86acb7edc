import type { FastifyInstance } from 'fastify';
import { incidentCalls } from '@audit/domain/calls/incidents';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as comments from './comments.js';
import { searchIncidents } from './search.js';
import * as service from './service.js';
import * as tasks from './tasks.js';

const tags = ['issues'];
const read = requires('ISSUE:READ');
const write = requires('ISSUE:WRITE');
// A change answering with its one transaction's result: a keyed one stores it with its key there (decision 0093).
const keyedWrite = { ...write, idempotency: 'in-transaction' as const };

/** The incidents lists, detail, status machine, history, comments, evidences (decision 0038). */
export async function issuesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, incidentCalls.search, {
    config: read,
    tags,
    summary:
      'Paged search of incidents: kind (audits, others, measurements), status (§4 resolved/solvedInPlace rule), risk, client, establishment, area, responsible, auditDate month range, template',
    handler: async (req, reply) => sendPage(reply, await searchIncidents(ctx, auth(req), req.body)),
  });
  route(app, incidentCalls.report, {
    config: write,
    tags,
    summary: 'Report an "others" incident by hand (draft or running)',
    handler: (req) => service.reportIncident(ctx, auth(req), req.body),
  });
  route(app, incidentCalls.get, {
    config: read,
    tags,
    summary: 'One incident with its evidences and corrective actions',
    handler: (req) => service.getIncident(ctx, auth(req), req.params.id),
  });
  route(app, incidentCalls.update, {
    config: write,
    tags,
    summary: 'Name, description, priority, category, type, responsible',
    handler: (req) => service.updateIncident(ctx, auth(req), req.params.id, req.body),
  });
  route(app, incidentCalls.status, {
    config: write,
    tags,
    summary: 'A move along the incident machine (ISS0001 forbidden move, 590 resolved without a complete verified action)',
    handler: (req) => service.changeStatus(ctx, auth(req), req.params.id, req.body.status),
  });
  route(app, incidentCalls.history, {
    config: read,
    tags,
    summary: 'Every change of the incident and its actions, newest first (who, when)',
    handler: (req) => service.historyOf(ctx, auth(req), req.params.id),
  });
  route(app, incidentCalls.comments, {
    config: read,
    tags,
    summary: 'Comments of the incident',
    handler: (req) => comments.listComments(ctx, auth(req), req.params.id),
  });
  route(app, incidentCalls.addComment, {
    config: keyedWrite,
    tags,
    summary: 'Add a comment',
    handler: (req) => comments.addComment(ctx, auth(req), req.params.id, req.body.text),
  });
  route(app, incidentCalls.updateComment, {
    config: keyedWrite,
    tags,
    summary: 'Edit one’s own comment',
    handler: (req) => comments.updateComment(ctx, auth(req), req.params.id, req.params.commentId, req.body.text),
  });
  route(app, incidentCalls.removeComment, {
    config: keyedWrite,
    tags,
    summary: 'Remove one’s own comment',
    handler: (req) => comments.removeComment(ctx, auth(req), req.params.id, req.params.commentId),
  });
  route(app, incidentCalls.addEvidence, {
    config: write,
    tags,
    summary: 'Add a photo (an image uploaded by POST /files/image)',
    handler: (req) => comments.addEvidence(ctx, auth(req), req.params.id, req.body),
  });
  route(app, incidentCalls.removeEvidence, {
    config: write,
    tags,
    summary: 'Remove a photo',
    handler: (req) => comments.removeEvidence(ctx, auth(req), req.params.id, req.params.evidenceId),
  });
  route(app, incidentCalls.addTask, {
    config: write,
    tags,
    summary: 'Add a corrective action (toDo)',
    handler: (req) => tasks.createTask(ctx, auth(req), req.params.id, req.body),
  });
}
