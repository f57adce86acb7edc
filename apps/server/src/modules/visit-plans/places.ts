import { visitWindowOf, type TVisitWindow } from '@audit/domain/visits/window';
import type { TAuth } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { getStructure, searchStructures } from '../structures/service.js';

/** An establishment the plan visits: where its rows live and its window (its own fields over its client's). */
export interface TPlace {
  id: string;
  name: string;
  secureSpacePath: string;
  window: TVisitWindow;
}

const PAGE = 1000;

/**
 * The client's active establishments (any depth below it) with their windows, read through the
 * structures module's service in the caller's scope. A client the caller does not see is 404.
 */
export async function placesOf(ctx: TModuleContext, caller: TAuth, clientId: string): Promise<TPlace[]> {
  const client = await getStructure(ctx, caller, clientId, 'STRUCTURE').catch(() => {
    throw notFound();
  });
  const places: TPlace[] = [];
  for (let page = 0; ; page += 1) {
    const found = await searchStructures(ctx, caller, 'establishments', {
      size: PAGE,
      page,
      sort: 'name',
      filters: [{ field: 'client', operator: 'eq', value: clientId }],
    });
    // No projection was asked: every item is the whole structure answer.
    const items = found.items as unknown as TStructureFields[];
    for (const e of items)
      if (e.active !== false) places.push({ id: e._id, name: e.name, secureSpacePath: e.secureSpacePath, window: visitWindowOf(e, client) });
    if (items.length < PAGE) break;
  }
  return places;
}

/** The fields of a structure's answer this file reads. */
interface TStructureFields {
  _id: string;
  name: string;
  secureSpacePath: string;
  active: boolean;
  openMonth: number | null;
  closeMonth: number | null;
  visitDays: number[];
  notVisitDays: number[];
}
