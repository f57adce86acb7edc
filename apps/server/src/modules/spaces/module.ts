import { AUTH, CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { publicSpacesRoutes, spacesRoutes } from './routes.js';

export const spacesModule = defineModule({
  name: 'spaces',
  routes: [
    [`${AUTH}/spaces`, publicSpacesRoutes],
    [`${CORE}/spaces`, spacesRoutes],
  ],
  tables: declareTables(tables, {
    spaceAccessRequests: 'tenant',
    spaces: 'tenant',
  }),
});
