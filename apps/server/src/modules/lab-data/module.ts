import { CORE, defineModule } from '../../platform/module.js';
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
});
