import { isValidTimeZone } from '@audit/domain/dates';
import type { TSearchBody } from '@audit/domain/search';
import type { z } from 'zod';
import type { ZSpaceCreate, ZSpaceSettings, ZSpaceUpdate } from '@audit/domain/spaces';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { rootPath, unsafeUnscoped, withScope, type TScope } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { onUniqueViolation } from '../../platform/unique-violations.js';
import { findFiles, readStored } from '../files/service.js';
import { activeOf, setActive } from '../structures/service.js';
import { spacePolicy } from './policy.js';
import * as repo from './repo.js';
import { isStoredLogo, logoAddress } from './logo.js';
import { getCurrentSpace } from './service.js';

/**
 * The administration of spaces (decision 0047): /admin/spaces lists, creates and edits the spaces
 * of the caller's scope and (de)activates them with the client's own flag; /admin/settings edits
 * the session's space. A logo is an uploaded image, stored by id and served by a public address.
 */
onUniqueViolation('spaces_identifier_unique', { code: 'alreadyExists', fields: ['identifier'] });

type TSpaceRow = NonNullable<Awaited<ReturnType<typeof repo.findSpaceInScope>>>;

function presentAdminSpace(row: TSpaceRow, caller: TAuth, active: boolean, parentName: string | null, ownerSession: boolean) {
  return {
    _id: row.id,
    identifier: row.identifier,
    name: row.name,
    description: row.description,
    logo: logoAddress(row.id, row.logo),
    typeStructure: row.typeStructure,
    parent: row.parentId,
    parentName,
    modules: row.modules,
    ownerSpace: row.ownerSpace,
    adminSpace: row.adminSpace,
    active,
    current: row.id === caller.spaceId,
    createdAt: iso(row.createdAt)!,
    can: spacePolicy.canAll(caller, { ...row, ownerSession }),
  };
}

async function presentRows(tx: TDb, caller: TAuth, rows: TSpaceRow[]) {
  const isActive = await activeOf(
    tx,
    rows.map((r) => r.id),
  );
  const parents = await repo.unsafeNamesOf(tx, [...new Set(rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))]);
  const ownerSession = await repo.ownerSpaceFor(tx, caller.spacePath);
  return rows.map((r) => presentAdminSpace(r, caller, isActive(r.id), (r.parentId && parents.get(r.parentId)) ?? null, ownerSession));
}

export async function searchSpaces(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const page = await scoped(ctx, caller, async (tx) => {
    const found = await repo.searchAdminSpaces(tx, caller, body);
    return { items: await presentRows(tx, caller, found.items), total: found.total };
  });
  return { items: project(page.items, body.projections), total: page.total };
}

/** A logo must be an image uploaded in the caller's scope (POST /files/image). */
async function checkLogo(tx: TDb, scope: TScope, logo: string | null | undefined) {
  if (!logo) return;
  const [file] = await findFiles(tx, scope, [logo]);
  if (!file || !file.contentType.startsWith('image/')) throw invalidData(['logo']);
}

async function checkIdentifier(tx: TDb, identifier: string | undefined, exceptId?: string) {
  if (identifier && (await repo.identifierTaken(tx, identifier, exceptId))) throw new AppError('alreadyExists', ['identifier']);
}

export async function createSpace(ctx: TModuleContext, caller: TAuth, input: z.output<typeof ZSpaceCreate>) {
  return scoped(ctx, caller, async (tx) => {
    const parent = await repo.findSpaceInScope(tx, caller, input.parent ?? caller.spaceId);
    if (!parent) throw invalidData(['parent']);
    spacePolicy.authorize(caller, 'update', parent);
    if (input.ownerSpace || input.adminSpace)
      spacePolicy.authorize(caller, 'setFlags', { ...parent, ownerSession: await repo.ownerSpaceFor(tx, caller.spacePath) });
    await checkIdentifier(tx, input.identifier);
    await checkLogo(tx, caller, input.logo);
    const row = await repo.insertAdminSpace(tx, parent, input);
    await recordTrace(tx, caller, { type: 'CREATE', module: 'ORG', section: 'spaces', entityId: row.id, secureSpacePath: row.secureSpacePath, payload: input });
    return (await presentRows(tx, caller, [row]))[0]!;
  });
}

export async function updateSpace(ctx: TModuleContext, caller: TAuth, id: string, input: z.output<typeof ZSpaceUpdate>) {
  return scoped(ctx, caller, async (tx) => {
    const before = await repo.findSpaceInScope(tx, caller, id);
    if (!before) throw notFound();
    spacePolicy.authorize(caller, 'update', before);
    if (input.active !== undefined) spacePolicy.authorize(caller, 'changeStatus', before);
    if (input.ownerSpace !== undefined || input.adminSpace !== undefined)
      spacePolicy.authorize(caller, 'setFlags', { ...before, ownerSession: await repo.ownerSpaceFor(tx, caller.spacePath) });
    await checkIdentifier(tx, input.identifier, id);
    await checkLogo(tx, caller, input.logo);
    const { active, ...fields } = input;
    const row = Object.keys(fields).length ? await repo.updateAdminFields(tx, id, fields) : before;
    if (active !== undefined) await setActive(tx, row, active);
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'ORG', section: 'spaces', entityId: id, secureSpacePath: row.secureSpacePath, payload: input });
    return (await presentRows(tx, caller, [row]))[0]!;
  });
}

/** The session's space's settings (ADMIN:MANAGEMENT): name, logo, time zone, default language, sign-up, onboarding. */
export async function updateSettings(ctx: TModuleContext, caller: TAuth, input: z.output<typeof ZSpaceSettings>) {
  if (input.timeZone !== undefined && !isValidTimeZone(input.timeZone)) throw invalidData(['timeZone']);
  await scoped(ctx, caller, async (tx) => {
    const before = await repo.findSpaceInScope(tx, caller, caller.spaceId);
    if (!before) throw notFound();
    await checkLogo(tx, caller, input.logo);
    if (Object.keys(input).length) await repo.updateAdminFields(tx, caller.spaceId, input);
    await recordTrace(tx, caller, { type: 'UPDATE', module: 'ORG', section: 'settings', entityId: caller.spaceId, payload: input });
  });
  return getCurrentSpace(ctx, caller);
}

/**
 * A space's logo, for anyone (the sign-in page's structure choice, mails, the header): the image is
 * found by the id the space stores, among the files of the space's own tenant only. 404 when the
 * space has no stored logo.
 */
export async function readLogo(ctx: TModuleContext, id: string) {
  const found = await unsafeUnscoped(ctx.db, async (tx) => {
    const [space] = await repo.spacesByIdUnscoped(tx, id);
    return space && isStoredLogo(space.logo) ? space : null;
  });
  if (!found) throw notFound();
  const tenant: TScope = { spaceId: found.rootId, spacePath: rootPath(found.rootId), userId: null };
  const rows = await withScope(ctx.db, tenant, (tx) => findFiles(tx, tenant, [found.logo!]));
  const bytes = rows.length ? (await readStored(ctx, rows)).get(rows[0]!.id) : undefined;
  if (!bytes) throw notFound();
  return { bytes, contentType: rows[0]!.contentType, etag: `"${found.logo}"` };
}
