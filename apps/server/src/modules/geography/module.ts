import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { geographyRoutes } from './routes.js';

/** /countries, /states and /cities (global reference data, loaded at start). */
export const geographyModule = defineModule({
  name: 'geography',
  routes: [[CORE, geographyRoutes]],
  tables: declareTables(tables, {
    cities: { global: 'reference data shared by every tenant, loaded at start, read-only' },
    countries: { global: 'reference data shared by every tenant, loaded at start, read-only' },
    states: { global: 'reference data shared by every tenant, loaded at start, read-only' },
  }),
});
