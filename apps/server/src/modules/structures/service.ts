import { visitWindowOf } from '@audit/domain/visits/window';
import type { TSpaceType } from '@audit/domain/constants';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { moduleOf, structurePolicy } from './policy.js';
import * as repo from './repo.js';

/** Permission module of a structure by its type (the registry used by every write check). */
export { moduleOf };

/** Structures are written only with these types (the column is the spaces' free text). */
const typeOf = (row: repo.TStructureRow) => row.typeStructure as TSpaceType;

export function presentStructure(row: repo.TStructureRow, caller: TAuth) {
  return {
    _id: row.id,
    name: row.name,
    identifier: row.identifier,
    type: typeOf(row),
    typeStructure: typeOf(row),
    parent: row.parentId,
    space: row.id,
    secureSpacePath: row.secureSpacePath,
    code: row.code ?? null,
    cif: row.cif ?? null,
    country: row.country ?? null,
    province: row.province ?? null,
    provinceOrState: row.provinceOrState ?? null,
    municipality: row.municipality ?? null,
    address: row.address ?? null,
    zipCode: row.zipCode ?? null,
    phones: row.phones ?? [],
    fax: row.fax ?? null,
    email: row.email ?? null,
    billingEmail: row.billingEmail ?? null,
    auditReportEmail: row.auditReportEmail ?? null,
    analyticalReportEmail: row.analyticalReportEmail ?? null,
    contactPerson: row.contactPerson ?? null,
    paymentType: row.paymentType ?? null,
    activities: row.activities ?? [],
    company: row.company ?? null,
    socialReason: row.socialReason ?? null,
    active: row.active ?? true,
    inactivityDate: iso(row.inactivityDate),
    openMonth: row.openMonth ?? null,
    closeMonth: row.closeMonth ?? null,
    visitDays: row.visitDays ?? [],
    notVisitDays: row.notVisitDays ?? [],
    areaType: row.areaType ?? null,
    image: row.image ?? null,
    /** Its own IANA time zone; null takes its parent's (decision 0015). */
    timeZone: row.timeZone ?? null,
    childrenCount: row.childrenCount,
    createdAt: iso(row.spaceCreatedAt)!,
    updatedAt: iso(row.updatedAt ?? row.spaceCreatedAt)!,
    /** What the caller may do with it; the caller's own space is never deleted from inside. */
    can: structurePolicy.canAll(caller, row),
  };
}

/** The short form used by selectors (user form, client users' filters). */
export const presentSummary = (row: repo.TStructureRow) => ({
  _id: row.id,
  name: row.name,
  type: typeOf(row),
  parent: row.parentId,
  secureSpacePath: row.secureSpacePath,
  active: row.active ?? true,
  childrenCount: row.childrenCount,
});

export type TVariant = 'all' | 'clients' | 'parents' | 'establishments' | 'areas';

const variants = (caller: TAuth): Record<TVariant, ReturnType<typeof repo.ofType> | undefined> => ({
  all: undefined,
  clients: repo.ofType('STRUCTURE'),
  parents: repo.and2(repo.ofType('STRUCTURE'), repo.topClients(caller)),
  establishments: repo.ofType('ESTABLISHMENT'),
  areas: repo.ofType('AREA'),
});

export async function searchStructures(ctx: TModuleContext, caller: TAuth, variant: TVariant, body: TSearchBody, format: 'full' | 'summary' = 'full') {
  const page = await scoped(ctx, caller, (tx) => repo.searchStructures(tx, caller, body, variants(caller)[variant], ctx.totals));
  const items = format === 'full' ? page.items.map((r) => presentStructure(r, caller)) : page.items.map(presentSummary);
  return { items: project(items as Record<string, unknown>[], body.projections), total: page.total };
}

/** Direct children of a structure of the caller's scope (404 when the parent is not in it). */
export async function searchChildren(ctx: TModuleContext, caller: TAuth, parentId: string, body: TSearchBody) {
  const page = await scoped(ctx, caller, async (tx) => {
    const parent = await repo.findStructure(tx, caller, parentId);
    if (!parent && parentId !== caller.spaceId) throw notFound();
    return repo.searchStructures(tx, caller, body, repo.childOf(parentId), ctx.totals);
  });
  return {
    items: project(
      page.items.map((r) => presentStructure(r, caller)),
      body.projections,
    ),
    total: page.total,
  };
}

/** Areas below a space of the caller's scope (default: the caller's space). */
export async function searchAreasOf(ctx: TModuleContext, caller: TAuth, spaceId: string | undefined, body: TSearchBody) {
  const page = await scoped(ctx, caller, async (tx) => {
    let path = caller.spacePath;
    if (spaceId && spaceId !== caller.spaceId) {
      const space = await repo.findStructure(tx, caller, spaceId);
      if (!space) throw notFound();
      path = space.secureSpacePath;
    }
    return repo.searchStructures(tx, caller, body, repo.and2(repo.ofType('AREA'), repo.belowPath(path)), ctx.totals);
  });
  return {
    items: project(
      page.items.map((r) => presentStructure(r, caller)),
      body.projections,
    ),
    total: page.total,
  };
}

/** One structure of the caller's scope; `type` narrows (an establishment route never returns an area). */
export async function getStructure(ctx: TModuleContext, caller: TAuth, id: string, type?: string) {
  const row = await scoped(ctx, caller, (tx) => repo.findStructure(tx, caller, id));
  if (!row || (type && row.typeStructure !== type)) throw notFound();
  return presentStructure(row, caller);
}

// ---- Used by the spaces module's administration (/admin/spaces, decision 0047); in the caller's transaction ----

/** Whether each space is active (the client's flag; a space without client data is active). */
export async function activeOf(tx: Parameters<typeof repo.activeByIds>[0], ids: string[]) {
  const found = await repo.activeByIds(tx, [...new Set(ids)]);
  return (id: string) => found.get(id) ?? true;
}

/** (De)activates a space as the client's form does: an inactive one keeps the day it stopped, an active one none. */
export function setActive(tx: Parameters<typeof repo.upsertDetails>[0], space: { id: string; secureSpacePath: string }, active: boolean) {
  return repo.upsertDetails(tx, space, { active, inactivityDate: active ? null : new Date() });
}

/**
 * The visit window of each establishment (decision 0087), in the caller's transaction: its own
 * window fields over its client's, through the one rule of packages/domain/src/visits/window.ts.
 */
export async function visitWindowsOf(tx: Parameters<typeof repo.windowFieldsByIds>[0], places: { establishmentId: string; clientId: string }[]) {
  const rows = await repo.windowFieldsByIds(tx, [...new Set(places.flatMap((p) => [p.establishmentId, p.clientId]))]);
  const fields = new Map(rows.map((r) => [r.id, r]));
  return new Map(places.map((p) => [p.establishmentId, visitWindowOf(fields.get(p.establishmentId), fields.get(p.clientId))]));
}
