import { catalogueService, type TCatalogueDefinition } from './catalogue.js';
import { SOCIAL_REASON_OUTPUT, ZSimpleInput, ZSocialReasonInput } from '@audit/domain/nomenclatures';
import { activities, areaTypes, billingMethods, companies, employeeProfiles, employeeTypes, paymentTypes, serviceCategories, socialReasons } from './tables.js';

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

export const areaTypesService = catalogueService(areaTypeDef);
export const paymentTypesService = catalogueService(paymentTypeDef);
export const activitiesService = catalogueService(activityDef);
export const companiesService = catalogueService(companyDef);
export const serviceCategoriesService = catalogueService(serviceCategoryDef);
export const employeeProfilesService = catalogueService(employeeProfileDef);
export const employeeTypesService = catalogueService(employeeTypeDef);
export const billingMethodsService = catalogueService(billingMethodDef);
export const socialReasonsService = catalogueService(socialReasonDef);
