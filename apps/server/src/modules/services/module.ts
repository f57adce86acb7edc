import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { servicesRoutes, spaceServicesRoutes } from './routes.js';

export const servicesModule = defineModule({
  name: 'services',
  routes: [
    [`${CORE}/spaces`, spaceServicesRoutes],
    [`${CORE}/services`, servicesRoutes],
  ],
  tables: declareTables(tables, {
    services: 'catalogue',
    spaceServiceGoals: 'tenant',
  }),
});
