import type { TDb } from '../../platform/db.js';
import type { TScope } from '../../platform/tenancy.js';
import * as spaces from '../spaces/service.js';
import type { TRegisterRow } from './tables.js';

/**
 * A register's facilities (decision 0031): the areas below its establishments. `'all'` resolves
 * now, so an establishment or area added later is covered.
 */
export interface TFacility {
  id: string;
  name: string;
  establishment: string;
}

type TWhere = Pick<TRegisterRow, 'clientId' | 'allEstablishments' | 'establishmentIds' | 'allAreas' | 'areaIds'>;

/**
 * The establishment of a client the caller acts below (a login limited to one of its areas), read
 * from the caller's path: that establishment is above the caller's scope, so no query returns it.
 */
export function establishmentAbove(scope: TScope, clientId: string): string | undefined {
  const segments = scope.spacePath.split('/').filter(Boolean);
  const at = segments.indexOf(clientId);
  return at >= 0 && at + 2 < segments.length ? segments[at + 1] : undefined;
}

/** The register's establishment ids in the scope, with the one above an area login when the register covers it. */
export async function establishmentIdsOf(tx: TDb, scope: TScope, r: TWhere): Promise<string[]> {
  const found = await spaces.childSpaces(tx, scope, [r.clientId], 'ESTABLISHMENT', r.allEstablishments ? undefined : r.establishmentIds);
  const above = establishmentAbove(scope, r.clientId);
  const coversAbove = above && (r.allEstablishments || r.establishmentIds.includes(above));
  return [...found.map((e) => e.id), ...(coversAbove ? [above] : [])];
}

export async function facilitiesOf(tx: TDb, scope: TScope, r: TWhere): Promise<TFacility[]> {
  const areas = await spaces.childSpaces(tx, scope, await establishmentIdsOf(tx, scope, r), 'AREA', r.allAreas ? undefined : r.areaIds);
  return areas.map((a) => ({ id: a.id, name: a.name, establishment: a.parentId! }));
}

/** Names, types and parents of spaces (establishments, areas, the client) visible in the scope. */
export async function spaceNames(tx: TDb, scope: TScope, ids: string[]) {
  const rows = await spaces.spacesByIds(tx, scope, ids);
  return new Map(rows.map((r) => [r.id, { name: r.name, type: r.type, parentId: r.parentId }]));
}
