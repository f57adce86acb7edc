import { CORE, defineModule } from '../../platform/module.js';
import { tracesRoutes } from './routes.js';

export const tracesModule = defineModule({ name: 'traces', routes: [[`${CORE}/traces`, tracesRoutes]] });
