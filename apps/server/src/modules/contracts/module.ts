import { CORE, defineModule } from '../../platform/module.js';
import { declareTables } from '../../platform/row-security.js';
import { serviceContractRoutes } from './routes.js';
import * as tables from './tables.js';

/** Service contracts: a client's hired services, their totals, status, PDF and list (docs/decisions/0083). */
export const serviceContractsModule = defineModule({
  name: 'contracts',
  routes: [[`${CORE}/contracts`, serviceContractRoutes]],
  tables: declareTables(tables, { serviceContractLines: 'tenant', serviceContracts: 'tenant' }),
});
