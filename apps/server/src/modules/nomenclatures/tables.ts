import { jsonb, text } from 'drizzle-orm/pg-core';
import type { TPhoneType } from '@audit/domain/constants';
import { catalogueTable } from './catalogue-table.js';

/** Nomenclatures are catalogue tables (catalogue-table.ts, also used by categories, services and templates). */
export const areaTypes = catalogueTable('area_types', {});
export const paymentTypes = catalogueTable('payment_types', {});
export const activities = catalogueTable('activities', {});
export const companies = catalogueTable('companies', {});
export const serviceCategories = catalogueTable('service_categories', {});
export const employeeProfiles = catalogueTable('employee_profiles', {});
export const employeeTypes = catalogueTable('employee_types', {});
export const billingMethods = catalogueTable('billing_methods', {});

export const socialReasons = catalogueTable(
  'social_reasons',
  {
    legalRepresentative: text('legal_representative'),
    phones: jsonb('phones').$type<{ type: TPhoneType; phone: string }[]>().notNull().default([]),
    email: text('email'),
  },
  { indexOn: ['email', 'legalRepresentative'] },
);

/** Result code → organism (decision 0053): `name` is the organism, `code` what a laboratory writes (LEG, SAL...). */
export const labResultCodes = catalogueTable('lab_result_codes', { code: text('code').notNull() }, { uniqueOn: ['code'] });

export type TCatalogueTable = typeof areaTypes | typeof socialReasons | typeof labResultCodes;
