import { STATISTICS } from '@audit/domain/calls/define';
import { CORE, defineModule } from '../../platform/module.js';
import { clientStatisticsRoutes, statisticsRoutes } from './routes.js';

/** Statistics (decision 0078): read-only figures over audits, incidents and registers; no table of its own. */
export const statisticsModule = defineModule({
  name: 'statistics',
  routes: [
    [`${CORE}/audits`, clientStatisticsRoutes],
    [STATISTICS, statisticsRoutes],
  ],
});
