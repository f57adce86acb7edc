import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import { calendarRoutes } from './routes.js';
import * as tables from './tables.js';

/** The visits calendar: audits by date, moving them, and the auditor's iCalendar link (docs/decisions/0087). */
export const calendarModule = defineModule({
  name: 'calendar',
  routes: [[`${CORE}/calendar`, calendarRoutes]],
  tables: declareTables(tables, { calendarFeedTokens: 'tenant' }),
});
