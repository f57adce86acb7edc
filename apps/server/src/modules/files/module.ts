import { CORE, defineModule } from '../../platform/module.js';
import { filesRoutes } from './routes.js';

export const filesModule = defineModule({ name: 'files', routes: [[`${CORE}/files`, filesRoutes]] });
