import { CORE, defineModule } from '../../platform/module.js';
import * as nomenclatures from './routes.js';

export const nomenclaturesModule = defineModule({
  name: 'nomenclatures',
  routes: [
    [`${CORE}/typeareas`, nomenclatures.areaTypesRoutes],
    [`${CORE}/paymenttypes`, nomenclatures.paymentTypesRoutes],
    [`${CORE}/activities`, nomenclatures.activitiesRoutes],
    [`${CORE}/enterprise`, nomenclatures.companiesRoutes],
    [`${CORE}/socialreasons`, nomenclatures.socialReasonsRoutes],
    [`${CORE}/service-categories`, nomenclatures.serviceCategoriesRoutes],
    [`${CORE}/employee-profiles`, nomenclatures.employeeProfilesRoutes],
    [`${CORE}/employee-types`, nomenclatures.employeeTypesRoutes],
    [`${CORE}/billing-methods`, nomenclatures.billingMethodsRoutes],
    [`${CORE}/lab-result-codes`, nomenclatures.labResultCodesRoutes],
  ],
});
