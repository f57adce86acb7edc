import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { noResponseJob, noResponseSchedule } from './no-response.js';
import { evidenceReviewJob, incidentMailJob } from './notify.js';
import { overdueRemindersJob, overdueRemindersSchedule } from './reminders.js';
import { issuesRoutes } from './routes.js';
import { exportRoutes, ownersRoutes, tasksRoutes } from './routes-tasks.js';

/** Incidents and corrective actions (docs/decisions/0038 and 0039). */
export const incidentsModule = defineModule({
  name: 'incidents',
  routes: [
    [`${CORE}/issues`, issuesRoutes],
    [`${CORE}/tasks`, tasksRoutes],
    [`${CORE}/users`, ownersRoutes],
    [`${CORE}/reports/issues`, exportRoutes],
  ],
  jobs: [incidentMailJob, evidenceReviewJob, overdueRemindersJob, noResponseJob],
  schedules: [overdueRemindersSchedule, noResponseSchedule],
  tables: declareTables(tables, {
    incidentComments: 'tenant',
    incidentEvidences: 'tenant',
    incidentHistory: 'tenant',
    incidentTasks: 'tenant',
    incidents: 'tenant',
  }),
});
