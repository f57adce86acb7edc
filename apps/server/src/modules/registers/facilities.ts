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

export const establishmentsOf = (tx: TDb, scope: TScope, r: TWhere) =>
  spaces.childSpaces(tx, scope, [r.clientId], 'ESTABLISHMENT', r.allEstablishments ? undefined : r.establishmentIds);

export async function facilitiesOf(tx: TDb, scope: TScope, r: TWhere): Promise<TFacility[]> {
  const establishments = await establishmentsOf(tx, scope, r);
  const areas = await spaces.childSpaces(
    tx,
    scope,
    establishments.map((e) => e.id),
    'AREA',
    r.allAreas ? undefined : r.areaIds,
  );
  return areas.map((a) => ({ id: a.id, name: a.name, establishment: a.parentId! }));
}

/** Names, types and parents of spaces (establishments, areas, the client) visible in the scope. */
export async function spaceNames(tx: TDb, scope: TScope, ids: string[]) {
  const rows = await spaces.spacesByIds(tx, scope, ids);
  return new Map(rows.map((r) => [r.id, { name: r.name, type: r.type, parentId: r.parentId }]));
}
