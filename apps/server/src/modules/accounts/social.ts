import type { TSocialSigninInput } from '@audit/domain/accounts';
import type { TConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { newOpaqueToken } from '../../platform/tokens.js';
import * as auth from '../auth/service.js';
import * as users from '../users/accounts.js';
import { issueLink, spendLink } from './links.js';
import { publicUrl } from './mails.js';
import { OidcClient } from './oidc.js';

/**
 * Google sign-in (decision 0046): `start` gives the browser the provider's address with a new
 * single-use state (an account link of kind SOCIAL, stored hashed, 10 minutes) and the nonce
 * derived from it; `signIn` verifies the ID token the provider gave the browser and opens the
 * session of the account whose e-mail the provider verified, as password sign-in does.
 */

/** One client per configuration (the app's, or a test's): its discovery and keys are cached. */
const clients = new WeakMap<TConfig, OidcClient>();

export const googleConfigured = (config: TConfig) => Boolean(config.GOOGLE_CLIENT_ID);

function googleClient(ctx: TModuleContext): OidcClient {
  const { config } = ctx;
  if (!config.GOOGLE_CLIENT_ID) throw new AppError('socialNotConfigured');
  let client = clients.get(config);
  if (!client) {
    client = new OidcClient({
      issuer: config.GOOGLE_ISSUER,
      clientId: config.GOOGLE_CLIENT_ID,
      redirectUri: config.GOOGLE_REDIRECT_URI ?? publicUrl(ctx, '/login/google'),
      secret: config.jwtSecret,
    });
    clients.set(config, client);
  }
  return client;
}

export function socialProviders(ctx: TModuleContext) {
  return { google: googleConfigured(ctx.config) };
}

export async function startSocialSignin(ctx: TModuleContext, language: 'es' | 'en') {
  const client = googleClient(ctx);
  const state = newOpaqueToken();
  const url = await client.authorizationUrl(state, language);
  await unsafeUnscoped(ctx.db, (tx) => issueLink(tx, 'SOCIAL', {}, { key: state }));
  return { url, state };
}

/**
 * SOC0002 for a token that does not verify or a state that is unknown, spent or expired; SOC0003
 * when the provider has not verified the e-mail; SOC0004 when no account has it (sign-up stays the
 * form's: decision 0046); 492 locked and 491 not verified as at sign-in. The state is spent with
 * the session, in one transaction: the same token and state sent twice open one session.
 */
export async function socialSignIn(ctx: TModuleContext, input: Required<Pick<TSocialSigninInput, 'idToken' | 'state' | 'remember'>>) {
  const identity = await googleClient(ctx).verify(input.idToken, input.state);
  if (!identity.email || !identity.emailVerified) throw new AppError('socialEmailUnverified');
  const email = identity.email;
  return unsafeUnscoped(ctx.db, async (tx) => {
    await spendLink(tx, 'SOCIAL', input.state).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'linkExpired' ? new AppError('socialSigninFailed') : error;
    });
    const user = await users.findUserByEmail(tx, email);
    if (!user || user.status === 'DELETED') throw new AppError('socialNoAccount');
    if (user.status === 'LOCK' || (user.lockedUntil && user.lockedUntil > new Date())) throw new AppError('locked');
    if (!user.verified || user.status !== 'ACTIVE') throw new AppError('notVerified');
    return auth.openSession(ctx, tx, user, { remember: input.remember });
  });
}
