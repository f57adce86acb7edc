import { STATISTICS } from '@audit/domain/calls/define';
import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import { digestMailJob, monthlyDigestJob, monthlyDigestSchedule } from './digest.js';
import { clientStatisticsRoutes, statisticsRoutes } from './routes.js';
import * as tables from './tables.js';

/**
 * Statistics (decision 0078): read-only figures over audits, incidents and registers; its one table
 * holds who receives the monthly digest (decision 0091).
 */
export const statisticsModule = defineModule({
  name: 'statistics',
  routes: [
    [`${CORE}/audits`, clientStatisticsRoutes],
    [STATISTICS, statisticsRoutes],
  ],
  jobs: [monthlyDigestJob, digestMailJob],
  schedules: [monthlyDigestSchedule],
  tables: declareTables(tables, {
    statisticsDigests: 'tenant',
    statisticsTakeDays: 'tenant',
    statisticsTakeMonths: 'tenant',
    statisticsQuestionOutcomes: 'tenant',
    statisticsIncidentActions: 'tenant',
  }),
});
