import { AUTH, CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { purgeExpiredSessionsJob } from './purge.js';
import { authRoutes, spaceAccessRoutes } from './routes.js';

export const authModule = defineModule({
  name: 'auth',
  routes: [
    [AUTH, authRoutes],
    /** POST /ms-core/api/spaces/{id}/access: entering a space is a session matter (docs/decisions/0019). */
    [`${CORE}/spaces`, spaceAccessRoutes],
  ],
  jobs: [purgeExpiredSessionsJob],
  schedules: [{ job: purgeExpiredSessionsJob, cron: '30 3 * * *', tz: 'Europe/Madrid' }],
  tables: declareTables(tables, {
    refreshTokens: { global: "the user's own sessions: read by token hash at refresh, before any space is known" },
  }),
});
