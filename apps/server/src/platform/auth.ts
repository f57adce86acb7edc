import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { hasPermissions } from '@audit/domain/permissions';
import type { TDatabase } from './db.js';
import { forbidden, unauthenticated } from './errors.js';
import type { TScope } from './tenancy.js';
import type { TTokenService } from './tokens.js';

/** Base paths of the API (the calls document's bases and the auth base). */
export const API_PREFIXES = ['/ms-core/', '/ms-registry/', '/ms-statistics/', '/auth/'];

/** Who is calling, in which space, with which permissions. Present on every protected request. */
export interface TAuth extends TScope {
  userId: string;
  permissions: string[];
  isAdmin: boolean;
  isAuditor: boolean;
  language: string;
}

/** What a route needs: `public`, or a list of permission names (ADMIN passes all). */
export type TRouteAccess = { public: true } | { permissions: string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
  }
  interface FastifyRequest {
    auth?: TAuth;
  }
}

/** The caller's identity; throws 401 on a public route where nobody signed in. */
export function requireAuth(request: FastifyRequest): TAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** authorize(user, permissions): the one permission check, used by the hook and by services. */
export function authorize(auth: Pick<TAuth, 'permissions' | 'isAdmin'>, required: readonly string[]): void {
  if (auth.isAdmin) return;
  if (!hasPermissions(auth.permissions, required)) throw forbidden();
}

export function can(auth: Pick<TAuth, 'permissions' | 'isAdmin'>, required: readonly string[]): boolean {
  return auth.isAdmin || hasPermissions(auth.permissions, required);
}

interface TIdentityRow extends Record<string, unknown> {
  status: string;
  is_auditor: boolean;
  language: string;
  locked_until: string | Date | null;
  permissions: string[] | null;
  super_admin: boolean | null;
  member: boolean;
}

/**
 * Loads the caller from the token on each request: user still active, still a member of the
 * token's space (directly or through an ancestor), and the permissions of their roles now.
 * Reads across tenants by the user's own id only (reviewed unscoped read).
 */
async function loadIdentity(db: TDatabase, userId: string, spacePath: string): Promise<TIdentityRow | undefined> {
  const result = await db.execute<TIdentityRow>(sql`
    select u.status, u.is_auditor, u.language, u.locked_until,
      (select coalesce(array_agg(distinct p), '{}') from user_roles ur join roles r on r.id = ur.role_id, unnest(r.permissions) p where ur.user_id = u.id) as permissions,
      (select bool_or(r.super_admin) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as super_admin,
      exists (select 1 from user_spaces us where us.user_id = u.id and ${spacePath} like us.secure_space_path || '%') as member
    from users u where u.id = ${userId}`);
  return result.rows[0];
}

export function registerAuthentication(app: FastifyInstance, db: TDatabase, tokens: TTokenService) {
  // Every API route must say what it needs: refuse to start otherwise. (The web app's static files
  // are public by nature and are not API routes.)
  app.addHook('onRoute', (route) => {
    if (!API_PREFIXES.some((prefix) => route.url.startsWith(prefix)) || route.method === 'HEAD') return;
    const access = (route.config as { access?: TRouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    if ('permissions' in access) {
      route.schema = { ...route.schema, security: [{ bearer: [] }], description: `${route.schema?.description ?? ''} Requires: ${access.permissions.join(', ') || 'a signed-in user'}.`.trim() };
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const header = request.headers.authorization;
    const isPublic = !access || 'public' in access;
    if (isPublic && !header) return;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const claims = token ? await tokens.verifyAccess(token) : null;
    if (!claims) {
      if (isPublic) return;
      throw unauthenticated();
    }
    const identity = await loadIdentity(db, claims.sub, claims.path);
    const lockedUntil = identity?.locked_until ? new Date(identity.locked_until) : null;
    if (!identity || identity.status !== 'ACTIVE' || !identity.member || (lockedUntil && lockedUntil > new Date())) {
      if (isPublic) return;
      throw unauthenticated();
    }
    const permissions = identity.permissions ?? [];
    request.auth = {
      userId: claims.sub,
      spaceId: claims.space,
      spacePath: claims.path,
      permissions,
      isAdmin: permissions.includes('ADMIN') || identity.super_admin === true,
      isAuditor: identity.is_auditor,
      language: identity.language,
    };
    if (access && 'permissions' in access) authorize(request.auth, access.permissions);
  });
}
