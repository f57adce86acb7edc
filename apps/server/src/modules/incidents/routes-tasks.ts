import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZFileRef, ZIncidentTaskOut, ZOwnerOut, ZTaskPatch, ZTaskVerify } from '@audit/domain/incidents';
import { ZSearchBody } from '@audit/domain/search';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import { exportIncidents } from './export.js';
import { searchTasks } from './search.js';
import { exportTasks } from './tasks-export.js';
import { searchOwners } from './owners.js';
import * as tasks from './tasks.js';

const tags = ['issues'];
const read = requires('ISSUE:READ');
const write = requires('ISSUE:WRITE');

/** /ms-core/api/tasks: the corrective actions (`/tasks`), their status, verification and photos. */
export async function tasksRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const auth = requireAuth;
  r.post('/search', {
    config: read,
    schema: {
      tags,
      summary: 'Paged search of corrective actions (status, priority, responsible, incident, overdue)',
      body: ZSearchBody,
      response: { 200: z.array(ZIncidentTaskOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await searchTasks(ctx, auth(req), req.body)),
  });
  r.post('/export-excel', {
    config: read,
    schema: {
      tags,
      summary: 'The filtered corrective actions list (the search body) as an Excel file, streamed, in the user’s language (832 when empty)',
      body: ZSearchBody,
    },
    handler: async (req, reply) => {
      const { stream, fileName } = await exportTasks(ctx, auth(req), req.body);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
  });
  r.get('/:id', {
    config: read,
    schema: { tags, summary: 'One corrective action', params: ZIdParams, response: { 200: ZIncidentTaskOut } },
    handler: (req) => tasks.presentTaskById(ctx, auth(req), req.params.id),
  });
  r.patch('/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Name, description, priority, responsible, due date, status (toDo → running → complete; ISS0002 otherwise)',
      params: ZIdParams,
      body: ZTaskPatch,
      response: { 200: ZIncidentTaskOut },
    },
    handler: (req) => tasks.updateTask(ctx, auth(req), req.params.id, req.body),
  });
  r.post('/:id/verify', {
    config: write,
    schema: {
      tags,
      summary: 'A second person approves (verified) or refuses (back to running) a complete action',
      params: ZIdParams,
      body: ZTaskVerify,
      response: { 200: ZIncidentTaskOut },
    },
    handler: (req) => tasks.verifyTask(ctx, auth(req), req.params.id, req.body.approved),
  });
  r.post('/:id/images', {
    config: write,
    schema: {
      tags,
      summary: 'Add a photo to the action (an image uploaded by POST /files/image)',
      params: ZIdParams,
      body: ZFileRef,
      response: { 200: ZIncidentTaskOut },
    },
    handler: (req) => tasks.addTaskImage(ctx, auth(req), req.params.id, req.body),
  });
  r.delete('/:id', {
    config: requires('ISSUE:DELETE'),
    schema: { tags, summary: 'Remove a corrective action', params: ZIdParams, response: { 200: ZOk } },
    handler: (req) => tasks.deleteTask(ctx, auth(req), req.params.id),
  });
}

/** POST /ms-core/api/users/search-incidences-owners: who may be responsible of an incident or action. */
export async function ownersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  typed(app).post('/search-incidences-owners', {
    config: read,
    schema: {
      tags,
      summary: 'Users of the caller’s scope who can own incidents and corrective actions',
      body: ZSearchBody,
      response: { 200: z.array(ZOwnerOut) },
    },
    handler: async (req, reply) => sendPage(reply, await searchOwners(ctx, requireAuth(req), req.body)),
  });
}

/** POST /ms-core/api/reports/issues/export-excel: the filtered incidents list as a streamed .xlsx. */
export async function exportRoutes(app: FastifyInstance, ctx: TModuleContext) {
  typed(app).post('/export-excel', {
    config: read,
    schema: {
      tags,
      summary: 'The filtered incidents list (search-issues body) as an Excel file, streamed, in the user’s language (832 when empty)',
      body: ZSearchBody,
    },
    handler: async (req, reply) => {
      const { stream, fileName } = await exportIncidents(ctx, requireAuth(req), req.body);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
  });
}
