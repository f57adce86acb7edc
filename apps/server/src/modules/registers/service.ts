import type { SQL } from 'drizzle-orm';
import { registerProblems, type TFrequency, type TRegisterStatus } from '@audit/domain/registers';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import { assertWritable } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { categoriesService } from '../categories/definition.js';
import { spaceNames } from './facilities.js';
import { loadRegister } from './load.js';
import { registerPolicy } from './policy.js';
import { presentRegisters } from './present.js';
import * as repo from './repo.js';
import { registerFacts } from './status-sql.js';

/**
 * Registers management (decision 0031): definitions, their lists by status, and what each answers.
 * Queries in repo.ts, who sees which in access.ts and load.ts, the answer's shape in present.ts.
 */
export const SECTION = 'registers';

export const searchRegisters = (ctx: TModuleContext, caller: TAuth, body: repo.TRegisterSearch, extra?: SQL) =>
  scoped(ctx, caller, async (tx) => {
    const { items, total } = await repo.searchPage(tx, caller, body, extra);
    return { items: project(await presentRegisters(tx, caller, items), body.projections), total };
  });

/**
 * The lists by status: a register's status is reckoned from its facts (the due takes of its period in
 * its space's zone, status-sql.ts), which no count query can say. So every match's status is reckoned
 * first; the page is then read like every list (readPageByIds: the total counted, the window's ids,
 * their rows in order) among the ids that have the status.
 */
export const searchByStatus = (ctx: TModuleContext, caller: TAuth, status: TRegisterStatus, body: repo.TRegisterSearch) =>
  scoped(ctx, caller, async (tx) => {
    const rows = await repo.allMatching(tx, caller, body);
    const facts = await registerFacts(tx, caller, rows);
    const ids = rows.filter((row) => facts.get(row.id)!.status === status).map((row) => row.id);
    if (!ids.length) return { items: [], total: 0 };
    const { items, total } = await repo.searchPage(tx, caller, body, repo.amongIds(ids));
    return { items: project(await presentRegisters(tx, caller, items), body.projections), total };
  });

export const getRegister = (ctx: TModuleContext, caller: TAuth, id: string) =>
  scoped(ctx, caller, async (tx) => (await presentRegisters(tx, caller, [await loadRegister(tx, caller, id)]))[0]!);

/** The registers of a client (client page). */
export const clientRegisters = (ctx: TModuleContext, caller: TAuth, clientId: string) =>
  scoped(ctx, caller, async (tx) => {
    const names = await spaceNames(tx, caller, [clientId]);
    if (!names.has(clientId)) throw notFound();
    return presentRegisters(tx, caller, await repo.clientRows(tx, caller, clientId));
  });

export interface TRegisterBody {
  name?: string;
  areaAccess?: string;
  classification?: string;
  template?: string;
  client?: string;
  establishments?: 'all' | string[];
  areas?: 'all' | string[];
  typologies?: string[];
  category?: string;
  period?: TFrequency;
  frequency?: TFrequency;
  takesPerDay?: number;
  manualCompletion?: boolean;
  dailyDisabled?: boolean;
  description?: string | null;
}

/** Every reference visible and of the right kind; establishments of the client, areas of those establishments. */
async function validateRefs(tx: TDb, caller: TAuth, merged: Required<Pick<TRegisterBody, 'client' | 'establishments' | 'areas'>> & TRegisterBody) {
  const client = (await spaceNames(tx, caller, [merged.client])).get(merged.client);
  if (!client || client.type !== 'STRUCTURE') throw invalidData(['client']);
  if (merged.template && !(await repo.templateVisible(tx, caller, merged.template))) throw invalidData(['template']);
  if (merged.category) {
    const category = await categoriesService.repo.find(tx, caller, merged.category);
    if (!category || category.type !== 'REGISTER') throw invalidData(['category']);
  }
  if (merged.typologies?.length) {
    const found = await repo.visibleTypologies(tx, caller, merged.typologies);
    if (found.length !== new Set(merged.typologies).size) throw invalidData(['typologies']);
  }
  const establishments = merged.establishments === 'all' ? [] : merged.establishments;
  const spaces = await spaceNames(tx, caller, [...establishments, ...(merged.areas === 'all' ? [] : merged.areas)]);
  if (establishments.some((e) => spaces.get(e)?.type !== 'ESTABLISHMENT' || spaces.get(e)?.parentId !== merged.client)) throw invalidData(['establishments']);
  if (merged.areas !== 'all') {
    // Each area must be an area of one of the register's establishments (with 'all', of any of the client's).
    const parents = merged.areas.map((a) => spaces.get(a));
    if (parents.some((p) => p?.type !== 'AREA' || !p.parentId)) throw invalidData(['areas']);
    const owners = await spaceNames(
      tx,
      caller,
      parents.map((p) => p!.parentId!),
    );
    const ok = (parent: string) => (merged.establishments === 'all' ? owners.get(parent)?.parentId === merged.client : establishments.includes(parent));
    if (parents.some((p) => !ok(p!.parentId!))) throw invalidData(['areas']);
  }
}

const toValues = (b: TRegisterBody) => ({
  ...(b.name !== undefined ? { name: b.name } : {}),
  ...(b.description !== undefined ? { description: b.description ?? null } : {}),
  ...(b.areaAccess !== undefined ? { areaAccess: b.areaAccess } : {}),
  ...(b.classification !== undefined ? { classification: b.classification } : {}),
  ...(b.template !== undefined ? { templateId: b.template } : {}),
  ...(b.client !== undefined ? { clientId: b.client } : {}),
  ...(b.establishments !== undefined
    ? { allEstablishments: b.establishments === 'all', establishmentIds: b.establishments === 'all' ? [] : [...new Set(b.establishments)] }
    : {}),
  ...(b.areas !== undefined ? { allAreas: b.areas === 'all', areaIds: b.areas === 'all' ? [] : [...new Set(b.areas)] } : {}),
  ...(b.typologies !== undefined ? { typologyIds: [...new Set(b.typologies)] } : {}),
  ...(b.category !== undefined ? { categoryId: b.category } : {}),
  ...(b.period !== undefined ? { period: b.period } : {}),
  ...(b.frequency !== undefined ? { frequency: b.frequency } : {}),
  ...(b.takesPerDay !== undefined ? { takesPerDay: b.takesPerDay } : {}),
  ...(b.manualCompletion !== undefined ? { manualCompletion: b.manualCompletion } : {}),
  ...(b.dailyDisabled !== undefined ? { dailyDisabled: b.dailyDisabled } : {}),
});

const traceWhere = (row: { spaceId: string; secureSpacePath: string }) => ({
  module: 'REGISTER',
  section: SECTION,
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
});

/** A new register lives in its client's space (the caller must be able to write there: 451). */
export const createRegister = (
  ctx: TModuleContext,
  caller: TAuth,
  input: TRegisterBody & Required<Pick<TRegisterBody, 'client' | 'establishments' | 'areas' | 'name'>>,
) =>
  scoped(ctx, caller, async (tx) => {
    await validateRefs(tx, caller, input);
    const clientPath = (await repo.spacePathOf(tx, input.client))!;
    assertWritable(caller, clientPath);
    const row = await repo.insertRegister(tx, {
      ...(toValues(input) as Required<ReturnType<typeof toValues>>),
      spaceId: input.client,
      secureSpacePath: clientPath,
      createdBy: caller.userId,
    });
    await recordTrace(tx, caller, { ...traceWhere(row), type: 'CREATE', entityId: row.id, payload: input });
    return (await presentRegisters(tx, caller, [row]))[0]!;
  });

/** Once a register has data, only name, areas and description change (decision 0031). */
const EDITABLE_WITH_DATA = new Set(['name', 'areas', 'description']);

export const updateRegister = (ctx: TModuleContext, caller: TAuth, id: string, input: TRegisterBody) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadRegister(tx, caller, id);
    registerPolicy.authorize(caller, 'update', before);
    const data = await repo.hasLogs(tx, id);
    const changed = Object.keys(input).filter((k) => input[k as keyof TRegisterBody] !== undefined);
    if (data) {
      const locked = changed.filter((k) => !EDITABLE_WITH_DATA.has(k));
      if (locked.length) throw invalidData(locked);
    }
    const merged = {
      classification: before.classification,
      typologies: before.typologyIds,
      period: before.period as TFrequency,
      frequency: before.frequency as TFrequency,
      takesPerDay: before.takesPerDay,
      client: before.clientId,
      establishments: before.allEstablishments ? ('all' as const) : before.establishmentIds,
      areas: before.allAreas ? ('all' as const) : before.areaIds,
      ...input,
    };
    // Typologies belong to measurement registers only: another classification clears them.
    if (input.classification && input.classification !== 'measurement' && input.typologies === undefined) merged.typologies = [];
    const problems = registerProblems(merged);
    if (problems.length) throw invalidData(problems);
    if (input.client && input.client !== before.clientId) throw invalidData(['client']);
    await validateRefs(tx, caller, merged);
    await repo.updateRegister(tx, id, { ...toValues({ ...input, typologies: merged.typologies }), updatedAt: new Date() });
    await recordTrace(tx, caller, { ...traceWhere(before), type: 'UPDATE', entityId: id, payload: { after: input } });
    return (await presentRegisters(tx, caller, [(await repo.findById(tx, id))!]))[0]!;
  });

/** The frequency may change with data (a new sheet follows it); it must fit the period. */
export const updateFrequency = (ctx: TModuleContext, caller: TAuth, id: string, frequency: TFrequency) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadRegister(tx, caller, id);
    registerPolicy.authorize(caller, 'update', before);
    const problems = registerProblems({ period: before.period as TFrequency, frequency, takesPerDay: before.takesPerDay });
    if (problems.length) throw invalidData(problems);
    await repo.updateRegister(tx, id, { frequency, updatedAt: new Date() });
    await recordTrace(tx, caller, {
      ...traceWhere(before),
      type: 'UPDATE',
      entityId: id,
      payload: { before: { frequency: before.frequency }, after: { frequency } },
    });
    return (await presentRegisters(tx, caller, [(await repo.findById(tx, id))!]))[0]!;
  });

/**
 * Deleting a register with logs needs `force` (the web's reference warning says how many values go
 * with it): 420 with the count otherwise.
 */
export const removeRegister = (ctx: TModuleContext, caller: TAuth, id: string, force: boolean) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadRegister(tx, caller, id);
    registerPolicy.authorize(caller, 'delete', before);
    const logs = await repo.countLogs(tx, id);
    if (logs && !force) throw new AppError('alreadyExists', ['logs']);
    await repo.deleteRegister(tx, id);
    await recordTrace(tx, caller, { ...traceWhere(before), type: 'REMOVE', entityId: id, payload: { name: before.name, logs } });
    return { ok: true as const, logs };
  });
