import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import { isAcceptablePassword } from '@audit/domain/validators';
import type { TAuth } from '../../platform/auth.js';
import type { TDb, TTransaction } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { hashPassword } from '../../platform/passwords.js';
import { project } from '../../platform/search.js';
import { unsafeUnscoped, unsafeUnscopedIn, type TScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import type { TIdentity } from '../../platform/identity.js';
import { signedFileUrl } from '../files/signing.js';
import { userPolicy } from './policy.js';
import * as spaces from '../spaces/service.js';
import * as repo from './repo.js';

const membershipsOfType = (row: repo.TUserRow, type: string) => row.memberships.filter((m) => m.type === type).map(({ _id, name }) => ({ _id, name }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A stored avatar is an uploaded image's id, shown by a signed address (decision 0068); without the config (a trace), the id itself. */
const avatarOf = (avatar: string | null, config?: TModuleContext['config']) => (avatar && config && UUID.test(avatar) ? signedFileUrl(config, avatar) : avatar);

export function presentUser(row: repo.TUserRow, config?: TModuleContext['config']) {
  return {
    _id: row.id,
    fullName: fullNameOf(row),
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    avatar: avatarOf(row.avatar, config),
    birthday: row.birthday,
    status: row.status,
    verified: row.verified,
    isAuditor: row.isAuditor,
    reportType: row.reportType,
    language: row.language,
    onboardingCompleted: row.onboardingCompleted,
    /** When not empty, the only services this user may create audits for. */
    accessServices: row.accessServices ?? [],
    clients: membershipsOfType(row, 'STRUCTURE'),
    establishments: membershipsOfType(row, 'ESTABLISHMENT'),
    areas: membershipsOfType(row, 'AREA'),
    space: row.spaceId,
    roles: row.roles,
    /** Which registers the user sees (decision 0035); empty: all. */
    registersAccess: row.registersAccess ?? [],
    /** Which lab-data categories the user sees (decision 0053); empty: all. */
    labDataAccess: row.labDataAccess ?? [],
    createdAt: iso(row.createdAt)!,
  };
}

/** A user as the caller sees it, with what the caller may do with them (users policy). */
export const presentUserFor = (row: repo.TUserRow, who: TIdentity, config: TModuleContext['config']) => ({
  ...presentUser(row, config),
  can: userPolicy.canAll(who, row),
});

export async function getMe(ctx: TModuleContext, caller: TAuth) {
  const found = await unsafeUnscoped(ctx.db, async (tx) => {
    const user = await repo.unsafeFindOwnUser(tx, caller.userId);
    return (
      user && {
        row: user,
        onboarding: !user.onboardingCompleted && (await spaces.onboardingActiveFor(tx, caller.spacePath)),
        isOwner: await spaces.ownerSpaceFor(tx, caller.spacePath),
      }
    );
  });
  if (!found) throw notFound();
  const { row } = found;
  return {
    ...presentUserFor(row, caller, ctx.config),
    settings: row.settings,
    permissions: caller.permissions,
    registersAccess: caller.access.registers,
    labDataAccess: caller.access.labData,
    isAdmin: caller.isAdmin,
    isOwner: found.isOwner,
    currentSpace: caller.spaceId,
    onboardingRequired: found.onboarding,
  };
}

/** The caller's own access services, whatever the current space (reviewed: keyed by the token's user id). */
export async function ownAccessServices(ctx: TModuleContext, userId: string): Promise<string[]> {
  const row = await unsafeUnscoped(ctx.db, (tx) => repo.unsafeFindOwnUser(tx, userId));
  return row?.accessServices ?? [];
}

export const fullNameOf = (row: { firstName: string; lastName: string | null }) => [row.firstName, row.lastName].filter(Boolean).join(' ');

/** For the audits wizard: the company's auditors (see repo.listAuditors), in the caller's transaction. */
export async function findAuditors(tx: TDb, caller: TAuth, rootPath: string, id?: string) {
  const rows = await repo.listAuditors(tx, caller, rootPath, id);
  return rows.map((r) => ({ _id: r.id, fullName: fullNameOf(r), email: r.email, language: r.language }));
}

/**
 * Names of users an audit names (auditor, owner) that the caller's scope cannot read: a client's
 * user reads the company's auditor's name on the report. Only names leave; reviewed unscoped read.
 */
export async function unsafeUserNames(ctx: TModuleContext, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await unsafeUnscoped(ctx.db, (tx) => repo.unsafeNamesOf(tx, wanted));
  return new Map(rows.map((r) => [r.id, fullNameOf(r)]));
}

/**
 * The same names, read inside the caller's open transaction: for a keyed write whose response (with
 * names) is stored with its key in that transaction (decision 0093). Only names leave.
 */
export async function unsafeUserNamesIn(tx: TTransaction, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await unsafeUnscopedIn(tx, (owner) => repo.unsafeNamesOf(owner, wanted));
  return new Map(rows.map((r) => [r.id, fullNameOf(r)]));
}

/**
 * Where and how to write to users about their incidents (decision 0039): e-mail, language, and
 * whether they turned those e-mails off (`settings.incidentEmails === false`). Reviewed unscoped read.
 */
export async function unsafeMailProfiles(ctx: TModuleContext, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await unsafeUnscoped(ctx.db, (tx) => repo.unsafeMailProfilesOf(tx, wanted));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    language: r.language,
    active: r.status === 'ACTIVE',
    incidentEmails: r.settings.incidentEmails !== false,
  }));
}

/**
 * The administrators of the company a path belongs to: active users who are members of its root
 * space and whose roles make them administrators (ADMIN, or a super-admin role). Told when evidence
 * awaits their review (decision 0064). Reviewed unscoped read: the client who completed the action
 * cannot read the company's users.
 */
export async function unsafeCompanyAdmins(ctx: TModuleContext, path: string): Promise<string[]> {
  const root = `/${path.split('/')[1]}/`;
  const result = await unsafeUnscoped(ctx.db, (tx) =>
    tx.execute<{ id: string }>(sql`
      select distinct u.id from users u join user_spaces us on us.user_id = u.id
      where u.status = 'ACTIVE' and us.secure_space_path = ${root}
        and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id and (r.super_admin or 'ADMIN' = any(r.permissions)))`),
  );
  return result.rows.map((r) => r.id);
}

export async function saveMySetting(ctx: TModuleContext, caller: TAuth, key: string, value: unknown) {
  await unsafeUnscoped(ctx.db, (tx) => repo.unsafeUpdateOwnSettings(tx, caller.userId, key, value));
}

export async function searchUsers(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const page = await scoped(ctx, caller, (tx) => repo.searchUsers(tx, caller, body, ctx.totals));
  return {
    items: project(
      page.items.map((row) => presentUserFor(row, caller, ctx.config)),
      body.projections,
    ),
    total: page.total,
  };
}

export async function getUser(ctx: TModuleContext, caller: TAuth, id: string) {
  const row = await scoped(ctx, caller, (tx) => repo.findUserInScope(tx, caller, id));
  if (!row) throw notFound();
  return presentUserFor(row, caller, ctx.config);
}

/** Loads every target in the caller's space (404 naming none of the others' data), each one the caller may take `action` on. */
async function loadTargets(tx: Parameters<typeof repo.findUsersInScope>[0], caller: TAuth, ids: string[], action: 'delete' | 'changeStatus') {
  const unique = [...new Set(ids)];
  const found = await repo.findUsersInScope(tx, caller, unique);
  if (found.length !== unique.length) throw notFound();
  for (const target of found) userPolicy.authorize(caller, action, target); // never oneself
  return found;
}

/** ACTIVE sets verified true; LOCK sets it false (product document, section 4). */
export async function changeStatus(ctx: TModuleContext, caller: TAuth, ids: string[], status: 'ACTIVE' | 'LOCK') {
  await scoped(ctx, caller, async (tx) => {
    const targets = await loadTargets(tx, caller, ids, 'changeStatus');
    await repo.updateUsers(tx, ids, { status, verified: status === 'ACTIVE', ...(status === 'ACTIVE' ? { failedSignins: 0, lockedUntil: null } : {}) });
    for (const t of targets) {
      await recordTrace(tx, caller, {
        type: 'UPDATE',
        module: 'USER',
        section: 'status',
        entityId: t.id,
        secureSpacePath: t.secureSpacePath,
        payload: { from: t.status, to: status },
      });
    }
  });
}

/** Soft delete: the user can no longer sign in; the row stays for the trail and can be restored. */
export async function removeUsers(ctx: TModuleContext, caller: TAuth, ids: string[]) {
  await scoped(ctx, caller, async (tx) => {
    const targets = await loadTargets(tx, caller, ids, 'delete');
    await repo.updateUsers(tx, ids, { status: 'DELETED', verified: false });
    for (const t of targets) {
      await recordTrace(tx, caller, {
        type: 'REMOVE',
        module: 'USER',
        section: 'users',
        entityId: t.id,
        secureSpacePath: t.secureSpacePath,
        payload: { status: t.status },
      });
    }
  });
}

/** Brings a removed user back, unverified until an administrator activates them. */
export async function restoreUser(ctx: TModuleContext, caller: TAuth, id: string) {
  return scoped(ctx, caller, async (tx) => {
    const target = await repo.findUserInScope(tx, caller, id);
    if (!target || target.status !== 'DELETED') throw notFound();
    await repo.updateUsers(tx, [id], { status: 'UNVERIFIED', verified: false });
    await recordTrace(tx, caller, { type: 'RESTORE', module: 'USER', section: 'users', entityId: id, secureSpacePath: target.secureSpacePath });
    return presentUserFor((await repo.findUserInScope(tx, caller, id))!, caller, ctx.config);
  });
}

const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!@#$%';
export function generatePassword(length = 8): string {
  for (;;) {
    const candidate = Array.from({ length }, () => GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)]).join('');
    if (isAcceptablePassword(candidate)) return candidate;
  }
}

/** An admin resets a user's password; an auto-generated one is returned once so it can be handed over. */
export async function resetPassword(ctx: TModuleContext, caller: TAuth, input: { _id: string; password?: string; autoGeneratePassword: boolean }) {
  const password = input.autoGeneratePassword ? generatePassword() : input.password;
  if (!password || !isAcceptablePassword(password)) throw invalidData(['password']);
  const passwordHash = await hashPassword(password);
  await scoped(ctx, caller, async (tx) => {
    const target = await repo.findUserInScope(tx, caller, input._id);
    if (!target) throw notFound();
    await repo.updateUsers(tx, [target.id], { passwordHash, failedSignins: 0, lockedUntil: null });
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'USER', section: 'password', entityId: target.id, secureSpacePath: target.secureSpacePath });
  });
  return { ok: true as const, ...(input.autoGeneratePassword ? { password } : {}) };
}

// ---- Used by the auth module: sign-in has no tenant yet, so these run in its unscoped transaction ----

export const findUserByLogin = repo.findUserByLogin;
export const findUserById = repo.findUserById;
export const recordFailedSignin = repo.recordFailedSignin;
export const clearFailedSignins = repo.clearFailedSignins;

/** Used by the notifications module: the addresses of the scope's users among `ids`, in the caller's transaction. */
export const findEmailsInScope = repo.findEmailsInScope;
/** Users of the caller's scope among `ids`: id, names and e-mail, in the caller's transaction (the employees module). */
export const findUserRefsInScope = repo.findUserRefsInScope;

/**
 * Active users whose membership is the space at `spacePath` or below it (a client's own staff, at
 * the client, an establishment or an area) and whose roles hold `permission`, with what a notice
 * to them needs (language, e-mail, registersAccess). In the caller's transaction; the registers'
 * missed-takes job calls it per client.
 */
export async function membersBelowWithPermission(tx: TDb, spacePath: string, permission: string) {
  const result = await tx.execute<{
    id: string;
    email: string;
    language: string;
    space_id: string;
    space_path: string;
    registers_access: { areaAccess: string; category?: string | null; registers?: string[] }[];
  }>(sql`
    select distinct on (u.id) u.id, u.email, u.language, us.space_id, us.secure_space_path as space_path, u.registers_access
    from users u join user_spaces us on us.user_id = u.id
    where u.status = 'ACTIVE' and us.secure_space_path like ${`${spacePath}%`}
      and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and ${permission} = any(r.permissions))
    order by u.id, length(us.secure_space_path)`);
  return result.rows.map((r) => ({
    id: r.id,
    email: r.email,
    language: r.language,
    spaceId: r.space_id,
    spacePath: r.space_path,
    registersAccess: r.registers_access ?? [],
  }));
}

/**
 * Active users of the caller's scope whose own space is `path` or above it, so they see what lives
 * there (documents' share dialog, decision 0088): id, name and e-mail, in the caller's transaction.
 */
export async function usersSeeingPath(tx: TDb, scope: TScope, path: string) {
  const result = await tx.execute<{ id: string; first_name: string; last_name: string | null; email: string }>(sql`
    select u.id, u.first_name, u.last_name, u.email from users u
    where u.status = 'ACTIVE' and starts_with(u.secure_space_path, ${scope.spacePath}) and starts_with(${path}, u.secure_space_path)
    order by u.first_name, u.last_name, u.id limit 500`);
  return result.rows.map((r) => ({ _id: r.id, fullName: fullNameOf({ firstName: r.first_name, lastName: r.last_name }), email: r.email }));
}
