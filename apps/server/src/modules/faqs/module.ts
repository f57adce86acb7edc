import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import * as tables from './tables.js';
import { faqsRoutes } from './routes.js';

/** FAQs (decision 0082): a catalogue of questions and answers, written by a space's administrators. */
export const faqsModule = defineModule({
  name: 'faqs',
  routes: [[`${CORE}/faqs`, faqsRoutes]],
  tables: declareTables(tables, { faqs: 'catalogue' }),
});
