import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { usersRoutes } from './routes.js';
import { workersRoutes } from './routes-workers.js';

export const usersModule = defineModule({
  name: 'users',
  routes: [
    [`${CORE}/users`, usersRoutes],
    [`${CORE}/workers`, workersRoutes],
  ],
  tables: declareTables(tables, {
    userSpaces: 'tenant',
    users: 'tenant',
  }),
});
