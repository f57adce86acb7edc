import { isDatabaseLost } from './database-lost.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermissions, type TPermission } from '@audit/domain/permissions';
import { AppError, forbidden, unauthenticated } from './errors.js';
import { accessListsOf, type TIdentity, type TIdentityLoader, type TIdentityRow } from './identity.js';
import type { TIdempotency } from './idempotency/keys.js';
import { passwordStamp, type TAccessClaims, type TTokenService } from './tokens.js';

/** Base paths of the API (the calls document's bases and the auth base). */
export const API_PREFIXES = ['/ms-core/', '/ms-registry/', '/ms-statistics/', '/auth/'];

/** Who is calling, in which space, with which permissions and access lists. Present on every protected request. */
export interface TAuth extends TIdentity {
  language: string;
  /** The write's Idempotency-Key, when it carries one (platform/idempotency). */
  idempotency?: TIdempotency;
}

/** What a route needs: `public`, or a list of permission names of packages/domain (ADMIN passes all). */
export type TRouteAccess = { public: true } | { permissions: TPermission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
    /**
     * The route never changes users, roles or memberships, so its writes keep the identities the
     * server holds in memory (platform/identity.ts). Every other write forgets them all.
     */
    identityNeutral?: boolean;
  }
  interface FastifyRequest {
    auth?: TAuth;
  }
}

/** A route's access: every named permission required (typed: only names of packages/domain compile). */
export const requires = (...permissions: TPermission[]) => ({ access: { permissions } satisfies TRouteAccess });

/** The caller's identity; throws 401 on a public route where nobody signed in. */
export function requireAuth(request: FastifyRequest): TAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** authorize(user, permissions): the one permission check, used by the hook and by services. */
export function authorize(auth: Pick<TAuth, 'permissions' | 'isAdmin'>, required: readonly TPermission[]): void {
  if (auth.isAdmin) return;
  if (!hasPermissions(auth.permissions, required)) throw forbidden();
}

export function can(auth: Pick<TAuth, 'permissions' | 'isAdmin'>, required: readonly TPermission[]): boolean {
  return auth.isAdmin || hasPermissions(auth.permissions, required);
}

export function registerAuthentication(app: FastifyInstance, identities: TIdentityLoader, tokens: TTokenService) {
  // Every API route must say what it needs: refuse to start otherwise. (The web app's static files
  // are public by nature and are not API routes.)
  app.addHook('onRoute', (route) => {
    if (!API_PREFIXES.some((prefix) => route.url.startsWith(prefix)) || route.method === 'HEAD') return;
    const access = (route.config as { access?: TRouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    if ('permissions' in access) {
      route.schema = {
        ...route.schema,
        security: [{ bearer: [] }],
        description: `${route.schema?.description ?? ''} Requires: ${access.permissions.join(', ') || 'a signed-in user'}.`.trim(),
      };
    }
  });

  // This server forgets identities before answering a write that may have changed one, so the
  // caller's next request sees it at once; other servers hear of it through NOTIFY.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.routeOptions.config?.identityNeutral) identities.forget('*');
    done(null, payload);
  });

  /** The caller of a verified token with their identity now, or null when they may not act (locked, removed, password changed). */
  const authOf = (claims: TAccessClaims, identity: TIdentityRow | undefined): TAuth | null => {
    // A password changed since the token was issued ends it (docs/decisions/0003).
    if (identity && passwordStamp(identity.password_changed_at) !== claims.pwd) return null;
    return callerOf(identity, { userId: claims.sub, spaceId: claims.space, spacePath: claims.path });
  };

  /**
   * The caller's roles and permissions as the database has them now. When that read itself fails
   * (a statement timeout, a broken row), the request cannot be authorized either way: the catalogue's
   * 458 "error checking permissions", logged with the cause, rather than a bare internal error.
   */
  const loadIdentity = async (request: FastifyRequest, claims: TAccessClaims) => {
    try {
      return await identities.load(claims.sub, claims.path);
    } catch (error) {
      // Database unreachable: the same request can succeed in a moment (503, Retry-After).
      if (isDatabaseLost(error)) throw error;
      request.log.error({ err: error, requestId: request.id }, 'permission check failed');
      throw new AppError('permissionCheckFailed');
    }
  };

  /** Sets request.auth (or refuses) once the token's claims and the identity are known. */
  const admit = (request: FastifyRequest, access: TRouteAccess | undefined, claims: TAccessClaims | null, identity: TIdentityRow | undefined) => {
    const isPublic = !access || 'public' in access;
    const auth = claims ? authOf(claims, identity) : null;
    if (!auth) {
      if (isPublic) return;
      throw unauthenticated();
    }
    request.auth = auth;
    if (access && 'permissions' in access) authorize(auth, access.permissions);
  };

  // Callback style, with no promise and no wait when the token was verified before and the identity
  // is kept (an auditor's every answer): the async path only when one of them must be computed.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    const header = request.headers.authorization;
    if ((!access || 'public' in access) && !header) return done();
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const known = token ? tokens.knownAccess(token) : null;
    const kept = known ? identities.peek(known.sub, known.path) : undefined;
    if (known === null || (known && kept)) return done(attempt(() => admit(request, access, known, kept?.row)));
    void (async () => {
      const claims = await tokens.verifyAccess(token!);
      admit(request, access, claims, claims ? await loadIdentity(request, claims) : undefined);
    })().then(() => done(), done);
  });
}

/** The error `work` throws, if any (for hooks in callback style, which hand it to `done`). */
function attempt(work: () => void): Error | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/**
 * The caller a user is now in a space, from their identity row, or null when they may not act
 * (not active, not a member, locked). The session's and the calendar feed's one way to build it.
 */
export function callerOf(identity: TIdentityRow | undefined, at: { userId: string; spaceId: string; spacePath: string }): TAuth | null {
  const lockedUntil = identity?.locked_until ? new Date(identity.locked_until) : null;
  if (!identity || identity.status !== 'ACTIVE' || !identity.member || (lockedUntil && lockedUntil > new Date())) return null;
  const permissions = identity.permissions ?? [];
  return {
    ...at,
    permissions,
    roles: identity.roles ?? [],
    isAdmin: permissions.includes('ADMIN') || identity.super_admin === true,
    isAuditor: identity.is_auditor,
    access: accessListsOf(identity),
    language: identity.language,
  };
}
