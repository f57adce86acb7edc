import type { FastifyInstance } from 'fastify';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { exportIncidents } from './export.js';
import { searchTasks } from './search.js';
import { exportTasks } from './tasks-export.js';
import { searchOwners } from './owners.js';
import * as tasks from './tasks.js';

const tags = ['issues'];
const read = requires('ISSUE:READ');
const write = requires('ISSUE:WRITE');
// The offline queue sends an action's status and photos keyed: the answer is stored with the key in the change's transaction (decision 0093).
const keyedWrite = { ...write, idempotency: 'in-transaction' as const };

/** The corrective actions (`/tasks`), their status, verification and photos. */
export async function tasksRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const auth = requireAuth;
  route(app, taskCalls.search, {
    config: read,
    tags,
    summary: 'Paged search of corrective actions (status, priority, responsible, incident, overdue)',
    handler: async (req, reply) => sendPage(reply, await searchTasks(ctx, auth(req), req.body)),
  });
  route(app, taskCalls.exportExcel, {
    config: read,
    tags,
    summary: 'The filtered corrective actions list (the search body) as an Excel file, streamed, in the user’s language (832 when empty)',
    handler: async (req, reply) => {
      const { stream, fileName } = await exportTasks(ctx, auth(req), req.body);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
  });
  route(app, taskCalls.get, {
    config: read,
    tags,
    summary: 'One corrective action',
    handler: (req) => tasks.presentTaskById(ctx, auth(req), req.params.id),
  });
  route(app, taskCalls.update, {
    config: keyedWrite,
    tags,
    summary: 'Name, description, priority, responsible, due date, status (toDo → running → complete; ISS0002 otherwise)',
    handler: (req) => tasks.updateTask(ctx, auth(req), req.params.id, req.body),
  });
  route(app, taskCalls.verify, {
    config: write,
    tags,
    summary: 'A second person approves (verified) or refuses (back to running) a complete action',
    handler: (req) => tasks.verifyTask(ctx, auth(req), req.params.id, req.body.approved),
  });
  route(app, taskCalls.addImage, {
    config: keyedWrite,
    tags,
    summary: 'Add a photo to the action (an image uploaded by POST /files/image)',
    handler: (req) => tasks.addTaskImage(ctx, auth(req), req.params.id, req.body),
  });
  route(app, taskCalls.remove, {
    config: requires('ISSUE:DELETE'),
    tags,
    summary: 'Remove a corrective action',
    handler: (req) => tasks.deleteTask(ctx, auth(req), req.params.id),
  });
}

/** Who may be responsible of an incident or action. */
export async function ownersRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, incidentCalls.owners, {
    config: read,
    tags,
    summary: 'Users of the caller’s scope who can own incidents and corrective actions',
    handler: async (req, reply) => sendPage(reply, await searchOwners(ctx, requireAuth(req), req.body)),
  });
}

/** The filtered incidents list as a streamed .xlsx. */
export async function exportRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, incidentCalls.exportExcel, {
    config: read,
    tags,
    summary: 'The filtered incidents list (search-issues body) as an Excel file, streamed, in the user’s language (832 when empty)',
    handler: async (req, reply) => {
      const { stream, fileName } = await exportIncidents(ctx, requireAuth(req), req.body);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
  });
}
