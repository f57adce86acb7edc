import type { FastifyInstance } from 'fastify';
import { employeeCalls } from '@audit/domain/employees/calls';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { searchEmployees } from './search.js';
import * as service from './service.js';

const auth = requireAuth;

/** /ms-core/api/employees: the audit company's employees (decision 0084), WORKER permissions. */
export async function employeesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['employees'];
  route(app, employeeCalls.search, {
    config: requires('WORKER:READ'),
    tags,
    summary: 'Paged search of the employees of the space and below: status, names, dni, user, workerProfile, occupation, geography; text matches name and DNI',
    handler: async (req, reply) => sendPage(reply, await searchEmployees(ctx, auth(req), req.body)),
  });
  route(app, employeeCalls.create, {
    config: requires('WORKER:CREATE'),
    tags,
    summary:
      'Create an employee: DNI or NIE with its check letter, 16 or older, coherent location (453/456); 421 for a user already linked, 420 for a DNI already in the space',
    handler: (req) => service.createEmployee(ctx, auth(req), req.body),
  });
  route(app, employeeCalls.get, {
    config: requires('WORKER:READ'),
    tags,
    summary: 'One employee with the names of its user, clients, areas, profile and occupation',
    handler: (req) => service.getEmployee(ctx, auth(req), req.params.id),
  });
  route(app, employeeCalls.update, {
    config: requires('WORKER:WRITE'),
    tags,
    summary: 'Change the fields sent; a new country clears province and municipality, a new province the municipality',
    handler: (req) => service.updateEmployee(ctx, auth(req), req.params.id, req.body),
  });
  route(app, employeeCalls.remove, {
    config: requires('WORKER:DELETE'),
    tags,
    summary: 'Delete an employee (their user account stays)',
    handler: (req) => service.deleteEmployee(ctx, auth(req), req.params.id),
  });
}
