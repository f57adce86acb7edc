import { z } from './zod.js';
import { DESCRIPTION_MAX_LENGTH } from './constants.js';
import { LAB_RESULT_CODE_FORMAT } from './lab-data.js';
import { ZOptionalEmail, ZOptionalText, ZPhoneOut, ZPhones } from './fields.js';

/**
 * Catalogues ("nomenclatures"): the request and response schemas of every catalogue's CRUD
 * (/ms-core/api/typeareas, /paymenttypes, /socialreasons, ...), shared by the server's generic
 * catalogue routes and the web (whose types are inferred from them).
 */
export const ZName = z.string().trim().min(1).max(200);
export const ZDescription = z.string().trim().min(1).max(DESCRIPTION_MAX_LENGTH);
/** The simple entities of the product document: name and description, both required (section 5). */
export const ZSimpleInput = z.object({ name: ZName, description: ZDescription });

/** What every catalogue row answers; a definition adds its extra fields between description and space. */
export const catalogueItem = <T extends z.ZodRawShape>(extra: T) =>
  z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    ...extra,
    space: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** What the caller may do with it (catalogue policy): an ancestor's row is read only. */
    can: z.object({ update: z.boolean(), delete: z.boolean() }),
  });
export const ZCatalogueItem = catalogueItem({});

/** Social reason: name (required), legal representative, phones, e-mail; description optional. */
export const ZSocialReasonInput = z.object({
  name: ZName,
  description: ZDescription.nullish().or(z.literal('')),
  legalRepresentative: ZOptionalText(),
  phones: ZPhones.optional(),
  email: ZOptionalEmail,
});
export const SOCIAL_REASON_OUTPUT = { legalRepresentative: z.string().nullable(), phones: z.array(ZPhoneOut), email: z.string().nullable() };
export const ZSocialReason = catalogueItem(SOCIAL_REASON_OUTPUT);

export type TCatalogueItem = z.infer<typeof ZCatalogueItem>;
export type TSimpleInput = z.input<typeof ZSimpleInput>;
export type TSocialReason = z.infer<typeof ZSocialReason>;
export type TSocialReasonInput = z.input<typeof ZSocialReasonInput>;

/** Result code → organism of the lab reports (decision 0053): the organism is the name; the code, uppercase letters and digits. */
export const ZLabResultCodeInput = z.object({
  name: ZName,
  description: ZDescription.nullish().or(z.literal('')),
  code: z.string().trim().toUpperCase().regex(LAB_RESULT_CODE_FORMAT),
});
export const LAB_RESULT_CODE_OUTPUT = { code: z.string() };
export const ZLabResultCode = catalogueItem(LAB_RESULT_CODE_OUTPUT);
export type TLabResultCodeItem = z.infer<typeof ZLabResultCode>;
