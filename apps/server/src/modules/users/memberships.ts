import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import * as spaces from '../spaces/service.js';

export interface TMembershipChoice {
  clients?: string[];
  establishments?: string[];
  areas?: string[];
}

type TSpace = Awaited<ReturnType<typeof spaces.findSpacesInScope>>[number];

const below = (child: TSpace, parent: TSpace) => child.secureSpacePath.startsWith(parent.secureSpacePath) && child.id !== parent.id;

/**
 * The spaces a new user becomes a member of, home first. Without a choice: the caller's space (a
 * company user). Otherwise the most precise choice of each branch wins (an establishment narrows
 * its client, an area its establishment), so a client's user sees exactly what was chosen.
 * Product document section 6: clients only when the caller's space is a STRUCTURE, establishments
 * never when it is an AREA; each choice must be of its type, in the caller's scope, and below the
 * level chosen above it.
 */
export async function resolveMemberships(tx: TDb, caller: TAuth, choice: TMembershipChoice): Promise<{ id: string; secureSpacePath: string }[]> {
  const clientIds = [...new Set(choice.clients ?? [])];
  const establishmentIds = [...new Set(choice.establishments ?? [])];
  const areaIds = [...new Set(choice.areas ?? [])];
  if (!clientIds.length && !establishmentIds.length && !areaIds.length) return [{ id: caller.spaceId, secureSpacePath: caller.spacePath }];

  const found = await spaces.findSpacesInScope(tx, caller, [caller.spaceId, ...clientIds, ...establishmentIds, ...areaIds]);
  const byId = new Map(found.map((s) => [s.id, s]));
  const current = byId.get(caller.spaceId);
  if (clientIds.length && current?.typeStructure !== 'STRUCTURE') throw invalidData(['clients']);
  if (establishmentIds.length && current?.typeStructure === 'AREA') throw invalidData(['establishments']);

  const pick = (ids: string[], type: string, field: string, parents: TSpace[]) =>
    ids.map((id) => {
      const space = byId.get(id);
      const fits = space && space.typeStructure === type && space.parentId !== null && (!parents.length || parents.some((p) => below(space, p)));
      if (!fits) throw invalidData([field]);
      return space;
    });
  const clients = pick(clientIds, 'STRUCTURE', 'clients', []);
  const establishments = pick(establishmentIds, 'ESTABLISHMENT', 'establishments', clients);
  const areas = pick(areaIds, 'AREA', 'areas', establishments.length ? establishments : clients);

  const narrowed = (list: TSpace[], finer: TSpace[]) => list.filter((s) => !finer.some((f) => below(f, s)));
  return [...narrowed(clients, [...establishments, ...areas]), ...narrowed(establishments, areas), ...areas].map(({ id, secureSpacePath }) => ({
    id,
    secureSpacePath,
  }));
}
