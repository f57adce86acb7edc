import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import { visitPlanRoutes } from './routes.js';
import * as tables from './tables.js';

/** The visit plan: an active contract's yearly visits proposed, confirmed into audits, counted (docs/decisions/0089). */
export const visitPlansModule = defineModule({
  name: 'visit-plans',
  routes: [[`${CORE}/visit-plans`, visitPlanRoutes]],
  tables: declareTables(tables, { plannedVisits: 'tenant' }),
});
