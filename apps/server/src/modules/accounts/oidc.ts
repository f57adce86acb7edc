import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../../platform/errors.js';

/**
 * OpenID Connect for Google sign-in (decision 0046), with `jose`: the provider's metadata is read
 * once from its discovery document, its signing keys from its JWKS (cached by jose, fetched again
 * for an unknown key id), and every ID token is verified here: signature, issuer, audience,
 * expiry and the nonce this server derived from the sign-in's state. The browser's word is never
 * taken for who the person is: only a verified token's verified e-mail.
 */

export interface TOidcSettings {
  issuer: string;
  clientId: string;
  redirectUri: string;
  /** The server's secret: nonces are HMACs of the state under it. */
  secret: string;
}

/** Who the provider vouches for. `emailVerified` is the provider's own flag. */
export interface TOidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

interface TMetadata {
  issuer: string;
  authorization_endpoint: string;
  jwks_uri: string;
}

/** Algorithms a provider signs ID tokens with (Google: RS256). `none` and HMAC are never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Clocks differ a little between the provider and this server. */
const CLOCK_TOLERANCE_S = 30;
const FETCH_TIMEOUT_MS = 5000;
/** Google's tokens name their issuer with or without the scheme (its OpenID Connect guide). */
const GOOGLE = 'https://accounts.google.com';

const failed = () => new AppError('socialSigninFailed');

export class OidcClient {
  private discovery: Promise<{ metadata: TMetadata; keys: ReturnType<typeof createRemoteJWKSet> }> | null = null;

  constructor(private readonly settings: TOidcSettings) {}

  /** The nonce of a sign-in: bound to its state, so a token obtained for another sign-in does not fit. */
  nonceOf(state: string): string {
    return createHmac('sha256', this.settings.secret).update(`oidc-nonce:${state}`).digest('base64url');
  }

  /** Where the browser goes: the provider's authorization endpoint asking for an ID token (response_type=id_token). */
  async authorizationUrl(state: string, language: 'es' | 'en'): Promise<string> {
    const { metadata } = await this.discover();
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'id_token',
      response_mode: 'fragment',
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      state,
      nonce: this.nonceOf(state),
      ui_locales: language,
      // Google lets a person with several accounts choose one (other providers may not know the value).
      ...(metadata.issuer === GOOGLE ? { prompt: 'select_account' } : {}),
    }).toString();
    return url.toString();
  }

  /**
   * Verifies an ID token for the sign-in whose state is `state`: SOC0002 for anything wrong with it
   * (signature, issuer, audience, expiry, nonce, shape) or a provider that cannot be reached.
   */
  async verify(idToken: string, state: string): Promise<TOidcIdentity> {
    const { metadata, keys } = await this.discover();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: metadata.issuer === GOOGLE ? [GOOGLE, 'accounts.google.com'] : metadata.issuer,
        audience: this.settings.clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
        clockTolerance: CLOCK_TOLERANCE_S,
      }));
    } catch {
      throw failed();
    }
    // Several audiences: the token must have been issued to us (OpenID Connect Core 3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.settings.clientId) throw failed();
    if (typeof payload.nonce !== 'string' || !sameText(payload.nonce, this.nonceOf(state))) throw failed();
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return {
      subject: String(payload.sub),
      email: text(payload.email)?.toLowerCase() ?? null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
    };
  }

  /** The provider's metadata and keys, read once; a failure is not remembered (the next sign-in tries again). */
  private discover() {
    this.discovery ??= readMetadata(this.settings.issuer).then(
      (metadata) => ({ metadata, keys: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS }) }),
      (error: unknown) => {
        this.discovery = null;
        throw error;
      },
    );
    return this.discovery;
  }
}

async function readMetadata(issuer: string): Promise<TMetadata> {
  const base = issuer.replace(/\/$/, '');
  let body: Partial<TMetadata>;
  try {
    const res = await fetch(`${base}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    body = (await res.json()) as Partial<TMetadata>;
  } catch {
    throw failed();
  }
  // The document must name the issuer we were configured with (OpenID Connect Discovery 4.3).
  if (body.issuer?.replace(/\/$/, '') !== base || !body.authorization_endpoint || !body.jwks_uri) throw failed();
  return { issuer: body.issuer, authorization_endpoint: body.authorization_endpoint, jwks_uri: body.jwks_uri };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
