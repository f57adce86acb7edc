import { randomUUID } from 'node:crypto';
import { MAX_FAILED_SIGNINS, SIGNIN_LOCK_MINUTES } from '@audit/domain/constants';
import { AppError, outsideSpace, unauthenticated } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { decoyHash, verifyPassword, verifyPasswordUnless } from '../../platform/passwords.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { hashOpaqueToken, newOpaqueToken, passwordStamp } from '../../platform/tokens.js';
import * as roles from '../roles/service.js';
import * as spacesService from '../spaces/service.js';
import { presentSpace, type TSpaceSummary } from '../spaces/service.js';
import * as users from '../users/service.js';
import { sealSuccessor, unsealSuccessor } from './successor.js';
import * as repo from './repo.js';

const SESSION_DAYS_WITHOUT_REMEMBER = 1;

/**
 * A spent refresh token presented again within this window (two tabs, a retried request) answers
 * the pair it was rotated into instead of counting as reuse (docs/decisions/0003).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export interface TSession {
  accessToken: string;
  refreshToken: string;
  space: ReturnType<typeof presentSpace>;
  spaces: ReturnType<typeof presentSpace>[];
}

async function issueSession(
  ctx: TModuleContext,
  tx: Parameters<typeof repo.insertRefreshToken>[0],
  user: { id: string; passwordChangedAt: Date | null },
  space: TSpaceSummary,
  remember: boolean,
  familyId: string = randomUUID(),
) {
  const userId = user.id;
  const refreshToken = newOpaqueToken();
  const days = remember ? ctx.config.REFRESH_TOKEN_DAYS : SESSION_DAYS_WITHOUT_REMEMBER;
  await repo.insertRefreshToken(tx, {
    userId,
    familyId,
    tokenHash: hashOpaqueToken(refreshToken),
    spaceId: space.id,
    remember,
    expiresAt: new Date(Date.now() + days * 864e5),
  });
  const accessToken = await ctx.tokens.signAccess({ sub: userId, space: space.id, path: space.secureSpacePath, pwd: passwordStamp(user.passwordChangedAt) });
  return { accessToken, refreshToken };
}

export interface TSigninInput {
  username: string;
  password: string;
  remember: boolean;
  space?: string;
  adminOnly?: boolean;
}

/** Sign-in: 490 bad credentials, 491 not verified, 492 locked (status LOCK or cooling down after failures). */
export async function signIn(ctx: TModuleContext, input: TSigninInput): Promise<TSession> {
  const user = await unsafeUnscoped(ctx.db, (tx) => users.findUserByLogin(tx, input.username));
  if (!user || !user.passwordHash || user.status === 'DELETED') {
    await verifyPassword(await decoyHash(), input.password);
    throw new AppError('badCredentials');
  }
  const isLocked = (u: Pick<typeof user, 'status' | 'lockedUntil'>) => u.status === 'LOCK' || Boolean(u.lockedUntil && u.lockedUntil > new Date());
  if (isLocked(user)) throw new AppError('locked');
  // Asked again at its turn in the hashing line: the failures ahead of it may have locked the account.
  const checked = await verifyPasswordUnless(user.passwordHash, input.password, async () => {
    const now = await unsafeUnscoped(ctx.db, (tx) => users.findUserByLogin(tx, input.username));
    return Boolean(now && isLocked(now));
  });
  if (checked === 'refused') throw new AppError('locked');
  if (!checked) {
    await unsafeUnscoped(ctx.db, (tx) => users.recordFailedSignin(tx, user.id, MAX_FAILED_SIGNINS, SIGNIN_LOCK_MINUTES));
    throw new AppError('badCredentials');
  }
  if (!user.verified || user.status === 'UNVERIFIED') throw new AppError('notVerified');

  return unsafeUnscoped(ctx.db, async (tx) => {
    await users.clearFailedSignins(tx, user.id);
    if (input.adminOnly && !(await roles.isAdministrator(tx, user.id))) throw new AppError('forbidden');
    return openSession(ctx, tx, user, input);
  });
}

type TSessionUser = { id: string; spaceId: string; passwordChangedAt: Date | null };

/**
 * The session of a user whose identity is proven (a password, or a verified Google ID token:
 * decision 0046), in `tx`: the space asked for, else the user's own, else the first they belong to.
 */
export async function openSession(
  ctx: TModuleContext,
  tx: Parameters<typeof repo.insertRefreshToken>[0],
  user: TSessionUser,
  input: { remember: boolean; space?: string },
): Promise<TSession> {
  const spaces = await spacesService.listMemberSpaces(tx, user.id);
  const chosen = (input.space && spaces.find((s) => s.id === input.space)) || spaces.find((s) => s.id === user.spaceId) || spaces[0];
  if (!chosen) throw new AppError('badCredentials');
  const tokens = await issueSession(ctx, tx, user, chosen, input.remember);
  return { ...tokens, space: presentSpace(chosen), spaces: spaces.map(presentSpace) };
}

/**
 * Rotates a refresh token. A spent token presented again within REFRESH_REUSE_GRACE_MS (two tabs
 * refreshing at once, a retried request) answers the pair it was rotated into; later it means the
 * token leaked: the whole family is revoked and the caller must sign in again. Tokens issued before
 * the user's password last changed no longer rotate (docs/decisions/0003).
 */
export async function refresh(ctx: TModuleContext, presented: string, spaceId?: string): Promise<TSession> {
  const outcome = await unsafeUnscoped(ctx.db, async (tx) => {
    const row = await repo.findRefreshToken(tx, hashOpaqueToken(presented));
    if (!row || row.revokedAt || row.expiresAt < new Date()) return null;
    const user = await users.findUserById(tx, row.userId);
    if (user?.passwordChangedAt && row.createdAt < user.passwordChangedAt) {
      await repo.revokeFamily(tx, row.familyId);
      return null;
    }
    if (row.usedAt) {
      const repeat = Date.now() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS ? await liveSuccessor(tx, row, presented) : null;
      if (repeat) return repeat;
      await repo.revokeFamily(tx, row.familyId);
      return 'reused' as const;
    }
    if (!user || user.status !== 'ACTIVE') return null;
    const space = await spacesService.findEnterableSpace(tx, user.id, spaceId ?? row.spaceId);
    if (!space) return null;
    if (!(await repo.markRefreshTokenUsed(tx, row.id))) return 'reused' as const;
    const spaces = await spacesService.listMemberSpaces(tx, user.id);
    const tokens = await issueSession(ctx, tx, user, space, row.remember, row.familyId);
    await repo.sealSuccessor(tx, row.id, sealSuccessor(presented, tokens));
    return { ...tokens, space: presentSpace(space), spaces: spaces.map(presentSpace) };
  });
  if (!outcome || outcome === 'reused') throw unauthenticated();
  return outcome;
}

type TRefreshRow = NonNullable<Awaited<ReturnType<typeof repo.findRefreshToken>>>;

/** A chain of rotations followed within the grace window is short; this bounds a corrupt one. */
const MAX_SUCCESSOR_HOPS = 10;

/**
 * The pair a spent token was rotated into, followed along the family to its live end (the other
 * tab may have rotated again since). Null when the chain is broken or the family was revoked.
 */
async function liveSuccessor(tx: Parameters<typeof repo.findRefreshToken>[0], spent: TRefreshRow, presented: string): Promise<TSession | null> {
  let row = spent;
  let token = presented;
  for (let hop = 0; hop < MAX_SUCCESSOR_HOPS; hop++) {
    const pair = row.successorSealed ? unsealSuccessor(token, row.successorSealed) : null;
    if (!pair) return null;
    const next = await repo.findRefreshToken(tx, hashOpaqueToken(pair.refreshToken));
    if (!next || next.revokedAt || next.expiresAt < new Date()) return null;
    if (!next.usedAt) {
      const user = await users.findUserById(tx, next.userId);
      if (!user || user.status !== 'ACTIVE') return null;
      const space = await spacesService.findEnterableSpace(tx, user.id, next.spaceId);
      if (!space) return null;
      const spaces = await spacesService.listMemberSpaces(tx, user.id);
      return { ...pair, space: presentSpace(space), spaces: spaces.map(presentSpace) };
    }
    row = next;
    token = pair.refreshToken;
  }
  return null;
}

/** Switches the session to another space the user may enter (update-token, space access). */
export async function switchSpace(ctx: TModuleContext, userId: string, spaceId: string, remember = true): Promise<TSession> {
  return unsafeUnscoped(ctx.db, async (tx) => {
    const space = await spacesService.findEnterableSpace(tx, userId, spaceId);
    if (!space) throw outsideSpace();
    const user = await users.findUserById(tx, userId);
    if (!user) throw outsideSpace();
    const spaces = await spacesService.listMemberSpaces(tx, userId);
    const tokens = await issueSession(ctx, tx, user, space, remember);
    return { ...tokens, space: presentSpace(space), spaces: spaces.map(presentSpace) };
  });
}

export async function signOut(ctx: TModuleContext, presented: string): Promise<void> {
  await unsafeUnscoped(ctx.db, async (tx) => {
    const row = await repo.findRefreshToken(tx, hashOpaqueToken(presented));
    if (row) await repo.revokeFamily(tx, row.familyId);
  });
}

/**
 * Space access request: a user enters a space they are a member of (or one below it) and gets a
 * session for it; the request is recorded, accepted, in the target space.
 */
export async function requestSpaceAccess(ctx: TModuleContext, userId: string, spaceId: string): Promise<TSession> {
  const session = await switchSpace(ctx, userId, spaceId);
  await unsafeUnscoped(ctx.db, (tx) => spacesService.recordAccessRequest(tx, userId, { id: spaceId, secureSpacePath: session.space.secureSpacePath }));
  return session;
}
