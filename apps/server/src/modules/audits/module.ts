import { CORE, defineModule } from '../../platform/module.js';
import { auditIncidentsRoutes } from './routes-incidents.js';
import { auditsModule as auditsRoutes } from './routes.js';

/** /audits and /questionnaire-ies. */
export const auditsModule = defineModule({
  name: 'audits',
  routes: [
    [CORE, auditsRoutes],
    [`${CORE}/audits`, auditIncidentsRoutes],
  ],
});
