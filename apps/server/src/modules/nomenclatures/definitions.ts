import { catalogueService, type TCatalogueDefinition } from './catalogue.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { LAB_RESULT_CODE_OUTPUT, SOCIAL_REASON_OUTPUT, ZLabResultCodeInput, ZSimpleInput, ZSocialReasonInput } from '@audit/domain/nomenclatures';
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

/** The simple nomenclatures: name and description (both required), nothing else. */
const simple = (table: TCatalogueDefinition['table'], module: TCatalogueDefinition['module'], section: string): TCatalogueDefinition => ({
  table,
  module,
  section,
  input: ZSimpleInput,
});

export const areaTypeDef = simple(areaTypes, 'TYPE_AREA', 'typeareas');
export const paymentTypeDef = simple(paymentTypes, 'PAYMENT_TYPE', 'paymenttypes');
export const activityDef = simple(activities, 'ACTIVITY', 'activities');
export const companyDef = simple(companies, 'ENTERPRISE', 'enterprise');
/** Service categories belong to the services settings: SERVICES permissions. */
export const serviceCategoryDef = simple(serviceCategories, 'SERVICES', 'service-categories');
/** Employee profiles and types belong to the worker settings: PROFILE-WORKER permissions. */
export const employeeProfileDef = simple(employeeProfiles, 'PROFILE-WORKER', 'employee-profiles');
export const employeeTypeDef = simple(employeeTypes, 'PROFILE-WORKER', 'employee-types');
export const billingMethodDef = simple(billingMethods, 'BILLING-METHOD', 'billing-methods');

/** Social reason: name (required), legal representative, phones, e-mail; description optional. */
export const socialReasonDef: TCatalogueDefinition = {
  table: socialReasons,
  module: 'SOCIAL_REASON',
  section: 'socialreasons',
  input: ZSocialReasonInput,
  output: SOCIAL_REASON_OUTPUT,
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
  table: labResultCodes,
  module: 'LABORATORY',
  section: 'lab-result-codes',
  input: ZLabResultCodeInput,
  output: LAB_RESULT_CODE_OUTPUT,
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
