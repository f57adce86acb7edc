import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { permissionsRoutes, rolesRoutes } from './routes.js';

export const rolesModule = defineModule({
  name: 'roles',
  routes: [
    [`${CORE}/roles`, rolesRoutes],
    [`${CORE}/permissions`, (app) => permissionsRoutes(app)],
  ],
  tables: declareTables(tables, {
    roles: 'catalogue',
    userRoles: 'tenant',
  }),
});
