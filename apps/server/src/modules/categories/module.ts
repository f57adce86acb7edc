import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { categoriesRoutes } from './routes.js';

export const categoriesModule = defineModule({
  name: 'categories',
  routes: [[`${CORE}/categories`, categoriesRoutes]],
  tables: declareTables(tables, {
    categories: 'catalogue',
  }),
});
