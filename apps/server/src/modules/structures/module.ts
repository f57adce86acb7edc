import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { structuresRoutes } from './routes.js';
import { areasRoutes, establishmentsRoutes } from './routes-sub.js';

export const structuresModule = defineModule({
  name: 'structures',
  routes: [
    [`${CORE}/structures`, structuresRoutes],
    [`${CORE}/establishments`, establishmentsRoutes],
    [`${CORE}/areas`, areasRoutes],
  ],
  tables: declareTables(tables, {
    structureDetails: 'tenant',
  }),
});
