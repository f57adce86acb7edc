import { defineModule } from '../../platform/module.js';
import { nomenclatureRoutes } from './routes.js';

export const nomenclaturesModule = defineModule({ name: 'nomenclatures', routes: nomenclatureRoutes });
