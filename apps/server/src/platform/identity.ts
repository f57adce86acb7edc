import { sql } from 'drizzle-orm';
import type { TDatabase, TListen } from './db.js';

export interface TIdentityRow extends Record<string, unknown> {
  status: string;
  is_auditor: boolean;
  language: string;
  locked_until: string | Date | null;
  password_changed_at: string | Date | null;
  permissions: string[] | null;
  roles: string[] | null;
  super_admin: boolean | null;
  member: boolean;
  access_services: string[] | null;
  registers_access: TRegisterAccess[] | null;
  lab_data_access: string[] | null;
  spaces: string[] | null;
}

/** A register area the user may see (spec section 3, User.registersAccess). */
export interface TRegisterAccess {
  areaAccess: string;
  category?: string | null;
  registers?: string[];
}

/**
 * The access lists of the spec (section 6) the caller carries. An empty list means no
 * restriction, as the spec says of each of them.
 */
export interface TAccessLists {
  /** Spaces the user is a member of: their clients, establishments and areas (or the company). */
  spaces: string[];
  /** Services the user may audit ("auditors see only services they have access to"). */
  services: string[];
  /** Register areas the user sees. */
  registers: TRegisterAccess[];
  /** Lab-data categories the user sees. */
  labData: string[];
}

/**
 * Who is calling, as every policy (platform/policy.ts) reads it: the user, the space the session
 * acts in, the permissions and role names of their roles now, and their access lists.
 */
export interface TIdentity {
  userId: string;
  spaceId: string;
  spacePath: string;
  permissions: string[];
  roles: string[];
  isAdmin: boolean;
  isAuditor: boolean;
  access: TAccessLists;
}

/** A caller with no access list (the public report's reader, a job acting for a user). */
export const NO_ACCESS: TAccessLists = Object.freeze({ spaces: [], services: [], registers: [], labData: [] }) as TAccessLists;

/** The access lists of an identity row (empty lists when a column is null). */
export const accessListsOf = (row: TIdentityRow): TAccessLists => ({
  spaces: row.spaces ?? [],
  services: row.access_services ?? [],
  registers: row.registers_access ?? [],
  labData: row.lab_data_access ?? [],
});

export const IDENTITY_CHANNEL = 'identity_changed';
/** A safety net only: entries are dropped as soon as the database announces a change. */
const MAX_AGE_MS = 60_000;
const MAX_USERS = 10_000;

/**
 * The caller's identity, read on every request: user still active, still a member of the token's
 * space (directly or through an ancestor), and the permissions of their roles now. Reads across
 * tenants by the user's own id only (reviewed unscoped read).
 *
 * It is kept in memory between requests only while the database can tell us it changed: migration
 * 0007 makes every change to users, user_roles, user_spaces and roles NOTIFY the user concerned
 * (or everyone), delivered at commit. Without a live subscription nothing is cached, so a lock or
 * a role change is never served late. A read that overlaps a notification is not stored.
 */
export function createIdentityLoader(db: TDatabase, listen?: TListen) {
  const cache = new Map<string, Map<string, { row: TIdentityRow | undefined; at: number }>>();
  let live = false;
  let generation = 0;

  const forget = (payload: string) => {
    generation++;
    if (payload === '*') cache.clear();
    else cache.delete(payload);
  };
  const subscription = listen?.(IDENTITY_CHANNEL, forget, () => {
    live = false;
    forget('*');
  }).then(
    (stop) => {
      live = true;
      return stop;
    },
    () => undefined,
  );

  async function query(userId: string, spacePath: string) {
    const result = await db.execute<TIdentityRow>(sql`
      select u.status, u.is_auditor, u.language, u.locked_until, u.password_changed_at,
        (select coalesce(array_agg(distinct p), '{}') from user_roles ur join roles r on r.id = ur.role_id, unnest(r.permissions) p where ur.user_id = u.id) as permissions,
        (select coalesce(array_agg(distinct r.name), '{}') from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles,
        (select bool_or(r.super_admin) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as super_admin,
        exists (select 1 from user_spaces us where us.user_id = u.id and ${spacePath} like us.secure_space_path || '%') as member,
        (select coalesce(array_agg(us.space_id::text order by us.space_id), '{}') from user_spaces us where us.user_id = u.id) as spaces,
        (select coalesce(array_agg(s::text), '{}') from unnest(u.access_services) s) as access_services,
        u.registers_access, u.lab_data_access
      from users u where u.id = ${userId}`);
    return result.rows[0];
  }

  /** The identity kept for this user and space, if any and still trusted. */
  const kept = (userId: string, spacePath: string) => {
    const hit = live ? cache.get(userId)?.get(spacePath) : undefined;
    return hit && Date.now() - hit.at < MAX_AGE_MS ? hit : undefined;
  };

  return {
    /** What load would answer from memory, without waiting; undefined when it must read the database. */
    peek: (userId: string, spacePath: string) => kept(userId, spacePath),
    async load(userId: string, spacePath: string): Promise<TIdentityRow | undefined> {
      const hit = kept(userId, spacePath);
      if (hit) return hit.row;
      const seen = generation;
      const row = await query(userId, spacePath);
      if (live && seen === generation) {
        if (cache.size >= MAX_USERS) cache.clear();
        const spaces = cache.get(userId) ?? new Map();
        spaces.set(spacePath, { row, at: Date.now() });
        cache.set(userId, spaces);
      }
      return row;
    },
    /** Drops what is kept of a user ('*': of everyone). */
    forget,
    /** Resolves once the subscription is live (tests wait for it). */
    ready: async () => {
      await subscription;
      return live;
    },
    async close() {
      live = false;
      cache.clear();
      const stop = await subscription;
      await stop?.().catch(() => undefined);
    },
  };
}

export type TIdentityLoader = ReturnType<typeof createIdentityLoader>;
