import { eq, inArray, sql } from 'drizzle-orm';
import { isAcceptablePassword } from '@audit/domain/validators';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { users } from './tables.js';
import * as repo from './repo.js';

// The users' side of the ways in (decision 0040), called by the accounts module in its unscoped
// transactions: the link or the invitation key, not a session, is what authorises these writes.

/** How many previous passwords a new one may not repeat (besides the current one). */
export const PASSWORD_HISTORY_SIZE = 5;

type TPasswordOwner = { passwordHash: string | null; passwordHistory: string[] };

/**
 * A new password must follow the rules of §5 and be neither the current one nor one of the last
 * PASSWORD_HISTORY_SIZE (PWD0001). Answers its hash. Runs before the write's transaction (argon2).
 */
export async function hashNewPassword(owner: TPasswordOwner | null, password: string): Promise<string> {
  if (!isAcceptablePassword(password)) throw invalidData(['password']);
  const previous = owner ? [owner.passwordHash, ...owner.passwordHistory].filter((h): h is string => Boolean(h)) : [];
  for (const hash of previous) if (await verifyPassword(hash, password)) throw new AppError('passwordReused', ['password']);
  return hashPassword(password);
}

/**
 * Sets the password (the trigger stamps password_changed_at, which ends every session: decision
 * 0003), keeps the old hash in the history and lifts a lock left by failed sign-ins.
 */
export async function setPassword(tx: TDb, userId: string, passwordHash: string) {
  const [user] = await tx
    .select({ passwordHash: users.passwordHash, passwordHistory: users.passwordHistory })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return;
  const history = [user.passwordHash, ...user.passwordHistory].filter((h): h is string => Boolean(h)).slice(0, PASSWORD_HISTORY_SIZE);
  await repo.updateUsers(tx, [userId], { passwordHash, passwordHistory: history, failedSignins: 0, lockedUntil: null });
}

export interface TNewAccount {
  space: { id: string; secureSpacePath: string };
  email: string;
  firstName: string;
  lastName?: string | null;
  language: 'es' | 'en';
  passwordHash: string;
  /** Sign-up: false until the e-mail is confirmed. An accepted invitation proves the e-mail: true. */
  verified: boolean;
}

/** A person who came in by sign-up or invitation: at home in the space, username = e-mail. */
export async function createAccount(tx: TDb, input: TNewAccount): Promise<string> {
  const id = await repo.insertUser(tx, {
    spaceId: input.space.id,
    secureSpacePath: input.space.secureSpacePath,
    username: input.email.toLowerCase(),
    email: input.email.toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName || null,
    language: input.language,
    status: input.verified ? 'ACTIVE' : 'UNVERIFIED',
    // Where the space has onboarding on, a newcomer goes through it (decision 0041).
    onboardingCompleted: false,
    verified: input.verified,
    passwordHash: input.passwordHash,
  });
  await repo.addMembership(tx, id, input.space.id, input.space.secureSpacePath);
  return id;
}

/** confirm: an UNVERIFIED user becomes ACTIVE; a locked or deleted one stays as it is. */
export async function markVerified(tx: TDb, userId: string) {
  const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (!user || user.status === 'LOCK' || user.status === 'DELETED') return;
  await repo.updateUsers(tx, [userId], { verified: true, status: 'ACTIVE' });
}

/** The user whose e-mail this is (e-mails are unique, compared in lower case), whatever the username. */
export async function findUserByEmail(tx: TDb, email: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

export const addMembership = repo.addMembership;
export const findUserByLogin = repo.findUserByLogin;
export const findUserById = repo.findUserById;

/** Where to write to people (their e-mail, language and name), by id. */
export function contactsOf(tx: TDb, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return tx
    .select({ id: users.id, email: users.email, language: users.language, firstName: users.firstName, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
}

/** confirm-phone: the phone the code was sent for becomes the user's, confirmed. */
export async function confirmPhone(tx: TDb, userId: string, phone: string) {
  await repo.updateUsers(tx, [userId], { phone, phoneVerified: true });
}

/** An accepted invitation's access lists (decision 0062), already checked when it was sent. */
export async function setAccessLists(
  tx: TDb,
  userId: string,
  lists: { accessServices: string[]; registersAccess: { areaAccess: string; category?: string; registers?: string[] }[]; labDataAccess: string[] },
) {
  await repo.updateUsers(tx, [userId], { accessServices: lists.accessServices, registersAccess: lists.registersAccess, labDataAccess: lists.labDataAccess });
}

export { checkAccessChoice } from './access-choice.js';
