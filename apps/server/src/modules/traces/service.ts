import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { unsafeUserNames } from '../users/service.js';
import { findSpaceInScope } from '../spaces/service.js';
import * as repo from './repo.js';

type TTraceRow = NonNullable<Awaited<ReturnType<typeof repo.findTrace>>>;

const present = (t: TTraceRow, names: Map<string, string>) => ({
  _id: t.id,
  type: t.type,
  owner: t.ownerId,
  /** The owner's full name (a user of the space or of a space above it), null when the user is gone. */
  ownerName: (t.ownerId && names.get(t.ownerId)) ?? null,
  entity: t.entityId,
  module: t.module,
  section: t.section,
  payload: t.payload,
  date: iso(t.date)!,
});

/**
 * The audit trail of the caller's space and the spaces below it, paged, newest first by default;
 * with `space`, of that space and the spaces below it only (a client page's history tab), which
 * must be in the caller's scope (404 otherwise).
 */
export async function searchTraces(ctx: TModuleContext, caller: TAuth, body: TSearchBody & { space?: string }) {
  const page = await scoped(ctx, caller, async (tx) => {
    if (!body.space) return repo.searchTraces(tx, caller, body);
    const space = await findSpaceInScope(tx, caller, body.space);
    if (!space) throw notFound();
    return repo.searchTraces(tx, { ...caller, spaceId: space.id, spacePath: space.secureSpacePath }, body);
  });
  const names = await unsafeUserNames(ctx, [...new Set(page.items.flatMap((t) => (t.ownerId ? [t.ownerId] : [])))]);
  return {
    items: project(
      page.items.map((t) => present(t, names)),
      body.projections,
    ),
    total: page.total,
  };
}

/** One trace with its whole payload (the detail view). */
export async function getTrace(ctx: TModuleContext, caller: TAuth, id: string) {
  const row = await scoped(ctx, caller, (tx) => repo.findTrace(tx, caller, id));
  if (!row) throw notFound();
  return present(row, await unsafeUserNames(ctx, row.ownerId ? [row.ownerId] : []));
}
