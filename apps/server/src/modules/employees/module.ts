import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import { onUniqueViolation } from '../../platform/unique-violations.js';
import * as tables from './tables.js';
import { employeesRoutes } from './routes.js';

// The indexes are the last word: a user already linked (even by a parallel request) is 421, a DNI the space has is 420.
onUniqueViolation('employees_user_key', { code: 'userIsWorker', fields: ['user'] });
onUniqueViolation('employees_dni_key', { code: 'alreadyExists', fields: ['dni'] });

/** The audit company's employees at /employees (decision 0084). */
export const employeesModule = defineModule({
  name: 'employees',
  routes: [[`${CORE}/employees`, employeesRoutes]],
  tables: declareTables(tables, { employees: 'tenant' }),
});
