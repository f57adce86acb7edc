import { emptyToNull, isAcceptablePassword, isValidSurname } from '@audit/domain/validators';
import type { TAuth } from '../../platform/auth.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { hashPassword } from '../../platform/passwords.js';
import { unsafeUnscoped, withScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { onUniqueViolation } from '../../platform/unique-violations.js';
import * as roles from '../roles/service.js';
import { normalizeRegistersAccess, type TRegistersAccessEntry } from '../registers/access.js';
import { AUDITOR_ROLE } from '@audit/domain/users';
import { assertAccessListsGrantable, checkAccessChoice } from './access-choice.js';
import * as repo from './repo.js';
import { generatePassword, presentUser, presentUserFor } from './service.js';

export interface TUserInput {
  firstName: string;
  lastName?: string | null;
  username: string;
  email: string;
  phone?: string | null;
  roles: string[];
  isAuditor?: boolean;
  language?: 'es' | 'en';
  reportType?: string;
  accessServices?: string[];
  clients?: string[];
  establishments?: string[];
  areas?: string[];
  registersAccess?: TRegistersAccessEntry[];
  labDataAccess?: string[];
  password?: string;
  autoGeneratePassword?: boolean;
}

// A parallel request's login (or one the check below could not see) ends in the unique index: same answers.
onUniqueViolation('users_email_key', { code: 'emailTaken', fields: ['email'] });
onUniqueViolation('users_username_key', { code: 'alreadyExists', fields: ['username'] });

/**
 * 921 for a badly capitalised surname, 423 for a taken e-mail, 420 for a taken username.
 * Logins are unique across every tenant (sign-in takes a bare login), so the check reads every
 * tenant's users, outside the caller's scope: the answer is the same whether the login is taken
 * in this tenant or another, and says only "taken", never where. Runs before (never inside) the
 * caller's transaction.
 */
export async function unsafeAssertLoginFreeInAnyTenant(ctx: TModuleContext, input: Pick<TUserInput, 'lastName' | 'username' | 'email'>, exceptId?: string) {
  if (input.lastName && !isValidSurname(input.lastName)) throw new AppError('surnameCase', ['lastName']);
  const taken = await unsafeUnscoped(ctx.db, (tx) => repo.loginTaken(tx, input.username, input.email, exceptId));
  if (taken.email) throw new AppError('emailTaken', ['email']);
  if (taken.username) throw new AppError('alreadyExists', ['username']);
}

/**
 * The auditor role and the isAuditor switch go together (issue 13): the switch follows the roles
 * when it is not sent; a contradiction is refused rather than stored.
 */
async function auditorSwitchOf(tx: Parameters<typeof roles.assertRolesUsable>[0], caller: TAuth, input: TUserInput, held: string[]): Promise<boolean> {
  const holdsAuditorRole = (await roles.assertRolesUsable(tx, caller, input.roles, held)).includes(AUDITOR_ROLE);
  if (input.isAuditor !== undefined && input.isAuditor !== holdsAuditorRole) throw new AppError('auditorRoleMismatch', ['isAuditor']);
  return holdsAuditorRole;
}

/** Creates a user at home in the caller's space (or the first of the clients, establishments and areas chosen), with roles the caller can see. */
export async function createUser(ctx: TModuleContext, caller: TAuth, input: TUserInput) {
  const password = input.autoGeneratePassword || !input.password ? generatePassword() : input.password;
  if (!isAcceptablePassword(password)) throw invalidData(['password']);
  const passwordHash = await hashPassword(password);
  await unsafeAssertLoginFreeInAnyTenant(ctx, input);
  return scoped(ctx, caller, async (tx) => {
    const isAuditor = await auditorSwitchOf(tx, caller, input, []);
    const access = await checkAccessChoice(tx, caller, input);
    const home = access.memberships[0]!;
    const id = await repo.insertUser(tx, {
      spaceId: home.id,
      secureSpacePath: home.secureSpacePath,
      firstName: input.firstName,
      lastName: emptyToNull(input.lastName),
      username: input.username,
      email: input.email,
      phone: emptyToNull(input.phone),
      isAuditor,
      language: input.language ?? 'es',
      reportType: input.reportType ?? 'default',
      accessServices: access.accessServices,
      registersAccess: access.registersAccess,
      labDataAccess: access.labDataAccess,
      status: 'ACTIVE',
      verified: true,
      // Where the space has onboarding on, a new user goes through it (decision 0041).
      onboardingCompleted: false,
      passwordHash,
    });
    for (const space of access.memberships) await repo.addMembership(tx, id, space.id, space.secureSpacePath);
    await roles.assignRoles(tx, id, home.secureSpacePath, input.roles);
    const { password: _omit, ...traced } = input;
    await recordTrace(tx, caller, { type: 'CREATE', module: 'USER', section: 'users', entityId: id, payload: traced });
    const row = await repo.findUserInScope(tx, caller, id);
    return { ...presentUserFor(row!, caller, ctx.config), ...(input.autoGeneratePassword || !input.password ? { password } : {}) };
  });
}

export async function updateUser(ctx: TModuleContext, caller: TAuth, id: string, input: TUserInput) {
  // The target is known to be the caller's before logins are compared with every tenant's.
  if (!(await withScope(ctx.db, caller, (tx) => repo.findUserInScope(tx, caller, id)))) throw notFound();
  await unsafeAssertLoginFreeInAnyTenant(ctx, input, id);
  return scoped(ctx, caller, async (tx) => {
    const before = await repo.findUserInScope(tx, caller, id);
    if (!before) throw notFound();
    const isAuditor = await auditorSwitchOf(
      tx,
      caller,
      input,
      before.roles.map((r) => r._id),
    );
    // Only a list that changes is judged: a limited manager may still edit the name of someone wider.
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    await assertAccessListsGrantable(tx, caller, {
      accessServices: same(input.accessServices, before.accessServices) ? undefined : input.accessServices,
      registersAccess: same(input.registersAccess && normalizeRegistersAccess(input.registersAccess), before.registersAccess)
        ? undefined
        : input.registersAccess,
      labDataAccess: same(input.labDataAccess, before.labDataAccess) ? undefined : input.labDataAccess,
    });
    await repo.updateUsers(tx, [id], {
      firstName: input.firstName,
      lastName: emptyToNull(input.lastName),
      username: input.username,
      email: input.email,
      phone: emptyToNull(input.phone),
      isAuditor,
      ...(input.language ? { language: input.language } : {}),
      ...(input.reportType ? { reportType: input.reportType } : {}),
      ...(input.accessServices ? { accessServices: [...new Set(input.accessServices)] } : {}),
      ...(input.registersAccess ? { registersAccess: normalizeRegistersAccess(input.registersAccess) } : {}),
      ...(input.labDataAccess ? { labDataAccess: [...new Set(input.labDataAccess)] } : {}),
    });
    await roles.assignRoles(tx, id, before.secureSpacePath, input.roles);
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'USER',
      section: 'users',
      entityId: id,
      secureSpacePath: before.secureSpacePath,
      payload: { before: presentUser(before), after: input },
    });
    return presentUserFor((await repo.findUserInScope(tx, caller, id))!, caller, ctx.config);
  });
}
