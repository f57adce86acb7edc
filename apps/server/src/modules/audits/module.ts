import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { auditIncidentsRoutes } from './routes-incidents.js';
import { auditsModule as auditsRoutes } from './routes.js';

/** /audits and /questionnaire-ies. */
export const auditsModule = defineModule({
  name: 'audits',
  routes: [
    [CORE, auditsRoutes],
    [`${CORE}/audits`, auditIncidentsRoutes],
  ],
  tables: declareTables(tables, {
    auditAnswers: 'tenant',
    auditFields: 'tenant',
    auditIssues: 'tenant',
    auditMedia: 'tenant',
    auditQuestionnaires: 'tenant',
    auditQuestions: 'tenant',
    auditSections: 'tenant',
    audits: 'tenant',
  }),
});
