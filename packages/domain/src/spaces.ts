import { SPACE_TYPES } from './constants.js';
import { z } from './zod.js';

/**
 * Spaces: the request and response schemas of /ms-core/api/spaces and of the session the auth
 * routes answer (a session names its space), shared by the server's routes and the web (whose
 * types are inferred from them).
 */
export const ZSpace = z.object({
  _id: z.string(),
  identifier: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  typeStructure: z.string(),
  parent: z.string().nullable(),
  modules: z.array(z.string()),
  /** The space-owner flag: the platform operator's space (decision 0065). */
  ownerSpace: z.boolean(),
  /** The admin-space flag: an administration space, not a client's (decision 0065). */
  adminSpace: z.boolean(),
  theme: z.record(z.string(), z.string()).nullable(),
  secureSpacePath: z.string(),
  isRoot: z.boolean(),
  /** The IANA zone its days are counted in, its own or inherited (decision 0015). */
  timeZone: z.string(),
  /** Strangers may create an account in this space (decision 0040). */
  signupEnabled: z.boolean(),
  /** New users go through /onboarding (decision 0041). */
  onboardingActive: z.boolean(),
  /** The language of its mails and of new accounts when none is known (decision 0047). */
  language: z.enum(['es', 'en']),
  createdAt: z.string(),
});

/** A space as a session lists it (GET my-spaces, the session's space and spaces). */
export const ZSpaceSummary = z.object({
  _id: z.string(),
  name: z.string(),
  identifier: z.string(),
  typeStructure: z.string(),
  logo: z.string().nullable(),
  parent: z.string().nullable(),
  secureSpacePath: z.string(),
});

export const ZMySpacesQuery = z.object({ search: z.string().max(100).optional(), size: z.coerce.number().int().min(1).max(200).default(50) });
export const ZIdentifierExists = z.object({ identifier: z.string().trim().min(1).max(100) });

/** What a sign-in, a token refresh or entering a space answers. */
export const ZSession = z.object({ accessToken: z.string(), refreshToken: z.string(), space: ZSpaceSummary, spaces: z.array(ZSpaceSummary) });

export type TSpace = z.infer<typeof ZSpace>;
export type TSpaceSummary = z.infer<typeof ZSpaceSummary>;
export type TSession = z.infer<typeof ZSession>;

/** POST /auth/api/signin (and the administrators' sign-in): username or e-mail, and the password. */
export const ZSignin = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  remember: z.boolean().default(false),
  space: z.string().uuid().optional(),
});
export type TSigninInput = z.input<typeof ZSignin>;

// ---- Administration of spaces (/admin/spaces, /admin/settings; decision 0047) ----

/** The modules a space may have switched on (the product document's "modules per space"). */
export const SPACE_MODULES = ['AUDITS', 'REGISTERS', 'INCIDENTS', 'LAB_DATA', 'ANALYTICS', 'DOCUMENTATION'] as const;
export const SPACE_LANGUAGES = ['es', 'en'] as const;

/** A space's identifier: letters, digits and dashes, unique across the platform (case-insensitive). */
export const ZSpaceIdentifier = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/);
const ZSpaceName = z.string().trim().min(1).max(200);

/** One row of POST /ms-core/api/spaces/search: a space of the caller's scope. */
export const ZSpaceListItem = z.object({
  _id: z.string(),
  identifier: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The logo's address (a public image of the space), or null. */
  logo: z.string().nullable(),
  typeStructure: z.string(),
  parent: z.string().nullable(),
  parentName: z.string().nullable(),
  modules: z.array(z.string()),
  ownerSpace: z.boolean(),
  adminSpace: z.boolean(),
  /** The client's active flag (the same as on the client's form). */
  active: z.boolean(),
  /** The space the session acts in. */
  current: z.boolean(),
  createdAt: z.string(),
  /** setFlags: only the platform owner's sessions set the space-owner and admin-space flags. */
  can: z.object({ update: z.boolean(), changeStatus: z.boolean(), setFlags: z.boolean() }),
});

export const ZSpaceCreate = z.object({
  /** The space it goes under; the session's space when absent. */
  parent: z.string().uuid().optional(),
  identifier: ZSpaceIdentifier,
  name: ZSpaceName,
  description: z.string().trim().max(2000).nullish(),
  typeStructure: z.enum(SPACE_TYPES),
  modules: z.array(z.enum(SPACE_MODULES)).max(SPACE_MODULES.length).default([]),
  /** An uploaded image of the caller's space (POST /files/image), by id. */
  logo: z.string().uuid().nullish(),
  ownerSpace: z.boolean().optional(),
  adminSpace: z.boolean().optional(),
});

export const ZSpaceUpdate = z.object({
  identifier: ZSpaceIdentifier.optional(),
  name: ZSpaceName.optional(),
  description: z.string().trim().max(2000).nullish(),
  modules: z.array(z.enum(SPACE_MODULES)).max(SPACE_MODULES.length).optional(),
  logo: z.string().uuid().nullish(),
  active: z.boolean().optional(),
  ownerSpace: z.boolean().optional(),
  adminSpace: z.boolean().optional(),
});

/** PATCH /ms-core/api/spaces/current/settings: the session's space's settings. */
export const ZSpaceSettings = z.object({
  name: ZSpaceName.optional(),
  logo: z.string().uuid().nullish(),
  timeZone: z.string().trim().min(1).max(64).optional(),
  language: z.enum(SPACE_LANGUAGES).optional(),
  signupEnabled: z.boolean().optional(),
  onboardingActive: z.boolean().optional(),
});

export type TSpaceListItem = z.infer<typeof ZSpaceListItem>;
export type TSpaceCreate = z.input<typeof ZSpaceCreate>;
export type TSpaceUpdate = z.input<typeof ZSpaceUpdate>;
export type TSpaceSettings = z.input<typeof ZSpaceSettings>;

/**
 * The readable part of a space's identifier: "Cámara de carnes" is "camara-de-carnes" (letters
 * decomposed (NFKD: also "ª" to "a") and their accents dropped, so "á" is "a", not a cut: "c-mara"), lower case, one hyphen
 * for each run of anything else, at most 60 characters. Empty when nothing readable is left.
 */
export function spaceSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
