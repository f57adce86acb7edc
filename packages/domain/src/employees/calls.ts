import { z } from '../zod.js';
import { ZSearchBody } from '../search.js';
import { CORE, defineCall } from '../calls/define.js';
import { ZEmployeeInput, ZEmployeeOut, ZEmployeePatch } from './schemas.js';

const EMPLOYEES = `${CORE}/employees`;
const ZIdParams = z.object({ id: z.string().uuid() });
const ZOk = z.object({ ok: z.literal(true) });

/**
 * The employees of /employees (decision 0084). The calls document defines none: REST on the
 * entity's base, as ARCHITECTURE.md says for paths not shown. `workers/search-users` (the auditor
 * pickers) stays the users module's.
 */
export const employeeCalls = {
  search: defineCall({
    name: 'employees.search',
    method: 'POST',
    path: `${EMPLOYEES}/search`,
    body: ZSearchBody,
    response: z.array(ZEmployeeOut.partial()),
    page: true,
  }),
  create: defineCall({
    name: 'employees.create',
    method: 'POST',
    path: EMPLOYEES,
    body: ZEmployeeInput,
    response: ZEmployeeOut,
    errors: ['userIsWorker', 'alreadyExists', 'provinceRefused', 'municipalityRefused'],
  }),
  get: defineCall({ name: 'employees.get', method: 'GET', path: `${EMPLOYEES}/:id`, params: ZIdParams, response: ZEmployeeOut, errors: ['notFound'] }),
  update: defineCall({
    name: 'employees.update',
    method: 'PATCH',
    path: `${EMPLOYEES}/:id`,
    params: ZIdParams,
    body: ZEmployeePatch,
    response: ZEmployeeOut,
    errors: ['notFound', 'userIsWorker', 'alreadyExists', 'provinceRefused', 'municipalityRefused'],
  }),
  remove: defineCall({ name: 'employees.remove', method: 'DELETE', path: `${EMPLOYEES}/:id`, params: ZIdParams, response: ZOk, errors: ['notFound'] }),
};
