import { CORE, defineModule } from '../../platform/module.js';
import { renderPdfJob } from './pdf-job.js';
import { reportsRoutes } from './routes.js';

export const reportsModule = defineModule({ name: 'reports', routes: [[`${CORE}/reports`, reportsRoutes]], jobs: [renderPdfJob] });
