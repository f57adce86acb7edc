import { TYPOLOGY_OUTPUT, typologyCalls, ZTypologyInput } from '@audit/domain/calls/register-templates';
import { catalogueRoutes, catalogueService, type TCatalogueDefinition } from '../nomenclatures/catalogue.js';
import { typologies } from './tables.js';

/** Typologies (fridge, freezer, pool vessel…): a nomenclature under the REGISTER permissions; `areaAccess` optional. */
export const typologyDef: TCatalogueDefinition = {
  table: typologies,
  module: 'REGISTER',
  section: 'typologies',
  input: ZTypologyInput,
  output: TYPOLOGY_OUTPUT,
  fields: { areaAccess: { column: typologies.areaAccess, type: 'text' } },
  toValues: (input) => (input.areaAccess !== undefined ? { areaAccess: input.areaAccess ?? null } : {}),
  present: (row) => ({ areaAccess: (row as { areaAccess?: string | null }).areaAccess ?? null }),
};
export const typologiesService = catalogueService(typologyDef);

/** /ms-core/api/typologies: the catalogue's search, one, create, update and delete, registered from its calls. */
export const typologiesRoutes = catalogueRoutes(typologyDef, typologiesService, typologyCalls);
