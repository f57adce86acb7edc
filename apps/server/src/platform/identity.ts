import { sql } from 'drizzle-orm';
import type { TDatabase, TListen } from './db.js';

export interface TIdentityRow extends Record<string, unknown> {
  status: string;
  is_auditor: boolean;
  language: string;
  locked_until: string | Date | null;
  password_changed_at: string | Date | null;
  permissions: string[] | null;
  super_admin: boolean | null;
  member: boolean;
}

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
        (select bool_or(r.super_admin) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as super_admin,
        exists (select 1 from user_spaces us where us.user_id = u.id and ${spacePath} like us.secure_space_path || '%') as member
      from users u where u.id = ${userId}`);
    return result.rows[0];
  }

  return {
    async load(userId: string, spacePath: string): Promise<TIdentityRow | undefined> {
      const hit = live ? cache.get(userId)?.get(spacePath) : undefined;
      if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.row;
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
