import { CORE, defineModule } from '../../platform/module.js';
import { structuresRoutes } from './routes.js';
import { areasRoutes, establishmentsRoutes } from './routes-sub.js';

export const structuresModule = defineModule({
  name: 'structures',
  routes: [
    [`${CORE}/structures`, structuresRoutes],
    [`${CORE}/establishments`, establishmentsRoutes],
    [`${CORE}/areas`, areasRoutes],
  ],
});
