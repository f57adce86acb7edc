import { z } from 'zod';
import { AREA_ACCESSES } from '@audit/domain/registers';
import { catalogueRoutes, catalogueService, ZDescription, ZName, type TCatalogueDefinition } from '../nomenclatures/catalogue.js';
import { typologies } from './tables.js';

/** Typologies (fridge, freezer, pool vessel…): a nomenclature under the REGISTER permissions; `areaAccess` optional. */
export const typologyDef: TCatalogueDefinition = {
  table: typologies,
  module: 'REGISTER',
  section: 'typologies',
  input: z.object({ name: ZName, description: ZDescription.nullish().or(z.literal('')), areaAccess: z.enum(AREA_ACCESSES).nullish() }),
  output: { areaAccess: z.string().nullable() },
  fields: { areaAccess: { column: typologies.areaAccess, type: 'text' } },
  toValues: (input) => (input.areaAccess !== undefined ? { areaAccess: input.areaAccess ?? null } : {}),
  present: (row) => ({ areaAccess: (row as { areaAccess?: string | null }).areaAccess ?? null }),
};
export const typologiesService = catalogueService(typologyDef);
export const typologiesRoutes = catalogueRoutes(typologyDef, typologiesService);
