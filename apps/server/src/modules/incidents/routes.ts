import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCommentInput,
  ZCommentOut,
  ZFileRef,
  ZHistoryOut,
  ZIncidentDetail,
  ZIncidentOut,
  ZIncidentPatch,
  ZIncidentSearchBody,
  ZIncidentStatusChange,
  ZIncidentTaskOut,
  ZOtherIncidentInput,
  ZTaskInput,
} from '@audit/domain/incidents';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZId, ZIdParams, type TModuleContext } from '../../platform/http.js';
import * as comments from './comments.js';
import { searchIncidents } from './search.js';
import * as service from './service.js';
import * as tasks from './tasks.js';

const tags = ['issues'];
const read = requires('ISSUE:READ');
const write = requires('ISSUE:WRITE');
const ZCommentParams = z.object({ id: ZId, commentId: ZId });
const ZEvidenceParams = z.object({ id: ZId, evidenceId: ZId });

/** /ms-core/api/issues: the incidents lists, detail, status machine, history, comments, evidences (decision 0038). */
export async function issuesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.post('/search-issues', {
    config: read,
    schema: {
      tags,
      summary:
        'Paged search of incidents: kind (audits, others, measurements), status (§4 resolved/solvedInPlace rule), risk, client, establishment, area, responsible, auditDate month range, template',
      body: ZIncidentSearchBody,
      response: { 200: z.array(ZIncidentOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await searchIncidents(ctx, auth(req), req.body)),
  });
  r.post('/', {
    config: write,
    schema: { tags, summary: 'Report an "others" incident by hand (draft or running)', body: ZOtherIncidentInput, response: { 200: ZIncidentDetail } },
    handler: (req) => service.reportIncident(ctx, auth(req), req.body),
  });
  r.get('/:id', {
    config: read,
    schema: { tags, summary: 'One incident with its evidences and corrective actions', params: ZIdParams, response: { 200: ZIncidentDetail } },
    handler: (req) => service.getIncident(ctx, auth(req), req.params.id),
  });
  r.patch('/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Name, description, priority, category, type, responsible',
      params: ZIdParams,
      body: ZIncidentPatch,
      response: { 200: ZIncidentDetail },
    },
    handler: (req) => service.updateIncident(ctx, auth(req), req.params.id, req.body),
  });
  r.patch('/:id/status', {
    config: write,
    schema: {
      tags,
      summary: 'A move along the incident machine (ISS0001 forbidden move, 590 resolved without a complete verified action)',
      params: ZIdParams,
      body: ZIncidentStatusChange,
      response: { 200: ZIncidentDetail },
    },
    handler: (req) => service.changeStatus(ctx, auth(req), req.params.id, req.body.status),
  });
  r.get('/:id/history', {
    config: read,
    schema: {
      tags,
      summary: 'Every change of the incident and its actions, newest first (who, when)',
      params: ZIdParams,
      response: { 200: z.array(ZHistoryOut) },
    },
    handler: (req) => service.historyOf(ctx, auth(req), req.params.id),
  });
  r.get('/:id/comments', {
    config: read,
    schema: { tags, summary: 'Comments of the incident', params: ZIdParams, response: { 200: z.array(ZCommentOut) } },
    handler: (req) => comments.listComments(ctx, auth(req), req.params.id),
  });
  r.post('/:id/comments', {
    config: write,
    schema: { tags, summary: 'Add a comment', params: ZIdParams, body: ZCommentInput, response: { 200: z.array(ZCommentOut) } },
    handler: (req) => comments.addComment(ctx, auth(req), req.params.id, req.body.text),
  });
  r.patch('/:id/comments/:commentId', {
    config: write,
    schema: { tags, summary: 'Edit one’s own comment', params: ZCommentParams, body: ZCommentInput, response: { 200: z.array(ZCommentOut) } },
    handler: (req) => comments.updateComment(ctx, auth(req), req.params.id, req.params.commentId, req.body.text),
  });
  r.delete('/:id/comments/:commentId', {
    config: write,
    schema: { tags, summary: 'Remove one’s own comment', params: ZCommentParams, response: { 200: z.array(ZCommentOut) } },
    handler: (req) => comments.removeComment(ctx, auth(req), req.params.id, req.params.commentId),
  });
  r.post('/:id/evidences', {
    config: write,
    schema: { tags, summary: 'Add a photo (an image uploaded by POST /files/image)', params: ZIdParams, body: ZFileRef, response: { 200: ZIncidentDetail } },
    handler: (req) => comments.addEvidence(ctx, auth(req), req.params.id, req.body),
  });
  r.delete('/:id/evidences/:evidenceId', {
    config: write,
    schema: { tags, summary: 'Remove a photo', params: ZEvidenceParams, response: { 200: ZIncidentDetail } },
    handler: (req) => comments.removeEvidence(ctx, auth(req), req.params.id, req.params.evidenceId),
  });
  r.post('/:id/tasks', {
    config: write,
    schema: { tags, summary: 'Add a corrective action (toDo)', params: ZIdParams, body: ZTaskInput, response: { 200: ZIncidentTaskOut } },
    handler: (req) => tasks.createTask(ctx, auth(req), req.params.id, req.body),
  });
}
