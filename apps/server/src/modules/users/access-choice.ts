import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { TRegisterAccess } from '../../platform/identity.js';
import { assertRegistersAccess, normalizeRegistersAccess, type TRegistersAccessEntry } from '../registers/access.js';
import { servicesService } from '../services/definition.js';
import { resolveMemberships, type TMembershipChoice } from './memberships.js';

/** What the user form (and an invitation, decision 0062) says a person may see. */
export interface TAccessChoice extends TMembershipChoice {
  accessServices?: string[];
  registersAccess?: TRegistersAccessEntry[];
  labDataAccess?: string[];
}

/** The access, checked: the memberships (home first) and the lists as they are stored. */
export interface TCheckedAccess {
  memberships: { id: string; secureSpacePath: string }[];
  accessServices: string[];
  registersAccess: ReturnType<typeof normalizeRegistersAccess>;
  labDataAccess: string[];
}

const beyond = (field: string) => new AppError('outsideSpace', [field]);

/** A caller limited to some items (a non-empty list) hands out only some of those, never "all" (empty). */
function assertSubset(own: readonly string[], chosen: readonly string[], field: string) {
  if (own.length && (!chosen.length || chosen.some((c) => !own.includes(c)))) throw beyond(field);
}

/** Each chosen register entry lies within one of the caller's: same area access, same or narrower category and registers. */
function assertRegistersWithin(own: readonly TRegisterAccess[], chosen: readonly TRegistersAccessEntry[]) {
  if (!own.length) return;
  const covered = (entry: TRegistersAccessEntry) =>
    own.some(
      (mine) =>
        mine.areaAccess === entry.areaAccess &&
        (!mine.category || mine.category === entry.category) &&
        (!mine.registers?.length || (Boolean(entry.registers?.length) && entry.registers!.every((r) => mine.registers!.includes(r)))),
    );
  if (!chosen.length || !chosen.every(covered)) throw beyond('registersAccess');
}

/**
 * The lists a caller may hand out (users create and edit, invitations): never wider than the
 * caller's own (451 naming the field), each item one the caller sees (400 naming the field). A list
 * left out (an update that keeps it) is not checked.
 */
export async function assertAccessListsGrantable(tx: TDb, caller: TAuth, choice: TAccessChoice) {
  if (choice.accessServices) assertSubset(caller.access.services, choice.accessServices, 'accessServices');
  if (choice.labDataAccess) assertSubset(caller.access.labData, choice.labDataAccess, 'labDataAccess');
  if (choice.registersAccess) assertRegistersWithin(caller.access.registers, choice.registersAccess);
  await servicesService.assertVisible(tx, caller, choice.accessServices ?? [], 'accessServices');
  await assertRegistersAccess(tx, caller, choice.registersAccess ?? []);
}

/**
 * The whole access of a new user or an invitation: the memberships (clients, establishments and
 * areas of the caller's scope; none chosen: the caller's space) and the lists, checked as above.
 */
export async function checkAccessChoice(tx: TDb, caller: TAuth, choice: TAccessChoice): Promise<TCheckedAccess> {
  // Left out at creation means "everything": checked as the empty list it is stored as.
  const lists = { accessServices: choice.accessServices ?? [], registersAccess: choice.registersAccess ?? [], labDataAccess: choice.labDataAccess ?? [] };
  await assertAccessListsGrantable(tx, caller, lists);
  return {
    memberships: await resolveMemberships(tx, caller, choice),
    accessServices: [...new Set(lists.accessServices)],
    registersAccess: normalizeRegistersAccess(lists.registersAccess),
    labDataAccess: [...new Set(lists.labDataAccess)],
  };
}
