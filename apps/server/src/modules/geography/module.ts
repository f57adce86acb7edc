import { CORE, defineModule } from '../../platform/module.js';
import { geographyRoutes } from './routes.js';

/** /countries, /states and /cities (global reference data, loaded at start). */
export const geographyModule = defineModule({ name: 'geography', routes: [[CORE, geographyRoutes]] });
