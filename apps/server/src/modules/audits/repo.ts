import { and, desc, eq, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIT_STATUSES, RISKS } from '@audit/domain/audits';
import type { TSearchBody, TSearchFilter } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { buildSearch, readPage, type TSearchDefinition } from '../../platform/search.js';
import type { TTotals } from '../../platform/totals.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { audits, type TAuditRow } from './tables.js';
import { visibleAuditStatus, type TAuditReader } from './policy.js';

/** Who reads audits: the scope, and what the audit policy's visibility rule reads of the caller. */
export type TAuditScope = TScope & TAuditReader;
/** The audits the caller may see: in their scope, and finished unless they are the company's (decision 0061). */
const visibleAudits = (scope: TAuditScope) => and(withinScope(audits.secureSpacePath, scope), visibleAuditStatus(scope, audits.status));

/**
 * Queries of the audit row. Names of what an audit points at come in the same query as raw
 * subqueries (qualified "audits"."…" names: drizzle renders ${audits.x} bare, which a subquery
 * would rebind), read under the caller's scope: a name the caller cannot see comes back null.
 */
const personName = (column: string) =>
  sql<string | null>`(select u.first_name || coalesce(' ' || u.last_name, '') from users u where u.id = "audits".${sql.identifier(column)})`;
const spaceName = (column: string) => sql<string | null>`(select s.name from spaces s where s.id = "audits".${sql.identifier(column)})`;

export const refColumns = {
  clientName: spaceName('client_id'),
  establishmentName: spaceName('establishment_id'),
  serviceName: sql<string | null>`(select v.name from services v where v.id = "audits"."service_id")`,
  isPoolService: sql<boolean | null>`(select v.is_pool_service from services v where v.id = "audits"."service_id")`,
  areaAccessName: sql<string | null>`(select t.name from area_types t where t.id = "audits"."area_access_id")`,
  auditorName: personName('auditor_id'),
  ownerName: personName('owner_id'),
};
const headColumns = { row: audits, ...refColumns };
export interface TAuditHead {
  row: TAuditRow;
  clientName: string | null;
  establishmentName: string | null;
  serviceName: string | null;
  isPoolService: boolean | null;
  areaAccessName: string | null;
  auditorName: string | null;
  ownerName: string | null;
}

/** `startDate` (and the other dates) filter by `{from, to}`, `[from, to]`, or one date with an operator. */
function dateFilter(column: AnyColumn, name: string) {
  const parse = (value: unknown) => {
    const date = value === null || value === '' ? undefined : z.coerce.date().safeParse(value);
    if (!date?.success || Number.isNaN(date.data.getTime())) throw invalidData([`filters.${name}`]);
    return date.data;
  };
  return (operator: TSearchFilter['operator'], value: unknown): SQL => {
    if (Array.isArray(value)) {
      if (value.length !== 2) throw invalidData([`filters.${name}`]);
      return sql`${column} between ${parse(value[0])} and ${parse(value[1])}`;
    }
    if (value && typeof value === 'object') {
      const { from, to } = value as { from?: unknown; to?: unknown };
      const parts = [from != null ? sql`${column} >= ${parse(from)}` : undefined, to != null ? sql`${column} <= ${parse(to)}` : undefined].filter(Boolean);
      if (!parts.length) throw invalidData([`filters.${name}`]);
      return and(...parts)!;
    }
    const date = parse(value);
    const ops: Partial<Record<TSearchFilter['operator'], SQL>> = { gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=`, eq: sql`=` };
    const op = ops[operator];
    if (!op) throw invalidData([`filters.${name}`]);
    return sql`${column} ${op} ${date}`;
  };
}

export const auditSearch: TSearchDefinition = {
  fields: {
    client: { column: audits.clientId, type: 'uuid' },
    establishment: { column: audits.establishmentId, type: 'uuid' },
    service: { column: audits.serviceId, type: 'uuid' },
    template: { column: audits.templateId, type: 'uuid' },
    auditor: { column: audits.auditorId, type: 'uuid' },
    owner: { column: audits.ownerId, type: 'uuid' },
    status: { column: audits.status, type: 'enum', values: AUDIT_STATUSES },
    risk: { column: audits.recalculatedRisk, type: 'enum', values: RISKS },
    templateName: { column: audits.templateName, type: 'text' },
    language: { column: audits.language, type: 'text' },
    percentage: { column: audits.percentage, type: 'number' },
    startDate: { column: audits.startDate, type: 'date', filter: dateFilter(audits.startDate, 'startDate') },
    finishedDate: { column: audits.finishedDate, type: 'date', filter: dateFilter(audits.finishedDate, 'finishedDate') },
    createdAt: { column: audits.createdAt, type: 'date', filter: dateFilter(audits.createdAt, 'createdAt') },
    updatedAt: { column: audits.updatedAt, type: 'date' },
    _id: { column: audits.id, type: 'uuid', sortable: false },
  },
  // Template, client or establishment name, matched by ids in list_match_audits (migrations 0018 and
  // 0040: under RLS an ILIKE cannot use its index; an id can, and an array of client ids the planner
  // cannot see was estimated from the column's few distinct values). A name of a client or
  // establishment the caller cannot see matches nothing, as before.
  searchColumns: [(pattern) => sql`"audits"."id" = any(array(select list_match_audits(${pattern})))`],
  defaultSort: { field: 'startDate', direction: 'desc' },
};

/** A page of audits: the page's ids first, the names joined to those rows only (decision 0028). */
export async function searchAudits(tx: TDb, scope: TAuditScope, body: TSearchBody, totals?: TTotals) {
  const q = buildSearch(auditSearch, body);
  const where = and(visibleAudits(scope), q.where);
  return readPage({
    totals,
    tables: ['audits', 'spaces'],
    scopePath: scope.spacePath,
    count: tx
      .select({ total: sql<number>`count(*)::int` })
      .from(audits)
      .where(where),
    q,
    read: async (window) => {
      const ids = tx
        .select({ id: audits.id })
        .from(audits)
        .where(where)
        .orderBy(...window.orderBy)
        .limit(window.limit)
        .offset(window.offset);
      const rows = await tx
        .select(headColumns)
        .from(audits)
        .where(inArray(audits.id, ids))
        .orderBy(...q.orderBy);
      return rows as TAuditHead[];
    },
  });
}

/** The audit with the names it points at, or undefined outside the caller's scope. */
export async function findAuditHead(tx: TDb, scope: TAuditScope, id: string): Promise<TAuditHead | undefined> {
  const [row] = await tx
    .select(headColumns)
    .from(audits)
    .where(and(eq(audits.id, id), visibleAudits(scope)))
    .limit(1);
  return row as TAuditHead | undefined;
}

export async function findAudit(tx: TDb, scope: TAuditScope, id: string): Promise<TAuditRow | undefined> {
  const [row] = await tx
    .select()
    .from(audits)
    .where(and(eq(audits.id, id), visibleAudits(scope)))
    .limit(1);
  return row;
}

/** The last finished audit of the same establishment, service and template (for "start from last"). */
export async function findLastFinished(tx: TDb, scope: TScope, of: { establishmentId: string; serviceId: string; templateId: string }) {
  const [row] = await tx
    .select({ id: audits.id })
    .from(audits)
    .where(
      and(
        withinScope(audits.secureSpacePath, scope),
        eq(audits.establishmentId, of.establishmentId),
        eq(audits.serviceId, of.serviceId),
        eq(audits.templateId, of.templateId),
        eq(audits.status, 'finished'),
        isNotNull(audits.finishedDate),
      ),
    )
    .orderBy(desc(audits.finishedDate))
    .limit(1);
  return row?.id ?? null;
}

export async function insertAudit(tx: TDb, values: typeof audits.$inferInsert): Promise<TAuditRow> {
  const [row] = await tx.insert(audits).values(values).returning();
  return row!;
}

export async function updateAudit(tx: TDb, id: string, values: Partial<typeof audits.$inferInsert>): Promise<TAuditRow> {
  const [row] = await tx
    .update(audits)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(audits.id, id))
    .returning();
  return row!;
}

/** Marks the audit changed and holds its row lock for the rest of the transaction (section order changes). */
export async function lockAudit(tx: TDb, id: string) {
  await tx.update(audits).set({ updatedAt: new Date() }).where(eq(audits.id, id));
}

/** The calendar's filters on the audit row (decision 0087). */
export interface TVisitFilters {
  client?: string;
  establishment?: string;
  auditor?: string;
  service?: string;
}
/** Never more rows than this in one calendar read (a month of one office is about 2,000). */
export const VISITS_MAX = 5000;

/** A stored day instant (the UTC start or end of the day, as the wizard stores it) as its "YYYY-MM-DD". */
const storedDay = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The visits whose date range meets [from, to], with the names they point at: the light columns
 * the calendar draws, under the same visibility as the list (decision 0087). The overlap is the
 * gist index's expression (audits_dates_range_idx); the names are read once per distinct id
 * rather than per row (a month of 2,000 visits names a few dozen places), in the same scope, so a
 * name the caller cannot see is null as in the list.
 */
export async function visitsBetween(tx: TDb, scope: TAuditScope, range: { from: Date; to: Date }, filters: TVisitFilters) {
  const by = (column: AnyColumn, value: string | undefined) => (value ? eq(column, value) : undefined);
  const rows = await tx
    .select({
      id: audits.id,
      status: audits.status,
      from: storedDay(audits.dateFrom),
      to: storedDay(audits.dateTo),
      startDate: storedDay(audits.startDate),
      clientId: audits.clientId,
      establishmentId: audits.establishmentId,
      serviceId: audits.serviceId,
      auditorId: audits.auditorId,
      templateName: audits.templateName,
    })
    .from(audits)
    .where(
      and(
        visibleAudits(scope),
        sql`tstzrange(least(${audits.dateFrom}, ${audits.dateTo}), greatest(${audits.dateFrom}, ${audits.dateTo}), '[]') && tstzrange(${range.from}::timestamptz, ${range.to}::timestamptz, '[]')`,
        by(audits.clientId, filters.client),
        by(audits.establishmentId, filters.establishment),
        by(audits.auditorId, filters.auditor),
        by(audits.serviceId, filters.service),
      ),
    )
    .orderBy(audits.dateFrom, audits.id)
    .limit(VISITS_MAX);
  const names = await namesOf(tx, rows);
  // Named in place: a month is thousands of rows, and each copy is garbage to collect.
  return rows.map((row) =>
    Object.assign(row, {
      clientName: names.spaces.get(row.clientId) ?? null,
      establishmentName: names.spaces.get(row.establishmentId) ?? null,
      serviceName: names.services.get(row.serviceId) ?? null,
      auditorName: row.auditorId ? (names.users.get(row.auditorId) ?? null) : null,
    }),
  );
}

/** The names of the places, services and auditors some visits point at: one query each, its distinct ids as one array parameter. */
async function namesOf(tx: TDb, rows: { clientId: string; establishmentId: string; serviceId: string; auditorId: string | null }[]) {
  const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const read = async (ids: string[], query: (list: SQL) => SQL) => {
    if (!ids.length) return new Map<string, string>();
    const result = await tx.execute<{ id: string; name: string | null }>(query(sql`${sql.param(ids)}::uuid[]`));
    return new Map(result.rows.filter((r) => r.name !== null).map((r) => [r.id, r.name!]));
  };
  const places = distinct(rows.flatMap((r) => [r.clientId, r.establishmentId]));
  const services = distinct(rows.map((r) => r.serviceId));
  const users = distinct(rows.map((r) => r.auditorId));
  return {
    spaces: await read(places, (list) => sql`select id, name from spaces where id = any(${list})`),
    services: await read(services, (list) => sql`select id, name from services where id = any(${list})`),
    users: await read(users, (list) => sql`select id, first_name || coalesce(' ' || last_name, '') as name from users where id = any(${list})`),
  };
}
export type TVisitRow = Awaited<ReturnType<typeof visitsBetween>>[number];
