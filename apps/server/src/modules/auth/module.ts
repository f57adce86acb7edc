import { AUTH, defineModule } from '../../platform/module.js';
import { purgeExpiredSessionsJob } from './purge.js';
import { authRoutes } from './routes.js';

export const authModule = defineModule({
  name: 'auth',
  routes: [[AUTH, authRoutes]],
  jobs: [purgeExpiredSessionsJob],
  schedules: [{ job: purgeExpiredSessionsJob, cron: '30 3 * * *', tz: 'Europe/Madrid' }],
});
