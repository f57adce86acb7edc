import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { incidentLibraryRoutes } from './incident-library.js';
import { templatesRoutes } from './routes.js';
import { ieSectionsRoutes } from './routes-ie.js';
import { sectionsRoutes } from './routes-sections.js';

export const templatesModule = defineModule({
  name: 'templates',
  routes: [
    [`${CORE}/audit-templates`, templatesRoutes],
    [`${CORE}/audit-templates`, incidentLibraryRoutes],
    [`${CORE}/sections`, sectionsRoutes],
    [`${CORE}/ie-sections`, ieSectionsRoutes],
  ],
  tables: declareTables(tables, {
    auditTemplates: 'catalogue',
    templateFields: 'catalogue',
    templateIeQuestions: 'catalogue',
    templateIeSections: 'catalogue',
    templateIncidents: 'catalogue',
    templateQuestions: 'catalogue',
    templateSections: 'catalogue',
  }),
});
