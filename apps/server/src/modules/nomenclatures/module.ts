import { defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { nomenclatureRoutes } from './routes.js';

export const nomenclaturesModule = defineModule({
  name: 'nomenclatures',
  routes: nomenclatureRoutes,
  tables: declareTables(tables, {
    activities: 'catalogue',
    areaTypes: 'catalogue',
    billingMethods: 'catalogue',
    companies: 'catalogue',
    employeeProfiles: 'catalogue',
    employeeTypes: 'catalogue',
    labResultCodes: 'catalogue',
    paymentTypes: 'catalogue',
    serviceCategories: 'catalogue',
    socialReasons: 'catalogue',
  }),
});
