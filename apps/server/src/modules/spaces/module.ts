import { AUTH, CORE, defineModule } from '../../platform/module.js';
import { publicSpacesRoutes, spacesRoutes } from './routes.js';

export const spacesModule = defineModule({
  name: 'spaces',
  routes: [
    [`${AUTH}/spaces`, publicSpacesRoutes],
    [`${CORE}/spaces`, spacesRoutes],
  ],
});
