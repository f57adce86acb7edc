import { CORE, defineModule } from '../../platform/module.js';
import { categoriesRoutes } from './routes.js';

export const categoriesModule = defineModule({ name: 'categories', routes: [[`${CORE}/categories`, categoriesRoutes]] });
