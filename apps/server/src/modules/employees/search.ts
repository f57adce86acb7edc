import { and, sql } from 'drizzle-orm';
import { EMPLOYEE_STATUSES } from '@audit/domain/employees/schemas';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { presentEmployees } from './service.js';
import { employees } from './tables.js';

/** The list's whitelisted filters and sorts; the free text matches the name and the DNI. */
export const employeeSearch: TSearchDefinition = {
  fields: {
    _id: { column: employees.id, type: 'uuid' },
    status: { column: employees.status, type: 'enum', values: EMPLOYEE_STATUSES },
    firstName: { column: employees.firstName, type: 'text' },
    lastName: { column: employees.lastName, type: 'text' },
    fullName: { column: sql`(${employees.firstName} || coalesce(' ' || ${employees.lastName}, ''))`, type: 'text' },
    dni: { column: employees.dni, type: 'text' },
    birthday: { column: employees.birthday, type: 'text' },
    user: { column: employees.userId, type: 'uuid' },
    workerProfile: { column: employees.workerProfile, type: 'uuid' },
    occupation: { column: employees.occupation, type: 'uuid' },
    country: { column: employees.country, type: 'uuid' },
    province: { column: employees.province, type: 'uuid' },
    municipality: { column: employees.municipality, type: 'uuid' },
    createdAt: { column: employees.createdAt, type: 'date' },
    updatedAt: { column: employees.updatedAt, type: 'date' },
  },
  searchColumns: [employees.firstName, employees.lastName, employees.dni],
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

/** POST /employees/search: server-paged, the caller's space and below. */
export async function searchEmployees(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(employeeSearch, body);
  return scoped(ctx, caller, async (tx) => {
    const page = await readPageByIds({ tx, table: employees, idColumn: employees.id, where: and(withinScope(employees.secureSpacePath, caller), q.where), q });
    return { items: project(await presentEmployees(tx, caller, page.items), body.projections), total: page.total };
  });
}
