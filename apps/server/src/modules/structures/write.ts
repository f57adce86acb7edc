import type { TSpaceType } from '@audit/domain/constants';
import { isValidTimeZone } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound, outsideSpace } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import * as geography from '../geography/service.js';
import * as nomenclatures from '../nomenclatures/definitions.js';
import { deleteGoalsBelow } from '../services/goals.js';
import * as spaces from '../spaces/service.js';
import type { TDetailsInput } from '@audit/domain/structures';
import { structurePolicy } from './policy.js';
import * as repo from './repo.js';
import { moduleOf, presentStructure } from './service.js';

/** Which parent each type hangs from: clients under the company or a client, establishments under a client, areas under an establishment. */
const PARENT_RULE: Record<TSpaceType, (parent: { typeStructure: string; parentId: string | null }) => boolean> = {
  STRUCTURE: (p) => p.typeStructure === 'STRUCTURE',
  ESTABLISHMENT: (p) => p.typeStructure === 'STRUCTURE' && p.parentId !== null,
  AREA: (p) => p.typeStructure === 'ESTABLISHMENT',
};

type TMerged = Partial<TDetailsInput> & { active?: boolean };

/** References must be visible nomenclatures (400 naming the field) and the location coherent (453/456). */
async function validate(tx: TDb, caller: TAuth, merged: TMerged) {
  await nomenclatures.paymentTypesService.assertVisible(tx, caller, [merged.paymentType], 'paymentType');
  await nomenclatures.activitiesService.assertVisible(tx, caller, merged.activities ?? [], 'activities');
  await nomenclatures.companiesService.assertVisible(tx, caller, [merged.company], 'company');
  await nomenclatures.socialReasonsService.assertVisible(tx, caller, [merged.socialReason], 'socialReason');
  await nomenclatures.areaTypesService.assertVisible(tx, caller, [merged.areaType], 'areaType');
  await geography.assertLocation(tx, merged);
}

/** A space's own time zone must be one Intl knows (TZ0001 naming the field). */
function checkTimeZone(timeZone: string | null | undefined) {
  if (timeZone != null && !isValidTimeZone(timeZone)) throw new AppError('timeZoneInvalid', ['timeZone']);
}

/** Input -> details columns; only the fields present (the name and time zone live on the space). An active client has no inactivity date. */
function detailsValues(input: Partial<TDetailsInput>, activeAfter: boolean): repo.TDetailsValues {
  const { name: _name, timeZone: _timeZone, inactivityDate, ...rest } = input as Partial<TDetailsInput> & { parent?: string };
  delete (rest as { parent?: string }).parent;
  const values: repo.TDetailsValues = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (activeAfter) values.inactivityDate = null;
  else if (inactivityDate !== undefined) values.inactivityDate = inactivityDate ? new Date(inactivityDate) : null;
  return values;
}

/** Creates a structure, establishment or area under a parent of the caller's space (else 451). */
export async function createStructure(ctx: TModuleContext, caller: TAuth, type: TSpaceType, input: TDetailsInput & { parent?: string }) {
  return scoped(ctx, caller, async (tx) => {
    const parent = await spaces.findSpaceInScope(tx, caller, input.parent ?? caller.spaceId);
    if (!parent) throw outsideSpace();
    if (!PARENT_RULE[type](parent)) throw invalidData(['parent']);
    checkTimeZone(input.timeZone);
    await validate(tx, caller, input);
    const space = await spaces.createChildSpace(tx, parent, { name: input.name, typeStructure: type, timeZone: input.timeZone ?? null });
    await repo.upsertDetails(tx, space, detailsValues(input, input.active !== false));
    await recordTrace(tx, caller, {
      type: 'CREATE',
      module: moduleOf(type),
      section: 'structures',
      entityId: space.id,
      spaceId: space.id,
      secureSpacePath: space.secureSpacePath,
      payload: input,
    });
    return presentStructure((await repo.findStructure(tx, caller, space.id))!, caller);
  });
}

async function loadTarget(tx: TDb, caller: TAuth, id: string, type: string | undefined, action: 'update' | 'delete') {
  const row = await repo.findStructure(tx, caller, id);
  if (!row || (type && row.typeStructure !== type)) throw notFound();
  structurePolicy.authorize(caller, action, row);
  return row;
}

/** Updates the fields given; `type` narrows the target (the establishments route edits establishments only). */
export async function updateStructure(ctx: TModuleContext, caller: TAuth, id: string, type: string | undefined, input: Partial<TDetailsInput>) {
  return scoped(ctx, caller, async (tx) => {
    const before = await loadTarget(tx, caller, id, type, 'update');
    const present = presentStructure(before, caller);
    const merged: TMerged = { ...present, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as TMerged;
    // Changing the country clears province and municipality; changing the province clears the municipality.
    if (input.country !== undefined && input.country !== present.country && input.province === undefined) merged.province = input.province = null;
    if (input.province !== undefined && input.province !== present.province && input.municipality === undefined)
      merged.municipality = input.municipality = null;
    if (type === 'ESTABLISHMENT' || before.typeStructure === 'ESTABLISHMENT') {
      if (!merged.socialReason) throw invalidData(['socialReason']);
    }
    if (before.typeStructure !== 'AREA' && (!merged.address || merged.zipCode == null)) throw invalidData([!merged.address ? 'address' : 'zipCode']);
    checkTimeZone(input.timeZone);
    await validate(tx, caller, merged);
    const spaceFields = {
      ...(input.name !== undefined && input.name !== before.name ? { name: input.name } : {}),
      ...(input.timeZone !== undefined && input.timeZone !== before.timeZone ? { timeZone: input.timeZone } : {}),
    };
    if (Object.keys(spaceFields).length) await spaces.updateSpaceFields(tx, id, spaceFields);
    await repo.upsertDetails(tx, before, detailsValues(input, merged.active !== false));
    await recordTrace(tx, caller, {
      type: 'UPDATE',
      module: moduleOf(before.typeStructure),
      section: 'structures',
      entityId: id,
      spaceId: id,
      secureSpacePath: before.secureSpacePath,
      payload: { before: present, after: input },
    });
    return presentStructure((await repo.findStructure(tx, caller, id))!, caller);
  });
}

/**
 * Deletes a structure. With children it is refused (BADREQUESTERROR 420, 409, field `children`)
 * unless cascadeDelete: then the whole subtree goes (spaces, details, services goals) in one transaction.
 */
export async function deleteStructure(ctx: TModuleContext, caller: TAuth, id: string, type: string | undefined, cascade: boolean) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadTarget(tx, caller, id, type, 'delete');
    if (row.childrenCount > 0 && !cascade) throw new AppError('alreadyExists', ['children']);
    await deleteGoalsBelow(tx, row.secureSpacePath);
    await repo.deleteDetailsBelow(tx, row.secureSpacePath);
    const removed = await spaces.deleteSpaceSubtree(tx, row.secureSpacePath);
    await recordTrace(tx, caller, {
      type: 'REMOVE',
      module: moduleOf(row.typeStructure),
      section: 'structures',
      entityId: id,
      spaceId: id,
      secureSpacePath: row.secureSpacePath,
      payload: { name: row.name, cascade, removed },
    });
  });
}
