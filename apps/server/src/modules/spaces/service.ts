import type { TSpaceType } from '@audit/domain/constants';
import type { TAuth } from '../../platform/auth.js';
import type { TDatabase, TTransaction } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { scoped, iso, type TModuleContext } from '../../platform/http.js';
import { unsafeUnscoped, type TScope } from '../../platform/tenancy.js';
import * as auth from '../auth/service.js';
import * as repo from './repo.js';

export function presentSpaceRow(space: NonNullable<Awaited<ReturnType<typeof repo.findSpaceInScope>>>, timeZone: string) {
  return {
    _id: space.id,
    identifier: space.identifier,
    name: space.name,
    description: space.description,
    logo: space.logo,
    typeStructure: space.typeStructure,
    parent: space.parentId,
    modules: space.modules,
    theme: space.theme ?? null,
    secureSpacePath: space.secureSpacePath,
    isRoot: space.parentId === null,
    /** The zone its days are counted in (its own or inherited; decision 0015). */
    timeZone,
    createdAt: iso(space.createdAt)!,
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

/** The space selector's list: member spaces first, then the spaces below them, searchable. */
export async function listMySpaces(ctx: TModuleContext, caller: TAuth, search: string | undefined, size: number) {
  return (await auth.searchEnterableSpaces(ctx, caller.userId, search, size)).map(auth.presentSpace);
}

/**
 * Space access request: a user enters a space they are a member of (or one below it) and gets a
 * token for it; the request is recorded, accepted, in the target space.
 */
export async function requestAccess(ctx: TModuleContext, caller: TAuth, spaceId: string) {
  const session = await auth.switchSpace(ctx, caller.userId, spaceId);
  await unsafeUnscoped(ctx.db, (tx) =>
    repo.insertAccessRequest(tx, { userId: caller.userId, spaceId, secureSpacePath: session.space.secureSpacePath, status: 'ACCEPTED' }),
  );
  return session;
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

/** Creates a child space under `parent` (already checked to be inside the caller's space). */
export function createChildSpace(tx: TTransaction | TDatabase, parent: { id: string; secureSpacePath: string }, input: { name: string; typeStructure: TSpaceType; description?: string | null; logo?: string | null; timeZone?: string | null }) {
  return repo.insertChildSpace(tx, parent, input);
}

export function updateSpaceFields(tx: TTransaction | TDatabase, id: string, values: { name?: string; logo?: string | null; description?: string | null; timeZone?: string | null }) {
  return repo.updateSpaceFields(tx, id, values);
}

/** Removes a space and every space below it; returns the removed ids (deepest first). */
export function deleteSpaceSubtree(tx: TTransaction | TDatabase, secureSpacePath: string) {
  return repo.deleteSubtree(tx, secureSpacePath);
}

/** The IANA zone a space's days are counted in (own, inherited, or Europe/Madrid); runs in the caller's transaction. */
export function timeZoneOfPath(tx: TTransaction | TDatabase, secureSpacePath: string) {
  return repo.timeZoneOfPath(tx, secureSpacePath);
}
