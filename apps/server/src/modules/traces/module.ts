import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from '../../platform/trace/tables.js';
import { tracesRoutes } from './routes.js';

export const tracesModule = defineModule({
  name: 'traces',
  routes: [[`${CORE}/traces`, tracesRoutes]],
  // The platform writes traces (platform/trace); this module reads them.
  tables: declareTables(tables, { traces: 'tenant' }),
});
