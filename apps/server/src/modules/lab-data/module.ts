import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { onUniqueViolation } from '../../platform/unique-violations.js';
import { labIncidentsRoutes, labReportsRoutes } from './routes.js';

onUniqueViolation('lab_reports_number_key', { code: 'alreadyExists', fields: ['number'] });

/** Lab data: laboratory reports, their CSV import and the lab incidents (docs/decisions/0044). */
export const labDataModule = defineModule({
  name: 'lab-data',
  routes: [
    [`${CORE}/lab-reports`, labReportsRoutes],
    [`${CORE}/lab-incidents`, labIncidentsRoutes],
  ],
  tables: declareTables(tables, {
    labIncidentHistory: 'tenant',
    labIncidents: 'tenant',
    labReports: 'tenant',
    labResults: 'tenant',
  }),
});
