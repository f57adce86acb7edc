import { CORE, defineModule } from '../../platform/module.js';
import { permissionsRoutes, rolesRoutes } from './routes.js';

export const rolesModule = defineModule({
  name: 'roles',
  routes: [
    [`${CORE}/roles`, rolesRoutes],
    [`${CORE}/permissions`, (app) => permissionsRoutes(app)],
  ],
});
