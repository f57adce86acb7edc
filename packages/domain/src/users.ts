import { z } from './zod.js';
import { AREA_ACCESSES, LAB_DATA_AREAS, REPORT_TYPES } from './constants.js';
import { DAY_PATTERN, EMAIL_PATTERN, PHONE_PATTERN, USERNAME_PATTERN } from './validators.js';

/**
 * Users: the request and response schemas of /ms-core/api/users, shared by the server's routes
 * (which validate and filter with them) and the web (whose types are inferred from them).
 */
const ZId = z.string().uuid();

/** The actions of the users policy (apps/server/src/modules/users/policy.ts). */
export const USER_ACTIONS = ['update', 'delete', 'changeStatus', 'resetPassword', 'email', 'restore'] as const;
export type TUserAction = (typeof USER_ACTIONS)[number];
export const ZUserCan = z.object(Object.fromEntries(USER_ACTIONS.map((a) => [a, z.boolean()])) as Record<TUserAction, z.ZodBoolean>);

export const ZRoleRef = z.object({ _id: z.string(), name: z.string(), superAdmin: z.boolean() });
/** A client, establishment or area the user is a member of (spec section 3, User.clients / establishments / areas). */
export const ZSpaceRef = z.object({ _id: z.string(), name: z.string() });

/**
 * One entry of a user's registersAccess (decision 0035): an area access, optionally narrowed to a
 * REGISTER category and to some registers. A user with no entry sees every register.
 */
export const ZRegistersAccessEntry = z.object({
  areaAccess: z.enum(AREA_ACCESSES),
  category: z.string().uuid().nullish(),
  registers: z.array(z.string().uuid()).max(1000).optional(),
});
/** The entries as answered (stored entries keep the area access they were saved with). */
const ZRegistersAccessOut = z.object({ areaAccess: z.string(), category: z.string().nullish(), registers: z.array(z.string()).optional() });

/** The name of the default role that makes a user an auditor: the role and the isAuditor switch go together. */
export const AUDITOR_ROLE = 'auditor';
export const ZUser = z.object({
  _id: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** A signed address of the user's picture (an uploaded image), or null. */
  avatar: z.string().nullable(),
  /** YYYY-MM-DD, or null (spec section 3, User.birthday). */
  birthday: z.string().nullable(),
  status: z.string(),
  verified: z.boolean(),
  isAuditor: z.boolean(),
  reportType: z.string(),
  language: z.string(),
  onboardingCompleted: z.boolean(),
  accessServices: z.array(z.string()),
  /** Memberships below the company: the clients, establishments and areas the user sees. */
  clients: z.array(ZSpaceRef),
  establishments: z.array(ZSpaceRef),
  areas: z.array(ZSpaceRef),
  space: z.string(),
  roles: z.array(ZRoleRef),
  registersAccess: z.array(ZRegistersAccessOut),
  /** The lab-data categories the user sees (labDataFood, ...); empty: every category. */
  labDataAccess: z.array(z.string()),
  createdAt: z.string(),
  /** What the caller may do with the user (users policy). */
  can: ZUserCan,
});
export const ZMe = ZUser.extend({
  settings: z.record(z.string(), z.unknown()),
  permissions: z.array(z.string()),
  isAdmin: z.boolean(),
  /** The session acts in the platform owner's space or below it (the space-owner flag; decision 0065). */
  isOwner: z.boolean(),
  currentSpace: z.string(),
  registersAccess: z.array(ZRegistersAccessOut),
  labDataAccess: z.array(z.string()),
  /** Onboarding is active where the session acts and this user has not completed it (decision 0041). */
  onboardingRequired: z.boolean(),
});

/** Create (and, without the password fields, update) body. */
export const ZUserInput = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100).nullish(),
  username: z.string().trim().min(2).max(100).regex(USERNAME_PATTERN),
  email: z.string().trim().regex(EMAIL_PATTERN),
  phone: z.string().trim().regex(PHONE_PATTERN).nullish().or(z.literal('')),
  roles: z.array(ZId).min(1).max(50),
  isAuditor: z.boolean().optional(),
  language: z.enum(['es', 'en']).optional(),
  reportType: z.enum(REPORT_TYPES).optional(),
  accessServices: z.array(ZId).max(200).optional(),
  /**
   * Create only (spec section 6: disabled when editing): the user's clients, establishments and
   * areas. The most precise choice wins: an establishment narrows its client, an area its establishment.
   */
  clients: z.array(ZId).max(200).optional(),
  establishments: z.array(ZId).max(500).optional(),
  areas: z.array(ZId).max(1000).optional(),
  /** Which registers the user sees (empty: all); absent on an update: unchanged. */
  registersAccess: z.array(ZRegistersAccessEntry).max(50).optional(),
  /** Which lab-data categories the user sees (empty: all); absent on an update: unchanged. */
  labDataAccess: z.array(z.enum(LAB_DATA_AREAS)).max(LAB_DATA_AREAS.length).optional(),
  password: z.string().max(256).optional(),
  autoGeneratePassword: z.boolean().optional(),
});

/** The update body: memberships are set at creation only. */
export const ZUserUpdate = ZUserInput.omit({ password: true, autoGeneratePassword: true, clients: true, establishments: true, areas: true });

/** POST users/me/onboarding: the profile, a new password (with the current one) and the terms, at once (decision 0041). */
export const ZOnboarding = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100).nullish(),
  phone: z.string().trim().regex(PHONE_PATTERN).nullish().or(z.literal('')),
  language: z.enum(['es', 'en']),
  currentPassword: z.string().min(1).max(256),
  password: z.string().min(1).max(256),
  acceptTerms: z.literal(true),
});
export type TOnboardingInput = z.input<typeof ZOnboarding>;

/**
 * PATCH users/me: what a user changes of themselves. The calls document (C: profile save) sends
 * avatar, firstName, lastName, username, phone, email and language, plus the password; the birth
 * date (spec section 5: over 16) is the user's own too (decision 0068). `avatar` is the id of an
 * image uploaded by POST files/image, null to remove it, absent to keep it.
 */
export const ZProfileInput = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100).nullish(),
  username: z.string().trim().min(2).max(100).regex(USERNAME_PATTERN),
  email: z.string().trim().max(254).regex(EMAIL_PATTERN),
  phone: z.string().trim().regex(PHONE_PATTERN).nullish().or(z.literal('')),
  avatar: ZId.nullish(),
  birthday: z.string().regex(DAY_PATTERN).nullish(),
  language: z.enum(['es', 'en']),
  /** A new password, with the current one. */
  password: z.string().max(256).optional(),
  currentPassword: z.string().max(256).optional(),
});
/** PATCH users/me/language: the header's language switch. */
export const ZLanguageInput = z.object({ language: z.enum(['es', 'en']) });

export type TRegistersAccessEntry = z.infer<typeof ZRegistersAccessEntry>;
export type TRoleRef = z.infer<typeof ZRoleRef>;
/** A user as the API presents it (users search, GET users/{id}). */
export type TUser = z.infer<typeof ZUser>;
/** GET /ms-core/api/users/me: the user plus the session's permissions, preferences and access lists. */
export type TMe = z.infer<typeof ZMe>;
export type TUserInput = z.input<typeof ZUserInput>;
export type TUserUpdate = z.input<typeof ZUserUpdate>;
export type TProfileInput = z.input<typeof ZProfileInput>;
