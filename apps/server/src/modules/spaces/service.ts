import { sql, type AnyColumn } from 'drizzle-orm';
import type { TSpaceType } from '@audit/domain/constants';
import type { TAuth } from '../../platform/auth.js';
import type { TDatabase, TTransaction } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { scoped, iso, type TModuleContext } from '../../platform/http.js';
import { unsafeUnscoped, type TScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { logoAddress } from './logo.js';
import * as repo from './repo.js';

export function presentSpaceRow(space: NonNullable<Awaited<ReturnType<typeof repo.findSpaceInScope>>>, timeZone: string) {
  return {
    _id: space.id,
    identifier: space.identifier,
    name: space.name,
    description: space.description,
    logo: logoAddress(space.id, space.logo),
    typeStructure: space.typeStructure,
    parent: space.parentId,
    modules: space.modules,
    ownerSpace: space.ownerSpace,
    adminSpace: space.adminSpace,
    theme: space.theme ?? null,
    secureSpacePath: space.secureSpacePath,
    isRoot: space.parentId === null,
    /** The zone its days are counted in (its own or inherited; decision 0015). */
    timeZone,
    /** Strangers may create an account here (decision 0040). */
    signupEnabled: space.signupEnabled,
    /** New users go through /onboarding (decision 0041). */
    onboardingActive: space.onboardingActive,
    /** Its mails' language and new accounts' when none is known (decision 0047). */
    language: space.language === 'en' ? ('en' as const) : ('es' as const),
    createdAt: iso(space.createdAt)!,
  };
}

export type TSpaceSummary = Awaited<ReturnType<typeof repo.listMemberSpaces>>[number];

/** A space as a session lists it (the space selector and the auth module's sessions). */
export function presentSpace(space: TSpaceSummary) {
  return {
    _id: space.id,
    name: space.name,
    identifier: space.identifier,
    typeStructure: space.typeStructure,
    logo: logoAddress(space.id, space.logo),
    parent: space.parentId,
    secureSpacePath: space.secureSpacePath,
  };
}

export async function getCurrentSpace(ctx: TModuleContext, caller: TAuth) {
  const found = await scoped(ctx, caller, async (tx) => {
    const space = await repo.findSpaceInScope(tx, caller, caller.spaceId);
    return space && { space, timeZone: await repo.timeZoneOfPath(tx, space.secureSpacePath) };
  });
  if (!found) throw notFound();
  return presentSpaceRow(found.space, found.timeZone);
}

/** Turns sign-up on or off for the current space (decision 0040; the settings screen will use it). */
export async function setCurrentSignup(ctx: TModuleContext, caller: TAuth, enabled: boolean) {
  await scoped(ctx, caller, async (tx) => {
    if (!(await repo.findSpaceInScope(tx, caller, caller.spaceId))) throw notFound();
    await repo.setSignupEnabled(tx, caller.spaceId, enabled);
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'ORG', section: 'signup', entityId: caller.spaceId, payload: { signupEnabled: enabled } });
  });
  return getCurrentSpace(ctx, caller);
}

/** Turns onboarding on or off for the current space and the spaces below it (decision 0041). */
export async function setCurrentOnboarding(ctx: TModuleContext, caller: TAuth, enabled: boolean) {
  await scoped(ctx, caller, async (tx) => {
    if (!(await repo.findSpaceInScope(tx, caller, caller.spaceId))) throw notFound();
    await repo.setOnboardingActive(tx, caller.spaceId, enabled);
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'ORG', section: 'onboarding', entityId: caller.spaceId, payload: { onboardingActive: enabled } });
  });
  return getCurrentSpace(ctx, caller);
}

/** The space selector's list: member spaces first, then the spaces below them, searchable. */
export async function listMySpaces(ctx: TModuleContext, caller: TAuth, search: string | undefined, size: number) {
  return (await unsafeUnscoped(ctx.db, (tx) => repo.searchEnterableSpaces(tx, caller.userId, search, size))).map(presentSpace);
}

/** Public check used by the space sign-up form; says only whether the identifier is taken. */
export async function identifierExists(ctx: TModuleContext, identifier: string) {
  return { exists: await unsafeUnscoped(ctx.db, (tx) => repo.identifierExists(tx, identifier)) };
}

// ---- Used by the structures and services modules (clients, establishments and areas are spaces) ----

/** A space of the caller's scope (itself or below), or undefined; runs in the caller's transaction. */
export function findSpaceInScope(tx: TTransaction | TDatabase, scope: TScope, id: string) {
  return repo.findSpaceInScope(tx, scope, id);
}

/** Spaces of the caller's scope among `ids`, with their type and path (the users module's memberships). */
export function findSpacesInScope(tx: TTransaction | TDatabase, scope: TScope, ids: string[]) {
  return repo.findSpacesInScope(tx, scope, [...new Set(ids)]);
}

/** Creates a child space under `parent` (already checked to be inside the caller's space). */
export function createChildSpace(
  tx: TTransaction | TDatabase,
  parent: { id: string; secureSpacePath: string },
  input: { name: string; typeStructure: TSpaceType; description?: string | null; logo?: string | null; timeZone?: string | null },
) {
  return repo.insertChildSpace(tx, parent, input);
}

export function updateSpaceFields(
  tx: TTransaction | TDatabase,
  id: string,
  values: { name?: string; logo?: string | null; description?: string | null; timeZone?: string | null },
) {
  return repo.updateSpaceFields(tx, id, values);
}

/** Removes a space and every space below it; returns the removed ids (deepest first). */
export function deleteSpaceSubtree(tx: TTransaction | TDatabase, secureSpacePath: string) {
  return repo.deleteSubtree(tx, secureSpacePath);
}

// ---- Used by the auth module (sessions); unscoped, in its transaction ----

export const listMemberSpaces = repo.listMemberSpaces;
export const findEnterableSpace = repo.findEnterableSpace;

/** Space access request: recorded, accepted, in the target space once the auth module has issued the session. */
export function recordAccessRequest(tx: TTransaction | TDatabase, userId: string, space: { id: string; secureSpacePath: string }) {
  return repo.insertAccessRequest(tx, { userId, spaceId: space.id, secureSpacePath: space.secureSpacePath, status: 'ACCEPTED' });
}

/** The IANA zone a space's days are counted in (own, inherited, or Europe/Madrid); runs in the caller's transaction. */
export function timeZoneOfPath(tx: TTransaction | TDatabase, secureSpacePath: string) {
  return repo.timeZoneOfPath(tx, secureSpacePath);
}

/** Spaces of the caller's scope by id (name, type, parent), in the caller's transaction. */
export const spacesByIds = (tx: TTransaction | TDatabase, scope: TScope, ids: string[]) => repo.spacesByIds(tx, scope, [...new Set(ids)]);
/** Children of one type of the given parents in the caller's scope (optionally only `ids`), by name. */
export const childSpaces = (tx: TTransaction | TDatabase, scope: TScope, parentIds: string[], type: string, ids?: string[]) =>
  repo.childSpaces(tx, scope, parentIds, type, ids);

/**
 * SQL: whether any of the space ids of an array column lies in the caller's scope (the registers of a
 * client, seen from one of its establishments or areas: decision 0064).
 */
export const anySpaceInScope = (ids: AnyColumn, scope: TScope) =>
  sql`exists (select 1 from spaces s where s.id = any(${ids}) and starts_with(s.secure_space_path, ${scope.spacePath}))`;

// ---- Used by the accounts module (the ways in, decision 0040); unscoped, in its transaction ----

/** A space as the public pages name it (name, logo), with its path and whether sign-up is on. */
export async function findPublicSpace(...args: Parameters<typeof repo.findPublicSpace>) {
  const space = await repo.findPublicSpace(...args);
  return space && { ...space, logo: logoAddress(space.id, space.logo) };
}
/** The spaces a stranger may sign up to (at most 50, by name). */
export const listSignupSpaces = repo.listSignupSpaces;
export const setSignupEnabled = repo.setSignupEnabled;

/** Whether new users of the space at that path go through onboarding; in the caller's transaction. */
export const onboardingActiveFor = repo.onboardingActiveFor;
export const ownerSpaceFor = repo.ownerSpaceFor;
