import { categoryCalls } from '@audit/domain/calls/categories';
import { nomenclatureCalls, type TCatalogueCalls } from '@audit/domain/calls/nomenclatures';
import { serviceCalls } from '@audit/domain/calls/services';

/**
 * The nomenclature screens as data: one generic list + form, one entry per catalogue. `path` is the
 * route, `calls` the server's catalogue CRUD; `extra` adds fields to the form and table.
 */
export type TExtraField = 'category' | 'executionTime' | 'price' | 'groupIva' | 'salesAccount' | 'code' | 'legalRepresentative' | 'email' | 'color';

export interface TNomenclatureDef {
  key: string;
  path: string;
  /** The catalogue's calls (packages/domain/src/calls). */
  calls: TCatalogueCalls;
  descriptionRequired: boolean;
  extra?: TExtraField[];
  /** The code is required, at most this long (result codes: decision 0053); else optional, 100. */
  codeRequired?: number;
  /** Categories: a tree of one type (TEMPLATE or REGISTER). */
  categoryType?: 'TEMPLATE' | 'REGISTER';
}

const simple = (key: string, path: string, calls: TCatalogueCalls): TNomenclatureDef => ({ key, path, calls, descriptionRequired: true });

export const NOMENCLATURES: TNomenclatureDef[] = [
  simple('areaType', '/settings/nomenclatures/area-type', nomenclatureCalls.areaTypes),
  {
    key: 'services',
    path: '/settings/services',
    // The services catalogue has the same five calls as every catalogue (its own schemas check the
    // body and the answer).
    calls: serviceCalls,
    descriptionRequired: false,
    extra: ['category', 'executionTime', 'price', 'groupIva', 'salesAccount', 'code'],
  },
  simple('servicesCategory', '/settings/nomenclatures/services-category', nomenclatureCalls.serviceCategories),
  simple('paymentType', '/settings/nomenclatures/payment-type', nomenclatureCalls.paymentTypes),
  simple('activities', '/settings/nomenclatures/activities', nomenclatureCalls.activities),
  simple('companies', '/settings/nomenclatures/companies', nomenclatureCalls.companies),
  {
    key: 'socialReasons',
    path: '/settings/nomenclatures/social-reasons',
    calls: nomenclatureCalls.socialReasons,
    descriptionRequired: false,
    extra: ['legalRepresentative', 'email'],
  },
  {
    key: 'templatesCategory',
    path: '/settings/nomenclatures/templates-category',
    calls: categoryCalls,
    descriptionRequired: true,
    extra: ['color'],
    categoryType: 'TEMPLATE',
  },
  {
    key: 'registersCategory',
    path: '/settings/nomenclatures/registers-category',
    calls: categoryCalls,
    descriptionRequired: true,
    extra: ['color'],
    categoryType: 'REGISTER',
  },
  simple('employeeProfile', '/settings/nomenclatures/employee-profile', nomenclatureCalls.employeeProfiles),
  simple('employeeType', '/settings/nomenclatures/employee-type', nomenclatureCalls.employeeTypes),
  simple('billingMethods', '/settings/nomenclatures/billing-methods', nomenclatureCalls.billingMethods),
  /** Result code → organism of the lab reports (decision 0053): the organism is the name. */
  {
    key: 'labResultCodes',
    path: '/settings/nomenclatures/lab-result-codes',
    calls: nomenclatureCalls.labResultCodes,
    descriptionRequired: false,
    extra: ['code'],
    codeRequired: 10,
  },
];

/** The definition of a path; a category path containing "registers" shows the REGISTER tree. */
export function nomenclatureOf(path: string): TNomenclatureDef {
  const exact = NOMENCLATURES.find((d) => path === d.path || path.startsWith(`${d.path}/`));
  if (exact) return exact;
  if (path.includes('category')) return NOMENCLATURES.find((d) => d.categoryType === (path.includes('registers') ? 'REGISTER' : 'TEMPLATE'))!;
  return NOMENCLATURES[0]!;
}

export const IVA_GROUPS_OPTIONS = [
  { value: 'typeA', percent: 0 },
  { value: 'typeB', percent: 10 },
  { value: 'typeC', percent: 21 },
] as const;
