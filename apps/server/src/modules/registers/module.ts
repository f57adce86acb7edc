import { CORE, defineModule } from '../../platform/module.js';
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
});
