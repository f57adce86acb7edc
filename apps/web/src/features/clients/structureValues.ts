import dayjs, { type Dayjs } from 'dayjs';
import { emptyToNull } from '@audit/domain/validators';
import type { TPhone, TStructure, TStructureInput, TStructureType } from './clientsApi';
import { dayOfStored } from '@audit/domain/dates';

/** What the form holds (dates as dayjs, optional texts as undefined). */
export interface TStructureFormValues {
  name: string;
  code?: string;
  cif?: string;
  country?: string | null;
  province?: string | null;
  municipality?: string | null;
  address?: string;
  zipCode?: string;
  phones?: Partial<TPhone>[];
  fax?: string;
  email?: string;
  billingEmail?: string;
  auditReportEmail?: string;
  analyticalReportEmail?: string;
  contactPerson?: string;
  paymentType?: string | null;
  activities?: string[];
  company?: string | null;
  socialReason?: string | null;
  active: boolean;
  inactivityDate?: Dayjs | null;
  openMonth?: number | null;
  closeMonth?: number | null;
  visitDays?: number[];
  notVisitDays?: number[];
  areaType?: string | null;
  timeZone?: string | null;
}

export const STRUCTURE_FORM_FIELDS = [
  'name',
  'code',
  'cif',
  'country',
  'province',
  'municipality',
  'address',
  'zipCode',
  'phones',
  'fax',
  'email',
  'billingEmail',
  'auditReportEmail',
  'analyticalReportEmail',
  'contactPerson',
  'paymentType',
  'activities',
  'company',
  'socialReason',
  'active',
  'inactivityDate',
  'openMonth',
  'closeMonth',
  'visitDays',
  'notVisitDays',
  'areaType',
  'timeZone',
];

const text = (value?: string | null) => emptyToNull(value?.trim());

/** Form values to the request body; empty e-mails and phones are sent as null. */
export function toStructureInput(values: TStructureFormValues, type: TStructureType): TStructureInput {
  const common: TStructureInput = {
    name: values.name.trim(),
    code: text(values.code),
    phones: (values.phones ?? []).filter((p) => p.phone?.trim()).map((p) => ({ type: p.type ?? 'mobile', phone: p.phone!.trim() })),
    email: text(values.email),
    contactPerson: text(values.contactPerson),
    active: values.active !== false,
    inactivityDate: values.inactivityDate ? values.inactivityDate.format('YYYY-MM-DD') : null,
    timeZone: values.timeZone || null,
  };
  if (type === 'AREA') return { ...common, areaType: values.areaType ?? null, visitDays: values.visitDays ?? [] };
  return {
    ...common,
    cif: text(values.cif),
    country: values.country ?? null,
    province: values.province ?? null,
    municipality: values.municipality ?? null,
    address: text(values.address),
    zipCode: values.zipCode ? Number(values.zipCode) : null,
    fax: text(values.fax),
    billingEmail: text(values.billingEmail),
    auditReportEmail: text(values.auditReportEmail),
    analyticalReportEmail: text(values.analyticalReportEmail),
    paymentType: values.paymentType ?? null,
    activities: values.activities ?? [],
    company: values.company ?? null,
    socialReason: values.socialReason ?? null,
    openMonth: values.openMonth ?? null,
    closeMonth: values.closeMonth ?? null,
    visitDays: values.visitDays ?? [],
    notVisitDays: values.notVisitDays ?? [],
  };
}

const opt = (value: string | null) => value ?? undefined;

export const fromStructure = (s: TStructure): TStructureFormValues => ({
  name: s.name,
  code: opt(s.code),
  cif: opt(s.cif),
  country: s.country,
  province: s.province,
  municipality: s.municipality,
  address: opt(s.address),
  zipCode: s.zipCode === null ? undefined : String(s.zipCode),
  phones: s.phones,
  fax: opt(s.fax),
  email: opt(s.email),
  billingEmail: opt(s.billingEmail),
  auditReportEmail: opt(s.auditReportEmail),
  analyticalReportEmail: opt(s.analyticalReportEmail),
  contactPerson: opt(s.contactPerson),
  paymentType: s.paymentType,
  activities: s.activities,
  company: s.company,
  socialReason: s.socialReason,
  active: s.active,
  // A stored day (UTC midnight): the same calendar day in the picker whatever the browser's zone.
  inactivityDate: s.inactivityDate ? dayjs(dayOfStored(s.inactivityDate)) : null,
  openMonth: s.openMonth,
  closeMonth: s.closeMonth,
  visitDays: s.visitDays,
  notVisitDays: s.notVisitDays,
  areaType: s.areaType,
  timeZone: s.timeZone ?? null,
});

export const EMPTY_STRUCTURE: Partial<TStructureFormValues> = { active: true, phones: [], activities: [], visitDays: [], notVisitDays: [] };
