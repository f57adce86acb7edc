import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import { documentMailJob } from './notify.js';
import { expiryRemindersJob, expiryRemindersSchedule } from './reminders.js';
import { documentRoutes } from './routes.js';
import * as tables from './tables.js';

/** Documents: folders, versions, expiry reminders and sharing (docs/decisions/0088). */
export const documentsModule = defineModule({
  name: 'documents',
  routes: [[`${CORE}/documents`, documentRoutes]],
  jobs: [documentMailJob, expiryRemindersJob],
  schedules: [expiryRemindersSchedule],
  tables: declareTables(tables, {
    documentFolders: 'tenant',
    documentReminders: 'tenant',
    documentShares: 'tenant',
    documentVersions: 'tenant',
    documents: 'tenant',
  }),
});
