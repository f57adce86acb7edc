import { z } from './zod.js';
import { PHONE_TYPES } from './constants.js';
import { EMAIL_PATTERN, PHONE_PATTERN, emptyToNull } from './validators.js';

/**
 * Field schemas shared by several request bodies (client form, social reasons, services; product
 * document, section 5). An empty phone or e-mail is stored as null; a phones entry without a number
 * is dropped.
 */
export const ZUuid = z.string().uuid();

export const ZOptionalEmail = z
  .union([z.string().trim().regex(EMAIL_PATTERN), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : emptyToNull(v)));

export const ZOptionalPhone = z
  .union([z.string().trim().regex(PHONE_PATTERN), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : emptyToNull(v)));

export const ZPhones = z
  .array(z.object({ type: z.enum(PHONE_TYPES), phone: z.union([z.string().trim().regex(PHONE_PATTERN), z.literal(''), z.null()]) }))
  .max(20)
  .transform((list) => list.filter((p): p is { type: (typeof PHONE_TYPES)[number]; phone: string } => Boolean(p.phone)));

export const ZOptionalText = (max = 200) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : emptyToNull(v)));

/** A stored phone as the API answers it (only ZPhones' types are ever stored). */
export const ZPhoneOut = z.object({ type: z.enum(PHONE_TYPES), phone: z.string() });
export type TPhone = z.infer<typeof ZPhoneOut>;
