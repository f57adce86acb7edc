import type { TProfileInput } from '@audit/domain/users';
import { emptyToNull, isAcceptablePassword, isValidSurname } from '@audit/domain/validators';
import type { TAuth } from '../../platform/auth.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import * as repo from './repo.js';

/**
 * A user edits their own profile (product document sections 2 and 5): name, phone, language and,
 * with the current one, a new password that follows the password rules and is not the current one
 * again. Keyed by the token's user id, whatever space the session acts in (reviewed unscoped write).
 */
export async function updateProfile(ctx: TModuleContext, caller: TAuth, input: TProfileInput) {
  if (input.lastName && !isValidSurname(input.lastName)) throw new AppError('surnameCase', ['lastName']);
  const user = await unsafeUnscoped(ctx.db, (tx) => repo.findUserById(tx, caller.userId));
  if (!user) throw notFound();
  let passwordHash: string | undefined;
  if (input.password) {
    if (!input.currentPassword || !user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw new AppError('currentPasswordWrong', ['currentPassword']);
    if (!isAcceptablePassword(input.password)) throw invalidData(['password']);
    if (await verifyPassword(user.passwordHash, input.password)) throw new AppError('passwordReused', ['password']);
    passwordHash = await hashPassword(input.password);
  }
  await unsafeUnscoped(ctx.db, async (tx) => {
    await repo.updateUsers(tx, [user.id], {
      firstName: input.firstName,
      lastName: emptyToNull(input.lastName),
      phone: emptyToNull(input.phone),
      // A new number is not confirmed (confirm-phone, decision 0040).
      ...(emptyToNull(input.phone) !== user.phone ? { phoneVerified: false } : {}),
      language: input.language,
      ...(passwordHash ? { passwordHash } : {}),
    });
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'USER',
      section: passwordHash ? 'profile-password' : 'profile',
      entityId: user.id,
      spaceId: user.spaceId,
      secureSpacePath: user.secureSpacePath,
      payload: { firstName: input.firstName, lastName: input.lastName ?? null, phone: input.phone ?? null, language: input.language },
    });
  });
}

/** The header's language switch: saved on the user, so the next sign-in opens in it. */
export async function updateLanguage(ctx: TModuleContext, caller: TAuth, language: 'es' | 'en') {
  await unsafeUnscoped(ctx.db, (tx) => repo.updateUsers(tx, [caller.userId], { language }));
}
