import { z } from './zod.js';
import { EMAIL_PATTERN, PHONE_PATTERN } from './validators.js';
import { ZSpaceRef, ZUserInput } from './users.js';

/**
 * The ways in (decision 0040): the public account flows of /auth/api and the invitations and
 * access requests an administrator handles under /ms-core/api. Shared by the server's routes and
 * the web's forms (whose types are inferred from them).
 */

/** A link's key: 32 random bytes, base64url (43 characters). Anything else is simply "expired". */
export const ZLinkKey = z.string().trim().min(20).max(100);
export const ZEmailAddress = z.string().trim().max(254).regex(EMAIL_PATTERN);
export const ZLanguage = z.enum(['es', 'en']);
const ZName = z.string().trim().min(1).max(100);
const ZPassword = z.string().min(1).max(256);

/** A solved proof-of-work captcha (ALTCHA-style): the challenge's salt and signature, and the number found. */
export const ZCaptchaSolution = z.object({
  salt: z.string().min(10).max(200),
  number: z.number().int().min(0).max(10_000_000),
  signature: z.string().min(10).max(200),
});
export type TCaptchaSolution = z.infer<typeof ZCaptchaSolution>;

/** GET /auth/api/captcha: find `number` ≤ maxNumber such that SHA-256(salt + number) = challenge. */
export const ZCaptchaChallenge = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  maxNumber: z.number(),
  signature: z.string(),
});
export type TCaptchaChallenge = z.infer<typeof ZCaptchaChallenge>;

/** The answer of every anonymous request that must not tell whether an account exists. */
export const ZAccepted = z.object({ ok: z.literal(true) });

export const ZRecoverRequest = z.object({ identifier: z.string().trim().min(1).max(254), language: ZLanguage.optional(), captcha: ZCaptchaSolution });
export const ZRecoverReset = z.object({ key: ZLinkKey, password: ZPassword });
export type TRecoverRequest = z.input<typeof ZRecoverRequest>;

export const ZSignupSpace = z.object({ _id: z.string(), name: z.string(), logo: z.string().nullable() });
export const ZSignup = z.object({
  space: z.string().uuid(),
  firstName: ZName,
  lastName: z.string().trim().max(100).nullish(),
  email: ZEmailAddress,
  password: ZPassword,
  language: ZLanguage.default('es'),
  captcha: ZCaptchaSolution,
});
export type TSignupInput = z.input<typeof ZSignup>;

export const ZConfirm = z.object({ key: ZLinkKey });
export const ZResend = z.object({ identifier: z.string().trim().min(1).max(254), language: ZLanguage.optional(), captcha: ZCaptchaSolution });

/** What the invitation page needs before the person accepts: the space, the e-mail, and whether an account must be created. */
export const ZInviteLookup = z.object({ email: z.string(), spaceName: z.string(), role: z.string().nullable(), newAccount: z.boolean() });
export const ZAcceptInvite = z.object({
  key: ZLinkKey,
  firstName: ZName.optional(),
  lastName: z.string().trim().max(100).nullish(),
  password: ZPassword.optional(),
  language: ZLanguage.optional(),
});
export type TAcceptInviteInput = z.input<typeof ZAcceptInvite>;

export const ZAccessRequest = z.object({
  spaceIdentifier: z.string().trim().min(1).max(100),
  email: ZEmailAddress,
  firstName: ZName,
  lastName: z.string().trim().max(100).nullish(),
  message: z.string().trim().max(500).nullish(),
  language: ZLanguage.default('es'),
  captcha: ZCaptchaSolution,
});
export type TAccessRequestInput = z.input<typeof ZAccessRequest>;

export const ZProcessAccess = z.object({ key: ZLinkKey, accept: z.boolean() });
/** What the administrator's link shows before accepting or rejecting. */
export const ZAccessRequestLookup = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  message: z.string().nullable(),
  spaceName: z.string(),
  status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']),
});

export const ZPhoneCodeRequest = z.object({ phone: z.string().trim().regex(PHONE_PATTERN) });
export const ZConfirmPhone = z.object({
  key: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  phone: z.string().trim().regex(PHONE_PATTERN),
});

// ---- Administrator side (/ms-core/api) ----

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'CANCEL'] as const;
/**
 * The access an invitation gives (decision 0062): the user form's fields, checked the same way and
 * applied to the person when they accept. No client, establishment or area: the whole space.
 */
export const ZInviteAccess = ZUserInput.pick({
  clients: true,
  establishments: true,
  areas: true,
  accessServices: true,
  registersAccess: true,
  labDataAccess: true,
});
export const ZInviteCreate = z
  .object({ emails: z.array(ZEmailAddress).min(1).max(50), role: z.string().uuid(), language: ZLanguage.optional() })
  .extend(ZInviteAccess.shape);
export type TInviteCreate = z.input<typeof ZInviteCreate>;
/** A role the caller may invite with (GET /ms-core/api/invites/roles); its permissions say whose staff it is for. */
export const ZInviteRole = z.object({ _id: z.string(), name: z.string(), superAdmin: z.boolean(), permissions: z.array(z.string()) });
/** The access an invitation carries, as listed: the spaces it is limited to (none: the whole space of the invitation). */
export const ZInvitationAccess = z.object({
  spaces: z.array(ZSpaceRef),
  accessServices: z.array(z.string()),
  registersAccess: z.array(z.object({ areaAccess: z.string(), category: z.string().nullish(), registers: z.array(z.string()).optional() })),
  labDataAccess: z.array(z.string()),
});
export type TInviteRole = z.infer<typeof ZInviteRole>;
export const ZInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.object({ _id: z.string(), name: z.string() }).nullable(),
  access: ZInvitationAccess,
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  can: z.object({ resend: z.boolean(), cancel: z.boolean() }),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ACCESS_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const ZJoinRequest = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  can: z.object({ process: z.boolean() }),
});
export type TJoinRequest = z.infer<typeof ZJoinRequest>;
export const ZProcessJoinRequest = z.object({ accept: z.boolean() });

/**
 * Google sign-in (decision 0046). The browser asks the server to start (a single-use `state` whose
 * nonce the server derives), goes to the provider, comes back with an ID token, and sends it with
 * the state. The server verifies the token and matches its verified e-mail: no user id is taken
 * from the browser.
 */
export const ZSocialProviders = z.object({ google: z.boolean() });
export const ZSocialStart = z.object({ provider: z.literal('google').default('google') });
export const ZSocialStarted = z.object({ url: z.string(), state: z.string() });
export const ZSocialSignin = z.object({
  provider: z.literal('google').default('google'),
  /** The provider's ID token (the calls document's "oauth token"): a compact JWS. */
  idToken: z.string().trim().min(20).max(8192),
  state: ZLinkKey,
  remember: z.boolean().default(false),
});
export type TSocialSigninInput = z.input<typeof ZSocialSignin>;
