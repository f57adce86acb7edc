import { CORE, defineModule } from '../../platform/module.js';
import { usersRoutes } from './routes.js';

export const usersModule = defineModule({ name: 'users', routes: [[`${CORE}/users`, usersRoutes]] });
