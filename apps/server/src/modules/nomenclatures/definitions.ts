import { catalogueService, type TCatalogueDefinition, type TCatalogueService } from './catalogue.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { NOMENCLATURES, type TNomenclatureKey } from '@audit/domain/calls/nomenclatures';
import type { TDb } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { inCatalogueScope, type TScope } from '../../platform/tenancy.js';
import { onUniqueViolation } from '../../platform/unique-violations.js';
import {
  activities,
  areaTypes,
  billingMethods,
  labResultCodes,
  companies,
  employeeProfiles,
  employeeTypes,
  paymentTypes,
  serviceCategories,
  socialReasons,
} from './tables.js';

/**
 * A nomenclature of the shared list (packages/domain/src/calls/nomenclatures.ts): its path is the
 * trace section and OpenAPI tag, its body and row's extra fields are the list's; the server adds
 * the table and the permission module. The simple ones stop here: name and description, both required.
 */
const nomenclature = (key: TNomenclatureKey, table: TCatalogueDefinition['table'], module: TCatalogueDefinition['module']): TCatalogueDefinition => ({
  table,
  module,
  section: NOMENCLATURES[key].path,
  input: NOMENCLATURES[key].input,
  output: NOMENCLATURES[key].output,
});

export const areaTypeDef = nomenclature('areaTypes', areaTypes, 'TYPE_AREA');
export const paymentTypeDef = nomenclature('paymentTypes', paymentTypes, 'PAYMENT_TYPE');
export const activityDef = nomenclature('activities', activities, 'ACTIVITY');
export const companyDef = nomenclature('companies', companies, 'ENTERPRISE');
/** Service categories belong to the services settings: SERVICES permissions. */
export const serviceCategoryDef = nomenclature('serviceCategories', serviceCategories, 'SERVICES');
/** Employee profiles and types belong to the worker settings: PROFILE-WORKER permissions. */
export const employeeProfileDef = nomenclature('employeeProfiles', employeeProfiles, 'PROFILE-WORKER');
export const employeeTypeDef = nomenclature('employeeTypes', employeeTypes, 'PROFILE-WORKER');
export const billingMethodDef = nomenclature('billingMethods', billingMethods, 'BILLING-METHOD');

/** Social reason: name (required), legal representative, phones, e-mail; description optional. */
export const socialReasonDef: TCatalogueDefinition = {
  ...nomenclature('socialReasons', socialReasons, 'SOCIAL_REASON'),
  fields: {
    legalRepresentative: { column: socialReasons.legalRepresentative, type: 'text' },
    email: { column: socialReasons.email, type: 'text' },
  },
  toValues: (input) => ({
    ...(input.legalRepresentative !== undefined ? { legalRepresentative: input.legalRepresentative } : {}),
    ...(input.phones !== undefined ? { phones: input.phones } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
  }),
  present: (row) => ({ legalRepresentative: row.legalRepresentative ?? null, phones: row.phones ?? [], email: row.email ?? null }),
};

/**
 * Result code → organism (decision 0053): the lab reports' codes, LABORATORY permissions. A code is
 * unique in its space (420 naming `code`); the report keeps the code, the organism is read from here.
 */
onUniqueViolation('lab_result_codes_space_code_key', { code: 'alreadyExists', fields: ['code'] });
export const labResultCodeDef: TCatalogueDefinition = {
  ...nomenclature('labResultCodes', labResultCodes, 'LABORATORY'),
  fields: { code: { column: labResultCodes.code, type: 'text' } },
  toValues: (input) => (input.code !== undefined ? { code: input.code } : {}),
  present: (row) => ({ code: row.code }),
  validate: async (tx, caller, input, before) => {
    if (input.code === undefined) return;
    const [taken] = await tx
      .select({ id: labResultCodes.id })
      .from(labResultCodes)
      .where(
        and(
          eq(labResultCodes.spaceId, before?.spaceId ?? caller.spaceId),
          eq(labResultCodes.code, input.code as string),
          before ? sql`${labResultCodes.id} <> ${before.id}` : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('alreadyExists', ['code']);
  },
};

export const areaTypesService = catalogueService(areaTypeDef);
export const paymentTypesService = catalogueService(paymentTypeDef);
export const activitiesService = catalogueService(activityDef);
export const companiesService = catalogueService(companyDef);
export const serviceCategoriesService = catalogueService(serviceCategoryDef);
export const employeeProfilesService = catalogueService(employeeProfileDef);
export const employeeTypesService = catalogueService(employeeTypeDef);
export const billingMethodsService = catalogueService(billingMethodDef);
export const socialReasonsService = catalogueService(socialReasonDef);
export const labResultCodesService = catalogueService(labResultCodeDef);

/** Every nomenclature of the shared list, its definition and service (routes.ts registers one set of routes each). */
export const nomenclatureDefinitions: Record<TNomenclatureKey, { def: TCatalogueDefinition; service: TCatalogueService }> = {
  areaTypes: { def: areaTypeDef, service: areaTypesService },
  paymentTypes: { def: paymentTypeDef, service: paymentTypesService },
  activities: { def: activityDef, service: activitiesService },
  companies: { def: companyDef, service: companiesService },
  socialReasons: { def: socialReasonDef, service: socialReasonsService },
  serviceCategories: { def: serviceCategoryDef, service: serviceCategoriesService },
  employeeProfiles: { def: employeeProfileDef, service: employeeProfilesService },
  employeeTypes: { def: employeeTypeDef, service: employeeTypesService },
  billingMethods: { def: billingMethodDef, service: billingMethodsService },
  labResultCodes: { def: labResultCodeDef, service: labResultCodesService },
};

/**
 * The result codes a scope sees (its space's, below and inherited), code → organism, for the lab-data
 * module (decision 0053). The nearest space's row wins when a client redefines a code of the company's.
 */
export async function labResultCodesIn(tx: TDb, scope: TScope): Promise<Map<string, string>> {
  const rows = await tx
    .select({ code: labResultCodes.code, name: labResultCodes.name })
    .from(labResultCodes)
    .where(inCatalogueScope(labResultCodes.secureSpacePath, scope))
    .orderBy(asc(labResultCodes.code), asc(labResultCodes.secureSpacePath));
  return new Map(rows.map((r) => [r.code, r.name]));
}
