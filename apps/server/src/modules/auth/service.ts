import { randomUUID } from 'node:crypto';
import { MAX_FAILED_SIGNINS, SIGNIN_LOCK_MINUTES } from '@audit/domain/constants';
import { AppError, outsideSpace, unauthenticated } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { decoyHash, verifyPassword } from '../../platform/passwords.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.js';
import * as repo from './repo.js';

const SESSION_DAYS_WITHOUT_REMEMBER = 1;

export type TSpaceSummary = Awaited<ReturnType<typeof repo.listMemberSpaces>>[number];

export function presentSpace(space: TSpaceSummary) {
  return { _id: space.id, name: space.name, identifier: space.identifier, typeStructure: space.typeStructure, logo: space.logo, parent: space.parentId, secureSpacePath: space.secureSpacePath };
}

export interface TSession {
  accessToken: string;
  refreshToken: string;
  space: ReturnType<typeof presentSpace>;
  spaces: ReturnType<typeof presentSpace>[];
}

async function issueSession(ctx: TModuleContext, tx: Parameters<typeof repo.insertRefreshToken>[0], userId: string, space: TSpaceSummary, remember: boolean, familyId: string = randomUUID()) {
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
  const accessToken = await ctx.tokens.signAccess({ sub: userId, space: space.id, path: space.secureSpacePath });
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
  const user = await unsafeUnscoped(ctx.db, (tx) => repo.findUserByLogin(tx, input.username));
  if (!user || !user.passwordHash || user.status === 'DELETED') {
    await verifyPassword(await decoyHash(), input.password);
    throw new AppError('badCredentials');
  }
  if (user.status === 'LOCK' || (user.lockedUntil && user.lockedUntil > new Date())) throw new AppError('locked');
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await unsafeUnscoped(ctx.db, (tx) => repo.recordFailedSignin(tx, user.id, MAX_FAILED_SIGNINS, SIGNIN_LOCK_MINUTES));
    throw new AppError('badCredentials');
  }
  if (!user.verified || user.status === 'UNVERIFIED') throw new AppError('notVerified');

  return unsafeUnscoped(ctx.db, async (tx) => {
    await repo.clearFailedSignins(tx, user.id);
    const spaces = await repo.listMemberSpaces(tx, user.id);
    if (input.adminOnly && !(await repo.isAdministrator(tx, user.id))) throw new AppError('forbidden');
    const chosen = (input.space && spaces.find((s) => s.id === input.space)) || spaces.find((s) => s.id === user.spaceId) || spaces[0];
    if (!chosen) throw new AppError('badCredentials');
    const tokens = await issueSession(ctx, tx, user.id, chosen, input.remember);
    return { ...tokens, space: presentSpace(chosen), spaces: spaces.map(presentSpace) };
  });
}

/**
 * Rotates a refresh token. A token presented twice means it leaked (or two tabs raced): the whole
 * family is revoked and the caller must sign in again.
 */
export async function refresh(ctx: TModuleContext, presented: string, spaceId?: string): Promise<TSession> {
  const outcome = await unsafeUnscoped(ctx.db, async (tx) => {
    const row = await repo.findRefreshToken(tx, hashOpaqueToken(presented));
    if (!row || row.revokedAt || row.expiresAt < new Date()) return null;
    if (row.usedAt || !(await repo.markRefreshTokenUsed(tx, row.id))) {
      await repo.revokeFamily(tx, row.familyId);
      return 'reused' as const;
    }
    const user = await repo.findUserById(tx, row.userId);
    if (!user || user.status !== 'ACTIVE') return null;
    const space = await repo.findEnterableSpace(tx, user.id, spaceId ?? row.spaceId);
    if (!space) return null;
    const spaces = await repo.listMemberSpaces(tx, user.id);
    const tokens = await issueSession(ctx, tx, user.id, space, row.remember, row.familyId);
    return { ...tokens, space: presentSpace(space), spaces: spaces.map(presentSpace) };
  });
  if (!outcome || outcome === 'reused') throw unauthenticated();
  return outcome;
}

/** Switches the session to another space the user may enter (update-token, space access). */
export async function switchSpace(ctx: TModuleContext, userId: string, spaceId: string, remember = true): Promise<TSession> {
  return unsafeUnscoped(ctx.db, async (tx) => {
    const space = await repo.findEnterableSpace(tx, userId, spaceId);
    if (!space) throw outsideSpace();
    const spaces = await repo.listMemberSpaces(tx, userId);
    const tokens = await issueSession(ctx, tx, userId, space, remember);
    return { ...tokens, space: presentSpace(space), spaces: spaces.map(presentSpace) };
  });
}

export async function signOut(ctx: TModuleContext, presented: string): Promise<void> {
  await unsafeUnscoped(ctx.db, async (tx) => {
    const row = await repo.findRefreshToken(tx, hashOpaqueToken(presented));
    if (row) await repo.revokeFamily(tx, row.familyId);
  });
}

export async function searchEnterableSpaces(ctx: TModuleContext, userId: string, search: string | undefined, size: number) {
  return unsafeUnscoped(ctx.db, (tx) => repo.searchEnterableSpaces(tx, userId, search, size));
}
