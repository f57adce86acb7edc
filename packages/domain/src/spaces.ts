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
  theme: z.record(z.string(), z.string()).nullable(),
  secureSpacePath: z.string(),
  isRoot: z.boolean(),
  /** The IANA zone its days are counted in, its own or inherited (decision 0015). */
  timeZone: z.string(),
  /** Strangers may create an account in this space (decision 0040). */
  signupEnabled: z.boolean(),
  /** New users go through /onboarding (decision 0041). */
  onboardingActive: z.boolean(),
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
