import { isEmployeeOldEnough } from '@audit/domain/employees/age';
import { idKindOf } from '@audit/domain/employees/dni';
import { ZEmployeeInput, ZEmployeePatch, type TEmployeeInput, type TEmployeeOut, type TEmployeePatch } from '@audit/domain/employees/schemas';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import * as geography from '../geography/service.js';
import { employeeProfilesService, employeeTypesService } from '../nomenclatures/definitions.js';
import { findSpacesInScope, spacesByIds, timeZoneOfPath } from '../spaces/service.js';
import { fullNameOf, findUserRefsInScope } from '../users/service.js';
import { employeePolicy } from './policy.js';
import * as repo from './repo.js';
import type { employees, TEmployeeRow } from './tables.js';

type TFields = Omit<typeof employees.$inferInsert, 'id' | 'spaceId' | 'secureSpacePath' | 'createdAt' | 'updatedAt'>;

/** The body's fields as columns (only those sent, for an update). */
function columnsOf(body: ReturnType<typeof ZEmployeePatch.parse>): Partial<TFields> {
  const { user, ...rest } = body;
  const values: Partial<TFields> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (user !== undefined) values.userId = user ?? null;
  return values;
}

/** The birth date makes the employee 16 or older on the company's calendar day (400 naming birthday). */
async function assertOldEnough(tx: TDb, caller: TAuth, birthday: string | undefined) {
  if (birthday !== undefined && !isEmployeeOldEnough(birthday, await timeZoneOfPath(tx, caller.spacePath))) throw invalidData(['birthday']);
}

/**
 * References must be the caller's to name: nomenclatures it sees, a coherent location (453/456), a
 * user of its scope, clients (structures below the company) and areas of its scope, the areas below
 * a chosen client. The user's other employee is the unique index's 421 (module.ts), race-free.
 */
async function validate(tx: TDb, caller: TAuth, merged: Partial<TFields>) {
  await employeeProfilesService.assertVisible(tx, caller, [merged.workerProfile], 'workerProfile');
  await employeeTypesService.assertVisible(tx, caller, [merged.occupation], 'occupation');
  await geography.assertLocation(tx, merged);
  if (merged.userId && !(await findUserRefsInScope(tx, caller, [merged.userId])).length) throw invalidData(['user']);
  const clientIds = [...new Set(merged.clientAccess ?? [])];
  const clients = await findSpacesInScope(tx, caller, clientIds);
  if (clients.length !== clientIds.length || clients.some((c) => c.typeStructure !== 'STRUCTURE' || c.parentId === null)) throw invalidData(['clientAccess']);
  const areaIds = [...new Set(merged.areaAccess ?? [])];
  const areas = await findSpacesInScope(tx, caller, areaIds);
  const belowAClient = (path: string) => !clients.length || clients.some((c) => path.startsWith(c.secureSpacePath));
  if (areas.length !== areaIds.length || areas.some((a) => a.typeStructure !== 'AREA' || !belowAClient(a.secureSpacePath))) throw invalidData(['areaAccess']);
  merged.clientAccess = clientIds;
  merged.areaAccess = areaIds;
}

/** Employees as the calls answer them: names of their user, clients, areas, profile and occupation, and `can`. */
export async function presentEmployees(tx: TDb, caller: TAuth, rows: TEmployeeRow[]): Promise<TEmployeeOut[]> {
  const users = new Map(
    (
      await findUserRefsInScope(
        tx,
        caller,
        rows.flatMap((r) => (r.userId ? [r.userId] : [])),
      )
    ).map((u) => [u.id, u]),
  );
  const spaces = new Map(
    (
      await spacesByIds(
        tx,
        caller,
        rows.flatMap((r) => [...r.clientAccess, ...r.areaAccess]),
      )
    ).map((s) => [s.id, s.name]),
  );
  const namesOf = async (service: typeof employeeProfilesService, ids: (string | null)[]) =>
    new Map((await service.repo.findMany(tx, caller, [...new Set(ids.filter((id): id is string => Boolean(id)))])).map((n) => [n.id, n.name]));
  const profiles = await namesOf(
    employeeProfilesService,
    rows.map((r) => r.workerProfile),
  );
  const occupations = await namesOf(
    employeeTypesService,
    rows.map((r) => r.occupation),
  );
  const ref = (names: Map<string, string>, id: string | null) => (id && names.has(id) ? { _id: id, name: names.get(id)! } : null);
  const refs = (ids: string[]) => ids.filter((id) => spaces.has(id)).map((id) => ({ _id: id, name: spaces.get(id)! }));
  return rows.map((r) => {
    const user = r.userId ? users.get(r.userId) : undefined;
    const can = employeePolicy.canAll(caller, r);
    return {
      _id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      fullName: fullNameOf(r),
      dni: r.dni,
      dniKind: idKindOf(r.dni) ?? 'DNI',
      birthday: r.birthday,
      user: user ? { _id: user.id, name: fullNameOf(user), email: user.email } : null,
      address: r.address,
      country: r.country,
      province: r.province,
      provinceOrState: r.provinceOrState,
      municipality: r.municipality,
      workerProfile: ref(profiles, r.workerProfile),
      occupation: ref(occupations, r.occupation),
      description: r.description,
      clientAccess: refs(r.clientAccess),
      areaAccess: refs(r.areaAccess),
      status: r.status as TEmployeeOut['status'],
      createdAt: iso(r.createdAt)!,
      updatedAt: iso(r.updatedAt)!,
      can: { update: can.update, delete: can.delete },
    };
  });
}

const trace = (row: TEmployeeRow) => ({
  module: 'WORKER',
  section: 'employees',
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
  entityId: row.id,
});

/** The employee, in the caller's scope and readable by them, or 404 / 452. */
async function loadEmployee(tx: TDb, caller: TAuth, id: string, lock = false) {
  const row = await repo.findEmployee(tx, caller, id, lock);
  if (!row) throw notFound();
  employeePolicy.authorize(caller, 'read', row);
  return row;
}

export async function getEmployee(ctx: TModuleContext, caller: TAuth, id: string) {
  return scoped(ctx, caller, async (tx) => (await presentEmployees(tx, caller, [await loadEmployee(tx, caller, id)]))[0]!);
}

/** A new employee of the caller's space. Everything is checked before the one insert: nothing half-written. */
export async function createEmployee(ctx: TModuleContext, caller: TAuth, input: TEmployeeInput) {
  const body = ZEmployeeInput.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const values = columnsOf(body) as TFields;
    await assertOldEnough(tx, caller, body.birthday);
    await validate(tx, caller, values);
    const row = await repo.insertEmployee(tx, { ...values, spaceId: caller.spaceId, secureSpacePath: caller.spacePath });
    await recordTrace(tx, caller, { ...trace(row), type: 'CREATE', payload: { name: fullNameOf(row), dni: row.dni } });
    return (await presentEmployees(tx, caller, [row]))[0]!;
  });
}

/**
 * Changes the fields sent. Changing the country clears province and municipality, changing the
 * province clears the municipality (product document section 4), unless the body sends them.
 */
export async function updateEmployee(ctx: TModuleContext, caller: TAuth, id: string, input: TEmployeePatch) {
  const body = ZEmployeePatch.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const before = await loadEmployee(tx, caller, id, true);
    employeePolicy.authorize(caller, 'update', before);
    const changes = columnsOf(body);
    if (changes.country !== undefined && changes.country !== before.country && changes.province === undefined) changes.province = null;
    if (changes.province !== undefined && changes.province !== before.province && changes.municipality === undefined) changes.municipality = null;
    const { id: _id, spaceId: _s, secureSpacePath: _p, createdAt: _c, updatedAt: _u, ...current } = before;
    const merged: Partial<TFields> = { ...current, ...changes };
    await assertOldEnough(tx, caller, changes.birthday);
    await validate(tx, caller, merged);
    if (changes.clientAccess) changes.clientAccess = merged.clientAccess;
    if (changes.areaAccess) changes.areaAccess = merged.areaAccess;
    const row = await repo.updateEmployee(tx, id, changes);
    await recordTrace(tx, caller, { ...trace(row), type: 'UPDATE', payload: { name: fullNameOf(row), changed: Object.keys(changes) } });
    return (await presentEmployees(tx, caller, [row]))[0]!;
  });
}

/** Deletes the employee; their user account stays (and may become another employee's). */
export async function deleteEmployee(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadEmployee(tx, caller, id, true);
    employeePolicy.authorize(caller, 'delete', row);
    await repo.deleteEmployee(tx, id);
    await recordTrace(tx, caller, { ...trace(row), type: 'REMOVE', payload: { name: fullNameOf(row), dni: row.dni } });
  });
  return { ok: true as const };
}
