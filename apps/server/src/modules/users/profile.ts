import type { TOnboardingInput, TProfileInput } from '@audit/domain/users';
import { todayInZone } from '@audit/domain/dates';
import { emptyToNull, isAcceptablePassword, isOldEnough, isValidSurname } from '@audit/domain/validators';
import type { TAuth } from '../../platform/auth.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { unsafeUnscoped, withScope } from '../../platform/tenancy.js';
import { findFiles } from '../files/service.js';
import { timeZoneOfPath } from '../spaces/service.js';
import { recordTrace } from '../../platform/trace.js';
import { hashNewPassword, setPassword } from './accounts.js';
import { unsafeAssertLoginFreeInAnyTenant } from './write.js';
import * as repo from './repo.js';

/** The user's calendar day in their space's time zone decides "over 16" (the form checks the same day). */
async function assertOldEnough(ctx: TModuleContext, caller: TAuth, birthday: string | null | undefined) {
  if (!birthday) return;
  const today = todayInZone(await unsafeUnscoped(ctx.db, (tx) => timeZoneOfPath(tx, caller.spacePath)));
  if (!isOldEnough(birthday, today)) throw invalidData(['birthday']);
}

/** A new avatar is an image the caller uploaded (POST files/image) in the session's scope. */
async function assertAvatar(ctx: TModuleContext, caller: TAuth, avatar: string | null | undefined) {
  if (!avatar) return;
  const [file] = await withScope(ctx.db, caller, (tx) => findFiles(tx, caller, [avatar]));
  if (!file || !file.contentType.startsWith('image/')) throw invalidData(['avatar']);
}

/**
 * A user edits their own profile (product document sections 2 and 5; calls document: the profile
 * sends avatar, names, username, phone, e-mail, language): username and e-mail unique across every
 * tenant (420 / 423), the birth date over 16, the avatar an uploaded image, and, with the current
 * one, a new password that follows the password rules and is not the current one again. Keyed by
 * the token's user id, whatever space the session acts in (reviewed unscoped write).
 */
export async function updateProfile(ctx: TModuleContext, caller: TAuth, input: TProfileInput) {
  const user = await unsafeUnscoped(ctx.db, (tx) => repo.findUserById(tx, caller.userId));
  if (!user) throw notFound();
  await unsafeAssertLoginFreeInAnyTenant(ctx, input, user.id);
  await assertOldEnough(ctx, caller, input.birthday);
  await assertAvatar(ctx, caller, input.avatar);
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
      username: input.username,
      email: input.email,
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
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
      payload: {
        firstName: input.firstName,
        lastName: input.lastName ?? null,
        username: input.username,
        email: input.email,
        phone: input.phone ?? null,
        language: input.language,
        ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
        ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
      },
    });
  });
}

/** The header's language switch: saved on the user, so the next sign-in opens in it. */
export async function updateLanguage(ctx: TModuleContext, caller: TAuth, language: 'es' | 'en') {
  await unsafeUnscoped(ctx.db, (tx) => repo.updateUsers(tx, [caller.userId], { language }));
}

/**
 * Onboarding (decision 0041): the profile, a new password (the current one first; the rules of §5
 * and no reuse) and the terms, in one write. The new password ends every session, this one too:
 * the user signs in again with it.
 */
export async function completeOnboarding(ctx: TModuleContext, caller: TAuth, input: TOnboardingInput) {
  if (input.lastName && !isValidSurname(input.lastName)) throw new AppError('surnameCase', ['lastName']);
  const user = await unsafeUnscoped(ctx.db, (tx) => repo.findUserById(tx, caller.userId));
  if (!user) throw notFound();
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('currentPasswordWrong', ['currentPassword']);
  const passwordHash = await hashNewPassword(user, input.password);
  await unsafeUnscoped(ctx.db, async (tx) => {
    await repo.updateUsers(tx, [user.id], {
      firstName: input.firstName,
      lastName: emptyToNull(input.lastName),
      phone: emptyToNull(input.phone),
      ...(emptyToNull(input.phone) !== user.phone ? { phoneVerified: false } : {}),
      language: input.language,
      onboardingCompleted: true,
    });
    await setPassword(tx, user.id, passwordHash);
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: 'USER',
      section: 'onboarding',
      entityId: user.id,
      spaceId: user.spaceId,
      secureSpacePath: user.secureSpacePath,
      payload: { firstName: input.firstName, lastName: input.lastName ?? null, phone: input.phone ?? null, language: input.language, acceptTerms: true },
    });
  });
  return { ok: true as const };
}
