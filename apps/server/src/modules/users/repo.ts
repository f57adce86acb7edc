import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, readPage, type TSearchDefinition } from '../../platform/search.js';
import type { TTotals } from '../../platform/totals.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { users, userSpaces } from './tables.js';

/**
 * The user's roles as a JSON array, in the same query as the user. Inside raw subqueries columns are
 * written qualified: drizzle renders ${users.id} as a bare "id", which the subquery would rebind.
 */
const rolesOf = sql<{ _id: string; name: string; superAdmin: boolean }[]>`coalesce((
  select json_agg(json_build_object('_id', r.id, 'name', r.name, 'superAdmin', r.super_admin) order by r.name)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id"), '[]'::json)`;

/** The user's memberships below a company (clients, establishments, areas), with their type, in the same query. */
const membershipsOf = sql<{ _id: string; name: string; type: string }[]>`coalesce((
  select json_agg(json_build_object('_id', s.id, 'name', s.name, 'type', s.type_structure) order by s.secure_space_path)
  from user_spaces us join spaces s on s.id = us.space_id where us.user_id = "users"."id" and s.parent_id is not null), '[]'::json)`;

const userColumns = {
  id: users.id,
  spaceId: users.spaceId,
  secureSpacePath: users.secureSpacePath,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  avatar: users.avatar,
  birthday: users.birthday,
  status: users.status,
  verified: users.verified,
  isAuditor: users.isAuditor,
  reportType: users.reportType,
  language: users.language,
  onboardingCompleted: users.onboardingCompleted,
  accessServices: users.accessServices,
  registersAccess: users.registersAccess,
  labDataAccess: users.labDataAccess,
  settings: users.settings,
  createdAt: users.createdAt,
  roles: rolesOf,
  memberships: membershipsOf,
};
const selectUsers = (tx: TDb) => tx.select(userColumns).from(users);
export type TUserRow = Awaited<ReturnType<typeof selectUsers>>[number];

const fullName = sql`(${users.firstName} || coalesce(' ' || ${users.lastName}, ''))`;

/** Status filter as the product document maps it: active = verified, not locked, not deleted. */
function statusFilter(_operator: string, value: unknown): SQL {
  const wanted = (Array.isArray(value) ? value : [value]).map((v) => String(v).toLowerCase());
  const parts = wanted.map((v) => {
    if (v === 'deleted') return sql`${users.status} = 'DELETED'`;
    if (v === 'lock') return sql`${users.status} = 'LOCK'`;
    if (v === 'unverified') return sql`(${users.verified} = false and ${users.status} <> 'DELETED')`;
    return sql`(${users.status} = 'ACTIVE' and ${users.verified} = true)`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

export const userSearch: TSearchDefinition = {
  fields: {
    name: { column: fullName, type: 'text' },
    firstName: { column: users.firstName, type: 'text' },
    lastName: { column: users.lastName, type: 'text' },
    username: { column: users.username, type: 'text' },
    email: { column: users.email, type: 'text' },
    phone: { column: users.phone, type: 'text' },
    status: {
      column: users.status,
      type: 'enum',
      values: ['active', 'lock', 'unverified', 'deleted', 'ACTIVE', 'LOCK', 'UNVERIFIED', 'DELETED'],
      filter: statusFilter,
    },
    verified: { column: users.verified, type: 'boolean' },
    isAuditor: { column: users.isAuditor, type: 'boolean' },
    createdAt: { column: users.createdAt, type: 'date' },
    _id: { column: users.id, type: 'uuid', sortable: false },
    /** Users who see this space: a membership in it or above it, below the company (the client page's Users tab). */
    space: {
      column: users.id,
      type: 'uuid',
      sortable: false,
      filter: (_op, value) => {
        const id = typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
        if (!id) return sql`false`;
        return sql`exists (select 1 from user_spaces us join spaces m on m.id = us.space_id join spaces s on s.id = ${id}
          where us.user_id = "users"."id" and m.parent_id is not null
          and (s.secure_space_path like us.secure_space_path || '%' or us.secure_space_path like s.secure_space_path || '%'))`;
      },
    },
    roles: {
      column: users.id,
      type: 'uuid',
      sortable: false,
      filter: (_op, value) => {
        const ids = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v));
        if (!ids.length) return sql`false`;
        return sql`exists (select 1 from user_roles ur where ur.user_id = "users"."id" and ur.role_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}))`;
      },
    },
  },
  // Name, username, e-mail and phone, matched by list_match_users (migration 0018: under RLS an ILIKE cannot use its index).
  searchColumns: [(pattern) => sql`"users"."id" = any(array(select list_match_users(${pattern})))`],
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

/** A page of users: the page's ids first, the roles joined to those rows only (decision 0028). */
export async function searchUsers(tx: TDb, scope: TScope, body: TSearchBody, totals?: TTotals) {
  const q = buildSearch(userSearch, body);
  const where = and(withinScope(users.secureSpacePath, scope), q.where);
  return readPage({
    totals,
    tables: ['users', 'user_roles'],
    scopePath: scope.spacePath,
    count: tx
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
    q,
    read: (window) =>
      selectUsers(tx)
        .where(
          inArray(
            users.id,
            tx
              .select({ id: users.id })
              .from(users)
              .where(where)
              .orderBy(...window.orderBy)
              .limit(window.limit)
              .offset(window.offset),
          ),
        )
        .orderBy(...q.orderBy),
  });
}

export async function findUserInScope(tx: TDb, scope: TScope, id: string) {
  const [row] = await selectUsers(tx)
    .where(and(eq(users.id, id), withinScope(users.secureSpacePath, scope)))
    .limit(1);
  return row;
}

/** The caller's own row, whatever the current space (reviewed: keyed by the token's user id). */
export async function unsafeFindOwnUser(tx: TDb, id: string) {
  const [row] = await selectUsers(tx).where(eq(users.id, id)).limit(1);
  return row;
}

/** Auditors of a company: active, verified users with isAuditor whose home is the company's root space. */
export function listAuditors(tx: TDb, scope: TScope, rootPath: string, id?: string) {
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        withinScope(users.secureSpacePath, scope),
        eq(users.secureSpacePath, rootPath),
        eq(users.isAuditor, true),
        eq(users.verified, true),
        eq(users.status, 'ACTIVE'),
        id ? eq(users.id, id) : undefined,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id);
}

/** Display names of users by id, whatever their space (reviewed: callers pass ids they may show). */
export function unsafeNamesOf(tx: TDb, ids: string[]) {
  return tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
}

/** E-mail, language and settings of users a job writes to (reviewed: by id only, read by a job acting for the tenant). */
export function unsafeMailProfilesOf(tx: TDb, ids: string[]) {
  return tx
    .select({ id: users.id, email: users.email, language: users.language, settings: users.settings, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function findUsersInScope(tx: TDb, scope: TScope, ids: string[]) {
  return tx
    .select({ id: users.id, secureSpacePath: users.secureSpacePath, status: users.status })
    .from(users)
    .where(and(inArray(users.id, ids), withinScope(users.secureSpacePath, scope)));
}

/** The e-mail addresses of users of the scope (missing ids are simply absent). */
export async function findEmailsInScope(tx: TDb, scope: TScope, ids: string[]) {
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), withinScope(users.secureSpacePath, scope)));
}

/** Users of the caller's scope among `ids`, with what a reference to them shows (the employees' user account). */
export async function findUserRefsInScope(tx: TDb, scope: TScope, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), withinScope(users.secureSpacePath, scope)));
}

export async function updateUsers(tx: TDb, ids: string[], values: Partial<typeof users.$inferInsert>) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(users.id, ids));
}

export async function unsafeUpdateOwnSettings(tx: TDb, id: string, key: string, value: unknown) {
  await tx.execute(sql`update users set settings = jsonb_set(settings, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb, true) where id = ${id}`);
}

export async function loginTaken(tx: TDb, username: string, email: string, exceptId?: string) {
  const rows = await tx
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        sql`(lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()})`,
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    );
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUser(tx: TDb, row: typeof users.$inferInsert) {
  const [created] = await tx.insert(users).values(row).returning({ id: users.id });
  return created!.id;
}

export async function addMembership(tx: TDb, userId: string, spaceId: string, secureSpacePath: string) {
  await tx.insert(userSpaces).values({ userId, spaceId, secureSpacePath }).onConflictDoNothing();
}

// ---- Sign-in (the auth service): unscoped, the login has no tenant yet ----

export async function findUserByLogin(tx: TDb, login: string) {
  const needle = login.trim().toLowerCase();
  const [user] = await tx
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, needle), eq(sql`lower(${users.email})`, needle)))
    .limit(1);
  return user;
}

export async function findUserById(tx: TDb, id: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function recordFailedSignin(tx: TDb, userId: string, maxFailures: number, lockMinutes: number) {
  await tx.execute(sql`
    update users set
      failed_signins = case when failed_signins + 1 >= ${maxFailures} then 0 else failed_signins + 1 end,
      locked_until = case when failed_signins + 1 >= ${maxFailures} then now() + make_interval(mins => ${lockMinutes}) else locked_until end
    where id = ${userId}`);
}

export async function clearFailedSignins(tx: TDb, userId: string) {
  await tx.update(users).set({ failedSignins: 0, lockedUntil: null }).where(eq(users.id, userId));
}
