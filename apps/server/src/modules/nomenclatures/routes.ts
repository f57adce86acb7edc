import { catalogueRoutes } from './catalogue.js';
import * as d from './definitions.js';

/** One plugin per base path (see app.ts): /typeareas, /paymenttypes, /activities, /enterprise, ... */
export const areaTypesRoutes = catalogueRoutes(d.areaTypeDef, d.areaTypesService);
export const paymentTypesRoutes = catalogueRoutes(d.paymentTypeDef, d.paymentTypesService);
export const activitiesRoutes = catalogueRoutes(d.activityDef, d.activitiesService);
export const companiesRoutes = catalogueRoutes(d.companyDef, d.companiesService);
export const serviceCategoriesRoutes = catalogueRoutes(d.serviceCategoryDef, d.serviceCategoriesService);
export const employeeProfilesRoutes = catalogueRoutes(d.employeeProfileDef, d.employeeProfilesService);
export const employeeTypesRoutes = catalogueRoutes(d.employeeTypeDef, d.employeeTypesService);
export const billingMethodsRoutes = catalogueRoutes(d.billingMethodDef, d.billingMethodsService);
export const socialReasonsRoutes = catalogueRoutes(d.socialReasonDef, d.socialReasonsService);
export const labResultCodesRoutes = catalogueRoutes(d.labResultCodeDef, d.labResultCodesService);
