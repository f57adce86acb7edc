import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AREA_ACCESSES, CLASSIFICATIONS, FREQUENCIES } from '@audit/domain/registers';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { buildSearch, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { inCatalogueScope } from '../../platform/tenancy.js';
import { accessPredicate, visibleRegister } from './access.js';
import { registerLogs, registers as reg, registerTemplates, typologies } from './tables.js';

/** Queries of the registers table (decision 0031), always within what the caller sees (access.ts). */
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

/** A page of the registers matching the search. Registers do not notify their changes (no list_totals trigger): every page counts. */
export function searchPage(tx: TDb, caller: TAuth, body: TRegisterSearch, extra?: SQL) {
  const { q, where } = searchWhere(caller, body, extra);
  return readPageByIds({ tx, table: reg, idColumn: reg.id, where, q });
}

/**
 * Every register matching the search's filters (in no order, no page): the lists by status reckon
 * each one's status (status-sql.ts), then read their page with `searchPage` over the ids that have it.
 */
export function allMatching(tx: TDb, caller: TAuth, body: TRegisterSearch) {
  return tx.select().from(reg).where(searchWhere(caller, body).where);
}

/** Only the registers of these ids (one array parameter, however many). */
export const amongIds = (ids: string[]) => sql`${reg.id} = any(${`{${ids.join(',')}}`}::uuid[])`;

/** A register the caller sees, by id. */
export async function findVisible(tx: TDb, caller: TAuth, id: string) {
  const [row] = await tx
    .select()
    .from(reg)
    .where(and(eq(reg.id, id), visibleRegister(caller)))
    .limit(1);
  return row;
}

/** A register by id (after a write the caller may make). */
export async function findById(tx: TDb, id: string) {
  const [row] = await tx.select().from(reg).where(eq(reg.id, id));
  return row;
}

/** The registers of a client the caller sees within their registersAccess, by name. */
export function clientRows(tx: TDb, caller: TAuth, clientId: string) {
  return tx
    .select()
    .from(reg)
    .where(and(visibleRegister(caller), eq(reg.clientId, clientId), accessPredicate(caller.access.registers)))
    .orderBy(reg.name);
}

/** Names of the visible register templates among `ids`. */
export function templateNames(tx: TDb, caller: TAuth, ids: string[]) {
  return tx
    .select({ id: registerTemplates.id, name: registerTemplates.name })
    .from(registerTemplates)
    .where(and(inArray(registerTemplates.id, ids), inCatalogueScope(registerTemplates.secureSpacePath, caller)));
}

/** Whether the register template is visible to the caller. */
export async function templateVisible(tx: TDb, caller: TAuth, id: string) {
  const [t] = await tx
    .select({ id: registerTemplates.id })
    .from(registerTemplates)
    .where(and(eq(registerTemplates.id, id), inCatalogueScope(registerTemplates.secureSpacePath, caller)))
    .limit(1);
  return Boolean(t);
}

/** Names of the visible typologies among `ids`. */
export function typologyNames(tx: TDb, caller: TAuth, ids: string[]) {
  return tx
    .select({ id: typologies.id, name: typologies.name })
    .from(typologies)
    .where(and(inArray(typologies.id, ids), inCatalogueScope(typologies.secureSpacePath, caller)));
}

/** The visible typologies among `ids`. */
export function visibleTypologies(tx: TDb, caller: TAuth, ids: string[]) {
  return tx
    .select({ id: typologies.id })
    .from(typologies)
    .where(and(inArray(typologies.id, ids), inCatalogueScope(typologies.secureSpacePath, caller)));
}

/** Which of the registers have logs. */
export async function withLogs(tx: TDb, ids: string[]) {
  return new Set((await tx.selectDistinct({ id: registerLogs.registerId }).from(registerLogs).where(inArray(registerLogs.registerId, ids))).map((r) => r.id));
}

/** Whether the register has any log. */
export async function hasLogs(tx: TDb, id: string) {
  const [data] = await tx.select({ id: registerLogs.id }).from(registerLogs).where(eq(registerLogs.registerId, id)).limit(1);
  return Boolean(data);
}

export async function countLogs(tx: TDb, id: string) {
  const [{ logs }] = await tx
    .select({ logs: sql<number>`count(*)::int` })
    .from(registerLogs)
    .where(eq(registerLogs.registerId, id));
  return logs;
}

/** The secure space path of a (client) space. */
export async function spacePathOf(tx: TDb, id: string) {
  const [client] = await tx.execute<{ secure_space_path: string }>(sql`select secure_space_path from spaces where id = ${id}`).then((r) => r.rows);
  return client?.secure_space_path;
}

export async function insertRegister(tx: TDb, values: typeof reg.$inferInsert) {
  const [row] = await tx.insert(reg).values(values).returning();
  return row!;
}

export async function updateRegister(tx: TDb, id: string, values: Partial<typeof reg.$inferInsert>) {
  await tx.update(reg).set(values).where(eq(reg.id, id));
}

export async function deleteRegister(tx: TDb, id: string) {
  await tx.delete(reg).where(eq(reg.id, id));
}
