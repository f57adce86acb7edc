import type { TInviteCreate } from '@audit/domain/accounts';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { onUniqueViolation } from '../../platform/unique-violations.js';
import * as auth from '../auth/service.js';
import * as roles from '../roles/service.js';
import * as spaces from '../spaces/service.js';
import * as users from '../users/accounts.js';
import { issueLink, peekLink, spendLink } from './links.js';
import { enqueueMail } from './mails.js';
import { invitationPolicy } from './policy.js';
import * as repo from './repo.js';
import type { invitations, TInvitationAccess } from './tables.js';

// Two parallel invitations of the same e-mail to the same space: the second ends in the unique index.
onUniqueViolation('invitations_pending_key', { code: 'alreadyExists', fields: ['emails'] });

type TInvitationRow = typeof invitations.$inferSelect;

/** Creates one PENDING invitation with its link and e-mail, in `tx` (also used when an access request is accepted). */
export async function createInvitation(
  ctx: TModuleContext,
  tx: TDb,
  input: {
    space: { id: string; secureSpacePath: string };
    email: string;
    roleId: string | null;
    language: 'es' | 'en';
    invitedBy: string | null;
    /** What the person will see (decision 0062); left out: the whole space. */
    access?: TInvitationAccess | null;
  },
) {
  const row = await repo.insertInvitation(tx, {
    spaceId: input.space.id,
    secureSpacePath: input.space.secureSpacePath,
    email: input.email.toLowerCase(),
    roleId: input.roleId,
    language: input.language,
    invitedBy: input.invitedBy,
    access: input.access ?? null,
  });
  await sendInvitation(ctx, tx, row);
  return row;
}

async function sendInvitation(ctx: TModuleContext, tx: TDb, row: TInvitationRow) {
  const key = await issueLink(tx, 'INVITE', { subjectId: row.id }, { replace: true });
  // In the invitation's own space: readable in the caller's scope as well as unscoped.
  const space = (await spaces.findPublicSpace(tx, { id: row.spaceId })) ?? { name: '', logo: null };
  await enqueueMail(
    ctx,
    tx,
    { spaceId: row.spaceId, spacePath: row.secureSpacePath },
    {
      kind: 'invite',
      to: row.email,
      language: row.language,
      space,
      link: `/invitation?key=${encodeURIComponent(key)}`,
    },
  );
}

/** POST /ms-core/api/invites: all or nothing; a repeated e-mail or one already invited (PENDING) is 420 naming it. */
export async function inviteMany(ctx: TModuleContext, caller: TAuth, input: TInviteCreate) {
  const emails = input.emails.map((e) => e.trim().toLowerCase());
  const repeated = emails.filter((e, i) => emails.indexOf(e) !== i);
  if (repeated.length) throw new AppError('alreadyExists', ['emails'], `repeated: ${[...new Set(repeated)].join(', ')}`);
  return scoped(ctx, caller, async (tx) => {
    const role = await roles.findGrantableRole(tx, caller, input.role);
    // The user form's access, checked as the user form's (decision 0062); the first space chosen is the invitation's.
    const checked = await users.checkAccessChoice(tx, caller, input);
    const home = checked.memberships[0]!;
    const access: TInvitationAccess = {
      spaces: home.id === caller.spaceId ? [] : checked.memberships,
      accessServices: checked.accessServices,
      registersAccess: checked.registersAccess,
      labDataAccess: checked.labDataAccess,
    };
    // The invited people have no language yet: the one asked for, else the space's default (decision 0047).
    const language = input.language ?? ((await spaces.findSpaceInScope(tx, caller, caller.spaceId))?.language === 'en' ? 'en' : 'es');
    const pending = await repo.pendingInvitationEmails(tx, home.id, emails);
    if (pending.length) throw new AppError('alreadyExists', ['emails'], `already invited: ${pending.join(', ')}`);
    const created: TInvitationRow[] = [];
    for (const email of emails)
      created.push(
        await createInvitation(ctx, tx, {
          space: home,
          email,
          roleId: role.id,
          language,
          invitedBy: caller.userId,
          access,
        }),
      );
    await recordTrace(tx, caller, { type: 'CREATE', module: 'USER', section: 'invitations', payload: { emails, role: role.name, access } });
    const names = await spaceNames(tx, caller, created);
    return created.map((row) => presentInvitation(row, caller, role.name, names));
  });
}

/** GET /ms-core/api/invites/roles: the roles the caller may invite with (decision 0048). */
export async function invitableRoles(ctx: TModuleContext, caller: TAuth) {
  const rows = await scoped(ctx, caller, (tx) => roles.grantableRoles(tx, caller));
  return rows.map((r) => ({ _id: r.id, name: r.name, superAdmin: r.superAdmin, permissions: r.permissions }));
}

/** The names of the spaces the invitations are limited to, in the caller's scope (one query for a page). */
async function spaceNames(tx: TDb, caller: TAuth, rows: TInvitationRow[]) {
  const ids = rows.flatMap((r) => (r.access?.spaces ?? []).map((s) => s.id));
  return new Map((await spaces.spacesByIds(tx, caller, ids)).map((s) => [s.id, s.name]));
}

export function presentInvitation(row: TInvitationRow, caller: TAuth, roleName: string | null, names: Map<string, string>) {
  const access = row.access;
  return {
    _id: row.id,
    email: row.email,
    role: row.roleId ? { _id: row.roleId, name: roleName ?? '' } : null,
    access: {
      spaces: (access?.spaces ?? []).map((s) => ({ _id: s.id, name: names.get(s.id) ?? '' })),
      accessServices: access?.accessServices ?? [],
      registersAccess: access?.registersAccess ?? [],
      labDataAccess: access?.labDataAccess ?? [],
    },
    status: row.status,
    invitedBy: row.invitedBy,
    createdAt: iso(row.createdAt)!,
    can: invitationPolicy.canAll(caller, row),
  };
}

export async function searchInvitations(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    const page = await repo.searchInvitations(tx, caller, body);
    const names = new Map<string, string>();
    for (const id of new Set(page.items.flatMap((r) => (r.roleId ? [r.roleId] : [])))) {
      const role = await roles.findRoleFor(tx, caller.spacePath, id);
      if (role) names.set(id, role.name);
    }
    const places = await spaceNames(tx, caller, page.items);
    return {
      items: page.items.map((row) => presentInvitation(row, caller, row.roleId ? (names.get(row.roleId) ?? null) : null, places)),
      total: page.total,
    };
  });
}

/** resend: a new key (the previous link stops working) and a new e-mail; cancel: PENDING → CANCEL and the link stops working. */
export async function actOnInvitation(ctx: TModuleContext, caller: TAuth, id: string, action: 'resend' | 'cancel') {
  return scoped(ctx, caller, async (tx) => {
    const row = await repo.findInvitation(tx, id, caller);
    if (!row) throw notFound();
    invitationPolicy.authorize(caller, action, row);
    if (action === 'cancel') {
      if (!(await repo.settleInvitation(tx, id, 'CANCEL'))) throw new AppError('alreadyExists', ['status']);
      await repo.voidLinks(tx, 'INVITE', { subjectId: id });
    } else {
      await repo.touchInvitation(tx, id);
      await sendInvitation(ctx, tx, row);
    }
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'USER', section: `invitations-${action}`, entityId: id, payload: { email: row.email } });
    const after = (await repo.findInvitation(tx, id, caller))!;
    const role = after.roleId ? await roles.findRoleFor(tx, caller.spacePath, after.roleId) : undefined;
    return presentInvitation(after, caller, role?.name ?? null, await spaceNames(tx, caller, [after]));
  });
}

/** What the invitation page shows before accepting (and whether it must ask for a name and a password). */
export async function lookupInvitation(ctx: TModuleContext, key: string) {
  return unsafeUnscoped(ctx.db, async (tx) => {
    const link = await peekLink(tx, 'INVITE', key);
    const row = await repo.findInvitation(tx, link.subjectId!);
    if (!row || row.status !== 'PENDING') throw new AppError('linkExpired');
    const space = await spaces.findPublicSpace(tx, { id: row.spaceId });
    const role = row.roleId ? await roles.findRoleFor(tx, row.secureSpacePath, row.roleId) : undefined;
    const existing = await users.findUserByLogin(tx, row.email);
    const granted = !existing || rulesOver(row, existing);
    return { email: row.email, spaceName: space?.name ?? '', role: granted ? (role?.name ?? null) : null, newAccount: !existing };
  });
}

/**
 * Roles are the user's everywhere (identity unions them), so an existing account gains the invited
 * role only when the inviting space holds its home: otherwise another company, or a neighbouring
 * client, would raise the user's powers in their own space (decision 0043). It gains the space only.
 */
const rulesOver = (invitation: { secureSpacePath: string }, user: { secureSpacePath: string }) => user.secureSpacePath.startsWith(invitation.secureSpacePath);

export interface TAcceptInvite {
  key: string;
  firstName?: string;
  lastName?: string | null;
  password?: string;
  language?: 'es' | 'en';
}

/**
 * accept-invite: the invitation becomes ACCEPTED and the person a member of the space with the
 * role. A new person also gives a name and a password (E.8 gap 4) and is signed in; someone who
 * already has an account keeps their password and signs in as usual.
 */
export async function acceptInvitation(ctx: TModuleContext, input: TAcceptInvite) {
  const found = await unsafeUnscoped(ctx.db, async (tx) => {
    const link = await peekLink(tx, 'INVITE', input.key);
    const row = await repo.findInvitation(tx, link.subjectId!);
    return row && { row, existing: await users.findUserByLogin(tx, row.email) };
  });
  if (!found || found.row.status !== 'PENDING') throw new AppError('linkExpired');
  const { row, existing } = found;
  let passwordHash: string | undefined;
  if (!existing) {
    const missing = [...(input.firstName ? [] : ['firstName']), ...(input.password ? [] : ['password'])];
    if (missing.length) throw invalidData(missing);
    passwordHash = await users.hashNewPassword(null, input.password!);
  }
  const userId = await unsafeUnscoped(ctx.db, async (tx) => {
    await spendLink(tx, 'INVITE', input.key);
    if (!(await repo.settleInvitation(tx, row.id, 'ACCEPTED'))) throw new AppError('linkExpired');
    const space = { id: row.spaceId, secureSpacePath: row.secureSpacePath };
    const id = existing
      ? existing.id
      : await users.createAccount(tx, {
          space,
          email: row.email,
          firstName: input.firstName!,
          lastName: input.lastName,
          language: input.language ?? row.language,
          passwordHash: passwordHash!,
          verified: true,
        });
    // The spaces the invitation is limited to (decision 0062); the first is the invitation's own.
    for (const member of existing ? (row.access?.spaces.length ? row.access.spaces : [space]) : (row.access?.spaces.slice(1) ?? []))
      await users.addMembership(tx, id, member.id, member.secureSpacePath);
    // The lists are the person's everywhere: a new account takes them; an existing one keeps its own.
    if (!existing && row.access) await users.setAccessLists(tx, id, row.access);
    if (row.roleId && (!existing || rulesOver(row, existing)))
      await roles.addRole(tx, id, existing ? existing.secureSpacePath : space.secureSpacePath, row.roleId);
    await recordTrace(
      tx,
      { userId: id, spaceId: row.spaceId, spacePath: row.secureSpacePath },
      { type: 'UPDATE', module: 'USER', section: 'invitations-accept', entityId: row.id, payload: { email: row.email } },
    );
    return id;
  });
  if (existing) return { ok: true as const, signIn: true };
  return { ok: true as const, signIn: false, session: await auth.switchSpace(ctx, userId, row.spaceId, false) };
}
