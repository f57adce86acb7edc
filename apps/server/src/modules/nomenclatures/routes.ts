import { NOMENCLATURES, nomenclatureBase, nomenclatureCalls, type TNomenclatureKey } from '@audit/domain/calls/nomenclatures';
import type { TRoutePlugin } from '../../platform/module.js';
import { catalogueRoutes } from './catalogue.js';
import { nomenclatureDefinitions } from './definitions.js';

/**
 * One plugin per nomenclature of the shared list, mounted on its base path (/ms-core/api/typeareas,
 * /paymenttypes, ...) and registering the nomenclature's calls (nomenclatures.<key>.<action>).
 */
export const nomenclatureRoutes = (Object.keys(NOMENCLATURES) as TNomenclatureKey[]).map((key): [string, TRoutePlugin] => {
  const { def, service } = nomenclatureDefinitions[key];
  return [nomenclatureBase(key), catalogueRoutes(def, service, nomenclatureCalls[key])];
});
