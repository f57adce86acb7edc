import { z } from 'zod';
import { ZIP_CODE_PATTERN } from '@audit/domain/validators';
import { ZId } from '../../platform/http.js';
import { ZOptionalEmail, ZOptionalPhone, ZOptionalText, ZPhones } from '../nomenclatures/fields.js';

/**
 * The client form (product document, sections 3 and 5). Clients and sub-structures require name,
 * address and a numeric zipCode; establishments also a socialReason; areas only a name. A PATCH takes
 * the same fields, all optional. Empty e-mails and phones are stored as null.
 */
const ZDays = z
  .array(z.number().int().min(1).max(31))
  .max(31)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));
const ZMonth = z.number().int().min(1).max(12).nullish();
/** Numeric, as a number or digits ("08001" is kept as 8001: the field is a number in the product). */
const ZZipCode = z.union([z.number().int().min(0).max(999_999_999), z.string().trim().regex(ZIP_CODE_PATTERN).transform(Number)]);
const ZDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullish();

export const ZDetailsFields = z.object({
  name: z.string().trim().min(1).max(200),
  code: ZOptionalText(50),
  cif: ZOptionalText(20),
  country: ZId.nullish(),
  province: ZId.nullish(),
  provinceOrState: ZOptionalText(100),
  municipality: ZId.nullish(),
  address: ZOptionalText(300),
  zipCode: ZZipCode.nullish(),
  phones: ZPhones.optional(),
  fax: ZOptionalPhone,
  email: ZOptionalEmail,
  billingEmail: ZOptionalEmail,
  auditReportEmail: ZOptionalEmail,
  analyticalReportEmail: ZOptionalEmail,
  contactPerson: ZOptionalText(200),
  paymentType: ZId.nullish(),
  activities: z.array(ZId).max(100).optional(),
  company: ZId.nullish(),
  socialReason: ZId.nullish(),
  active: z.boolean().optional(),
  inactivityDate: ZDate,
  openMonth: ZMonth,
  closeMonth: ZMonth,
  visitDays: ZDays.optional(),
  notVisitDays: ZDays.optional(),
  areaType: ZId.nullish(),
  image: ZOptionalText(2000),
  /** IANA name (checked against Intl's list: TZ0001); null or empty inherits the parent's. */
  timeZone: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
});
export type TDetailsInput = z.output<typeof ZDetailsFields>;

const required = { address: z.string().trim().min(1).max(300), zipCode: ZZipCode };

export const ZStructureCreate = ZDetailsFields.extend({ ...required, parent: ZId.optional() });
export const ZStructureUpdate = ZDetailsFields.extend(required).partial();
export const ZEstablishmentCreate = ZDetailsFields.extend({ ...required, socialReason: ZId, parent: ZId });
export const ZEstablishmentUpdate = ZDetailsFields.extend({ ...required, socialReason: ZId }).partial();
export const ZAreaCreate = ZDetailsFields.extend({ parent: ZId });
export const ZAreaUpdate = ZDetailsFields.partial();

export const ZCascade = z.object({
  cascadeDelete: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
