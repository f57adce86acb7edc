import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { registersRoutes } from './routes.js';
import { registerSectionsRoutes, templateRegistersRoutes } from './routes-templates.js';
import { typologiesRoutes } from './typologies.js';
import { missedTakesJob } from './missed-takes.js';
import { logPdfJob } from './downloads.js';
import { registerDownloadsRoutes } from './routes-downloads.js';
import { registerTracesRoutes } from './traces.js';

/** Base of the registry calls (calls document, section 7.7). */
export const REGISTRY = '/ms-registry/api';

export const registersModule = defineModule({
  name: 'registers',
  routes: [
    [`${REGISTRY}/registers`, registersRoutes],
    [`${REGISTRY}/registers`, registerDownloadsRoutes],
    [`${REGISTRY}/template-registers`, templateRegistersRoutes],
    [`${REGISTRY}/register-sections`, registerSectionsRoutes],
    [`${CORE}/typologies`, typologiesRoutes],
    [`${REGISTRY}/register-traces`, registerTracesRoutes],
  ],
  jobs: [missedTakesJob, logPdfJob],
  /** Hourly: a take's window ends at midnight in its space's zone, whichever zone that is (decision 0037). */
  schedules: [{ job: missedTakesJob, cron: '5 * * * *', tz: 'UTC' }],
  tables: declareTables(tables, {
    registerClosures: { policies: ['tenant_write', 'register_closures_read_below'], why: "the register's own rows, readable below it (migration 0047)" },
    registerDownloads: 'tenant',
    registerItems: 'catalogue',
    registerLocks: { policies: ['tenant_write', 'register_locks_read_below'], why: "the register's own rows, readable below it (migration 0047)" },
    registerLogs: {
      policies: ['tenant_write', 'register_logs_facility_read', 'register_logs_facility_insert', 'register_logs_facility_update'],
      why: 'read and written by the staff of the facility (an area) below the register (migration 0047)',
    },
    registerMissedTakes: {
      policies: ['tenant_write', 'register_missed_takes_facility_read'],
      why: "the register's own rows, read by the staff of the facility below it, as its logs (migration 0052)",
    },
    registerSections: 'catalogue',
    registerTakeTally: { policies: ['tenant_write', 'register_take_tally_read_below'], why: "the register's own rows, readable below it (migration 0047)" },
    registerTemplates: 'catalogue',
    registers: {
      policies: ['tenant_write', 'registers_covered_read'],
      why: 'readable by a login limited to an establishment or area it covers (migration 0047)',
    },
    typologies: 'catalogue',
  }),
});
