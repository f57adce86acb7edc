import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { filesRoutes } from './routes.js';

export const filesModule = defineModule({
  name: 'files',
  routes: [[`${CORE}/files`, filesRoutes]],
  tables: declareTables(tables, {
    files: 'tenant',
  }),
});
