import { z } from './zod.js';
import { SPACE_TYPES } from './constants.js';
import { ZIP_CODE_PATTERN } from './validators.js';
import { ZOptionalEmail, ZOptionalPhone, ZOptionalText, ZPhoneOut, ZPhones, ZUuid } from './fields.js';

/**
 * Structures (clients, establishments, areas): the request and response schemas of
 * /ms-core/api/structures, /establishments and /areas, shared by the server's routes (which
 * validate and filter with them) and the web (whose types are inferred from them).
 *
 * The client form (product document, sections 3 and 5): clients and sub-structures require name,
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
  country: ZUuid.nullish(),
  province: ZUuid.nullish(),
  provinceOrState: ZOptionalText(100),
  municipality: ZUuid.nullish(),
  address: ZOptionalText(300),
  zipCode: ZZipCode.nullish(),
  phones: ZPhones.optional(),
  fax: ZOptionalPhone,
  email: ZOptionalEmail,
  billingEmail: ZOptionalEmail,
  auditReportEmail: ZOptionalEmail,
  analyticalReportEmail: ZOptionalEmail,
  contactPerson: ZOptionalText(200),
  paymentType: ZUuid.nullish(),
  activities: z.array(ZUuid).max(100).optional(),
  company: ZUuid.nullish(),
  socialReason: ZUuid.nullish(),
  active: z.boolean().optional(),
  inactivityDate: ZDate,
  openMonth: ZMonth,
  closeMonth: ZMonth,
  visitDays: ZDays.optional(),
  notVisitDays: ZDays.optional(),
  areaType: ZUuid.nullish(),
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

export const ZStructureCreate = ZDetailsFields.extend({ ...required, parent: ZUuid.optional() });
export const ZStructureUpdate = ZDetailsFields.extend(required).partial();
export const ZEstablishmentCreate = ZDetailsFields.extend({ ...required, socialReason: ZUuid, parent: ZUuid });
export const ZEstablishmentUpdate = ZDetailsFields.extend({ ...required, socialReason: ZUuid }).partial();
export const ZAreaCreate = ZDetailsFields.extend({ parent: ZUuid });
export const ZAreaUpdate = ZDetailsFields.partial();

/** DELETE's querystring: `cascadeDelete=true` also removes what lies below. */
export const ZCascade = z.object({
  cascadeDelete: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** What leaves the server for a structure (the response allow-list). */
export const ZStructure = z.object({
  _id: z.string(),
  name: z.string(),
  identifier: z.string(),
  type: z.enum(SPACE_TYPES),
  typeStructure: z.enum(SPACE_TYPES),
  parent: z.string().nullable(),
  space: z.string(),
  secureSpacePath: z.string(),
  code: z.string().nullable(),
  cif: z.string().nullable(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  provinceOrState: z.string().nullable(),
  municipality: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.number().nullable(),
  phones: z.array(ZPhoneOut),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  billingEmail: z.string().nullable(),
  auditReportEmail: z.string().nullable(),
  analyticalReportEmail: z.string().nullable(),
  contactPerson: z.string().nullable(),
  paymentType: z.string().nullable(),
  activities: z.array(z.string()),
  company: z.string().nullable(),
  socialReason: z.string().nullable(),
  active: z.boolean(),
  inactivityDate: z.string().nullable(),
  openMonth: z.number().nullable(),
  closeMonth: z.number().nullable(),
  visitDays: z.array(z.number()),
  notVisitDays: z.array(z.number()),
  areaType: z.string().nullable(),
  image: z.string().nullable(),
  /** Its own IANA time zone; null inherits the space above's (decision 0015). */
  timeZone: z.string().nullable(),
  childrenCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with it (structures policy). */
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});

/** The short form used by selectors (user form, client users' filters). */
export const ZStructureSummary = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(SPACE_TYPES),
  parent: z.string().nullable(),
  secureSpacePath: z.string(),
  active: z.boolean(),
  childrenCount: z.number(),
});

/** Search answers: projections may leave any field out. */
export const ZStructurePage = z.array(ZStructure.partial());
export const ZSummaryPage = z.array(ZStructureSummary.partial());

export type TStructureType = (typeof SPACE_TYPES)[number];
/** One client, establishment or area (GET /structures/{id}). */
export type TStructure = z.infer<typeof ZStructure>;
export type TStructureSummary = z.infer<typeof ZStructureSummary>;
/** The body the web sends for any kind: the form's fields (each route's schema adds the ones it requires) and, on create, the parent. */
export type TStructureInput = Partial<z.input<typeof ZDetailsFields>> & { parent?: string };
export type { TPhone } from './fields.js';
