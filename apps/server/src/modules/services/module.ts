import { CORE, defineModule } from '../../platform/module.js';
import { servicesRoutes, spaceServicesRoutes } from './routes.js';

export const servicesModule = defineModule({
  name: 'services',
  routes: [
    [`${CORE}/spaces`, spaceServicesRoutes],
    [`${CORE}/services`, servicesRoutes],
  ],
});
