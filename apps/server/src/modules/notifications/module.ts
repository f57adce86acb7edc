import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { emailRoutes, sendEmailJob } from './email.js';
import { notificationsRoutes } from './routes.js';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [
    [`${CORE}/notifications`, notificationsRoutes],
    [`${CORE}/notifications`, emailRoutes],
  ],
  jobs: [sendEmailJob],
  tables: declareTables(tables, {
    notifications: 'tenant',
  }),
});
