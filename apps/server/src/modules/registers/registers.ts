import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AREA_ACCESSES,
  CLASSIFICATIONS,
  FREQUENCIES,
  registerProblems,
  type TFrequency,
  type TRegisterOut,
  type TRegisterStatus,
} from '@audit/domain/registers';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import type { TRegisterAccess } from '../../platform/identity.js';
import { AppError, forbidden, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { assertWritable, inCatalogueScope } from '../../platform/tenancy.js';
import { visibleRegister } from './access.js';
import { recordTrace } from '../../platform/trace.js';
import { categoriesService } from '../categories/definition.js';
import { timeZoneOfPath } from '../spaces/service.js';
import { spaceNames } from './facilities.js';
import { registerFacts } from './status-sql.js';
import { registerPolicy, withinRegistersAccess } from './policy.js';
import { registerLogs, registers as reg, registerTemplates, typologies, type TRegisterRow } from './tables.js';

/** Registers management (decision 0031): definitions, their lists by status, and what each answers. */
export const SECTION = 'registers';

export const registerSearch: TSearchDefinition = {
  fields: {
    name: { column: reg.name, type: 'text' },
    description: { column: reg.description, type: 'text' },
    areaAccess: { column: reg.areaAccess, type: 'enum', values: AREA_ACCESSES },
    classification: { column: reg.classification, type: 'enum', values: CLASSIFICATIONS },
    period: { column: reg.period, type: 'enum', values: FREQUENCIES },
    frequency: { column: reg.frequency, type: 'enum', values: FREQUENCIES },
    client: { column: reg.clientId, type: 'uuid' },
    template: { column: reg.templateId, type: 'uuid' },
    category: { column: reg.categoryId, type: 'uuid' },
    createdAt: { column: reg.createdAt, type: 'date' },
    _id: { column: reg.id, type: 'uuid', sortable: false },
  },
  searchColumns: [reg.name, reg.description],
  defaultSort: { field: 'name', direction: 'asc' },
};

/** The registersAccess of the caller as a predicate (an empty list: no restriction). */
export function accessPredicate(access: TRegisterAccess[]): SQL | undefined {
  if (!access.length) return undefined;
  return or(
    ...access.map((a) =>
      and(
        eq(reg.areaAccess, a.areaAccess),
        a.category ? eq(reg.categoryId, a.category) : undefined,
        a.registers?.length ? inArray(reg.id, a.registers) : undefined,
      ),
    ),
  );
}

/** A visible register within the caller's registersAccess: 404 when not visible, 452 outside the access. */
export async function loadRegister(tx: TDb, caller: TAuth, id: string) {
  const [row] = await tx
    .select()
    .from(reg)
    .where(and(eq(reg.id, id), visibleRegister(caller)))
    .limit(1);
  if (!row) throw notFound();
  if (!withinRegistersAccess(caller.access.registers, row)) throw forbidden();
  return row;
}

export const zoneOf = (tx: TDb, row: Pick<TRegisterRow, 'secureSpacePath'>) => timeZoneOfPath(tx, row.secureSpacePath);

async function refNames(tx: TDb, caller: TAuth, rows: TRegisterRow[]) {
  const templates = rows.length
    ? await tx
        .select({ id: registerTemplates.id, name: registerTemplates.name })
        .from(registerTemplates)
        .where(and(inArray(registerTemplates.id, [...new Set(rows.map((r) => r.templateId))]), inCatalogueScope(registerTemplates.secureSpacePath, caller)))
    : [];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId).filter((c): c is string => Boolean(c)))];
  const cats = await categoriesService.repo.findMany(tx, caller, categoryIds);
  const typologyIds = [...new Set(rows.flatMap((r) => r.typologyIds))];
  const types = typologyIds.length
    ? await tx
        .select({ id: typologies.id, name: typologies.name })
        .from(typologies)
        .where(and(inArray(typologies.id, typologyIds), inCatalogueScope(typologies.secureSpacePath, caller)))
    : [];
  const spaces = await spaceNames(
    tx,
    caller,
    rows.flatMap((r) => [r.clientId, ...r.establishmentIds, ...r.areaIds]),
  );
  const named = (map: Map<string, string>, id: string) => ({ _id: id, name: map.get(id) ?? '' });
  return {
    template: (id: string) => named(new Map(templates.map((t) => [t.id, t.name])), id),
    category: (id: string | null) => (id && cats.some((c) => c.id === id) ? { _id: id, name: cats.find((c) => c.id === id)!.name } : null),
    typology: (id: string) => named(new Map(types.map((t) => [t.id, t.name])), id),
    space: (id: string) => ({ _id: id, name: spaces.get(id)?.name ?? '' }),
  };
}

/** Registers as answered, each with its status and totals, for the caller. */
export async function presentRegisters(tx: TDb, caller: TAuth, rows: TRegisterRow[]): Promise<TRegisterOut[]> {
  const refs = await refNames(tx, caller, rows);
  const withData = rows.length
    ? new Set(
        (
          await tx
            .selectDistinct({ id: registerLogs.registerId })
            .from(registerLogs)
            .where(
              inArray(
                registerLogs.registerId,
                rows.map((r) => r.id),
              ),
            )
        ).map((r) => r.id),
      )
    : new Set<string>();
  const facts = await registerFacts(tx, caller, rows);
  const out: TRegisterOut[] = [];
  for (const row of rows) {
    const { facilities, establishments, status } = facts.get(row.id)!;
    out.push({
      _id: row.id,
      name: row.name,
      description: row.description,
      areaAccess: row.areaAccess as TRegisterOut['areaAccess'],
      classification: row.classification as TRegisterOut['classification'],
      template: refs.template(row.templateId),
      client: refs.space(row.clientId),
      category: refs.category(row.categoryId),
      establishments: row.allEstablishments ? 'all' : row.establishmentIds.map(refs.space),
      areas: row.allAreas ? 'all' : row.areaIds.map(refs.space),
      establishmentsTotal: establishments,
      areasTotal: facilities.length,
      typologies: row.typologyIds.map(refs.typology),
      period: row.period as TFrequency,
      frequency: row.frequency as TFrequency,
      takesPerDay: row.takesPerDay,
      manualCompletion: row.manualCompletion,
      dailyDisabled: row.dailyDisabled,
      hasData: withData.has(row.id),
      status,
      createdAt: iso(row.createdAt)!,
      can: registerPolicy.canAll(caller, row),
    });
  }
  return out;
}

export interface TRegisterSearch extends TSearchBody {
  area?: string | null;
  establishments?: string[] | null;
  dateRange?: [string, string] | null;
}

function searchWhere(caller: TAuth, body: TRegisterSearch, extra?: SQL) {
  const q = buildSearch(registerSearch, body);
  const establishments = body.establishments?.length
    ? or(eq(reg.allEstablishments, true), sql`${reg.establishmentIds} && ${sql.raw(`'{${body.establishments.join(',')}}'`)}::uuid[]`)
    : undefined;
  const where = and(
    visibleRegister(caller),
    accessPredicate(caller.access.registers),
    body.area ? eq(reg.areaAccess, body.area) : undefined,
    establishments,
    body.dateRange ? sql`${reg.createdAt} < (${body.dateRange[1]}::date + 1)` : undefined,
    extra,
    q.where,
  );
  return { q, where };
}

export const searchRegisters = (ctx: TModuleContext, caller: TAuth, body: TRegisterSearch, extra?: SQL) =>
  scoped(ctx, caller, async (tx) => {
    const { q, where } = searchWhere(caller, body, extra);
    // Registers do not notify their changes (no list_totals trigger): every page counts.
    const { items, total } = await readPageByIds({ tx, table: reg, idColumn: reg.id, where, q });
    return { items: project(await presentRegisters(tx, caller, items), body.projections), total };
  });

/** The lists by status: every matching register's status is reckoned, then the page is cut. */
export const searchByStatus = (ctx: TModuleContext, caller: TAuth, status: TRegisterStatus, body: TRegisterSearch) =>
  scoped(ctx, caller, async (tx) => {
    const { q, where } = searchWhere(caller, body);
    const rows = await tx
      .select()
      .from(reg)
      .where(where)
      .orderBy(...q.orderBy);
    const facts = await registerFacts(tx, caller, rows);
    const matching = rows.filter((row) => facts.get(row.id)!.status === status);
    const page = matching.slice(q.offset, q.offset + q.limit);
    return { items: project(await presentRegisters(tx, caller, page), body.projections), total: matching.length };
  });

export const getRegister = (ctx: TModuleContext, caller: TAuth, id: string) =>
  scoped(ctx, caller, async (tx) => (await presentRegisters(tx, caller, [await loadRegister(tx, caller, id)]))[0]!);

/** The registers of a client (client page). */
export const clientRegisters = (ctx: TModuleContext, caller: TAuth, clientId: string) =>
  scoped(ctx, caller, async (tx) => {
    const names = await spaceNames(tx, caller, [clientId]);
    if (!names.has(clientId)) throw notFound();
    const rows = await tx
      .select()
      .from(reg)
      .where(and(visibleRegister(caller), eq(reg.clientId, clientId), accessPredicate(caller.access.registers)))
      .orderBy(reg.name);
    return presentRegisters(tx, caller, rows);
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
  if (merged.template) {
    const [t] = await tx
      .select({ id: registerTemplates.id })
      .from(registerTemplates)
      .where(and(eq(registerTemplates.id, merged.template), inCatalogueScope(registerTemplates.secureSpacePath, caller)))
      .limit(1);
    if (!t) throw invalidData(['template']);
  }
  if (merged.category) {
    const category = await categoriesService.repo.find(tx, caller, merged.category);
    if (!category || category.type !== 'REGISTER') throw invalidData(['category']);
  }
  if (merged.typologies?.length) {
    const found = await tx
      .select({ id: typologies.id })
      .from(typologies)
      .where(and(inArray(typologies.id, merged.typologies), inCatalogueScope(typologies.secureSpacePath, caller)));
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
    const [client] = await tx.execute<{ secure_space_path: string }>(sql`select secure_space_path from spaces where id = ${input.client}`).then((r) => r.rows);
    assertWritable(caller, client!.secure_space_path);
    const [row] = await tx
      .insert(reg)
      .values({
        ...(toValues(input) as Required<ReturnType<typeof toValues>>),
        spaceId: input.client,
        secureSpacePath: client!.secure_space_path,
        createdBy: caller.userId,
      })
      .returning();
    await recordTrace(tx, caller, { ...traceWhere(row!), type: 'CREATE', entityId: row!.id, payload: input });
    return (await presentRegisters(tx, caller, [row!]))[0]!;
  });

/** Once a register has data, only name, areas and description change (decision 0031). */
const EDITABLE_WITH_DATA = new Set(['name', 'areas', 'description']);

export const updateRegister = (ctx: TModuleContext, caller: TAuth, id: string, input: TRegisterBody) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadRegister(tx, caller, id);
    registerPolicy.authorize(caller, 'update', before);
    const [data] = await tx.select({ id: registerLogs.id }).from(registerLogs).where(eq(registerLogs.registerId, id)).limit(1);
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
    await tx
      .update(reg)
      .set({ ...toValues({ ...input, typologies: merged.typologies }), updatedAt: new Date() })
      .where(eq(reg.id, id));
    await recordTrace(tx, caller, { ...traceWhere(before), type: 'UPDATE', entityId: id, payload: { after: input } });
    const [row] = await tx.select().from(reg).where(eq(reg.id, id));
    return (await presentRegisters(tx, caller, [row!]))[0]!;
  });

/** The frequency may change with data (a new sheet follows it); it must fit the period. */
export const updateFrequency = (ctx: TModuleContext, caller: TAuth, id: string, frequency: TFrequency) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadRegister(tx, caller, id);
    registerPolicy.authorize(caller, 'update', before);
    const problems = registerProblems({ period: before.period as TFrequency, frequency, takesPerDay: before.takesPerDay });
    if (problems.length) throw invalidData(problems);
    await tx.update(reg).set({ frequency, updatedAt: new Date() }).where(eq(reg.id, id));
    await recordTrace(tx, caller, {
      ...traceWhere(before),
      type: 'UPDATE',
      entityId: id,
      payload: { before: { frequency: before.frequency }, after: { frequency } },
    });
    const [row] = await tx.select().from(reg).where(eq(reg.id, id));
    return (await presentRegisters(tx, caller, [row!]))[0]!;
  });

/**
 * Deleting a register with logs needs `force` (the web's reference warning says how many values go
 * with it): 420 with the count otherwise.
 */
export const removeRegister = (ctx: TModuleContext, caller: TAuth, id: string, force: boolean) =>
  scoped(ctx, caller, async (tx) => {
    const before = await loadRegister(tx, caller, id);
    registerPolicy.authorize(caller, 'delete', before);
    const [{ logs }] = await tx
      .select({ logs: sql<number>`count(*)::int` })
      .from(registerLogs)
      .where(eq(registerLogs.registerId, id));
    if (logs && !force) throw new AppError('alreadyExists', ['logs']);
    await tx.delete(reg).where(eq(reg.id, id));
    await recordTrace(tx, caller, { ...traceWhere(before), type: 'REMOVE', entityId: id, payload: { name: before.name, logs } });
    return { ok: true as const, logs };
  });
