import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { SPACE_TYPES } from '@audit/domain/constants';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, readPage, type TSearchDefinition } from '../../platform/search.js';
import type { TTotals } from '../../platform/totals.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
// eslint-disable-next-line import-x/no-restricted-paths -- a structure IS a space row plus its details row; the search pages and sorts over both in one join (decision 0019). Writes go through the spaces service.
import { spaces } from '../spaces/tables.js';
import { structureDetails as d } from './tables.js';

/**
 * A structure is a space (read here, written through the spaces service) with its details row.
 * Raw subqueries name the outer table qualified ("spaces"."id"): drizzle renders ${spaces.id} bare.
 */
const childrenCount = sql<number>`(select count(*)::int from spaces c where c.parent_id = "spaces"."id")`;

const columns = {
  id: spaces.id,
  parentId: spaces.parentId,
  identifier: spaces.identifier,
  name: spaces.name,
  typeStructure: spaces.typeStructure,
  secureSpacePath: spaces.secureSpacePath,
  timeZone: spaces.timeZone,
  spaceCreatedAt: spaces.createdAt,
  code: d.code,
  cif: d.cif,
  country: d.country,
  province: d.province,
  provinceOrState: d.provinceOrState,
  municipality: d.municipality,
  address: d.address,
  zipCode: d.zipCode,
  phones: d.phones,
  fax: d.fax,
  email: d.email,
  billingEmail: d.billingEmail,
  auditReportEmail: d.auditReportEmail,
  analyticalReportEmail: d.analyticalReportEmail,
  contactPerson: d.contactPerson,
  paymentType: d.paymentType,
  activities: d.activities,
  company: d.company,
  socialReason: d.socialReason,
  active: d.active,
  inactivityDate: d.inactivityDate,
  openMonth: d.openMonth,
  closeMonth: d.closeMonth,
  visitDays: d.visitDays,
  notVisitDays: d.notVisitDays,
  areaType: d.areaType,
  image: d.image,
  updatedAt: d.updatedAt,
  childrenCount,
};
const select = (tx: TDb) => tx.select(columns).from(spaces).leftJoin(d, eq(d.spaceId, spaces.id));
export type TStructureRow = Awaited<ReturnType<typeof select>>[number];

const uuidList = (value: unknown) => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v));

/** Spaces strictly below the given one (a client's establishments, an establishment's areas). */
const below = (_op: string, value: unknown): SQL => {
  const ids = uuidList(value);
  if (!ids.length) return sql`false`;
  return sql`(${sql.join(
    ids.map((id) => sql`(${spaces.secureSpacePath} like ${`%/${id}/%`} and ${spaces.id} <> ${id})`),
    sql` or `,
  )})`;
};

export const structureSearch: TSearchDefinition = {
  fields: {
    name: { column: spaces.name, type: 'text' },
    type: { column: spaces.typeStructure, type: 'enum', values: SPACE_TYPES },
    typeStructure: { column: spaces.typeStructure, type: 'enum', values: SPACE_TYPES },
    parent: { column: spaces.parentId, type: 'uuid' },
    secureSpacePath: { column: spaces.secureSpacePath, type: 'text' },
    client: { column: spaces.secureSpacePath, type: 'uuid', sortable: false, filter: below },
    establishment: { column: spaces.secureSpacePath, type: 'uuid', sortable: false, filter: below },
    ancestor: { column: spaces.secureSpacePath, type: 'uuid', sortable: false, filter: below },
    code: { column: d.code, type: 'text' },
    cif: { column: d.cif, type: 'text' },
    country: { column: d.country, type: 'uuid' },
    province: { column: d.province, type: 'uuid' },
    municipality: { column: d.municipality, type: 'uuid' },
    zipCode: { column: d.zipCode, type: 'number' },
    email: { column: d.email, type: 'text' },
    contactPerson: { column: d.contactPerson, type: 'text' },
    active: { column: sql`coalesce(${d.active}, true)`, type: 'boolean' },
    inactivityDate: { column: d.inactivityDate, type: 'date' },
    paymentType: { column: d.paymentType, type: 'uuid' },
    company: { column: d.company, type: 'uuid' },
    socialReason: { column: d.socialReason, type: 'uuid' },
    areaType: { column: d.areaType, type: 'uuid' },
    activities: {
      column: d.activities,
      type: 'uuid',
      sortable: false,
      filter: (_op, value) => {
        const ids = uuidList(value);
        return ids.length
          ? sql`${d.activities} && array[${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}]::uuid[]`
          : sql`false`;
      },
    },
    createdAt: { column: spaces.createdAt, type: 'date' },
    _id: { column: spaces.id, type: 'uuid', sortable: false },
  },
  // Name, code, CIF, e-mail, contact and address, matched by list_match_structures (migration 0018:
  // under RLS an ILIKE cannot use its index).
  searchColumns: [(pattern) => sql`"spaces"."id" = any(array(select list_match_structures(${pattern})))`],
  defaultSort: { field: 'name', direction: 'asc' },
};

/** Structures of the caller's scope (never a company's root space), narrowed by `extra`. */
export async function searchStructures(tx: TDb, scope: TScope, body: TSearchBody, extra?: SQL, totals?: TTotals) {
  const q = buildSearch(structureSearch, body);
  const where = and(withinScope(spaces.secureSpacePath, scope), isNotNull(spaces.parentId), extra, q.where);
  // The page's ids first, the children counts joined to those rows only (decision 0028).
  return readPage({
    totals,
    tables: ['spaces', 'structure_details'],
    scopePath: scope.spacePath,
    count: tx
      .select({ total: sql<number>`count(*)::int` })
      .from(spaces)
      .leftJoin(d, eq(d.spaceId, spaces.id))
      .where(where),
    q,
    read: (window) =>
      select(tx)
        .where(
          inArray(
            spaces.id,
            tx
              .select({ id: spaces.id })
              .from(spaces)
              .leftJoin(d, eq(d.spaceId, spaces.id))
              .where(where)
              .orderBy(...window.orderBy)
              .limit(window.limit)
              .offset(window.offset),
          ),
        )
        .orderBy(...q.orderBy),
  });
}

export async function findStructure(tx: TDb, scope: TScope, id: string) {
  const [row] = await select(tx)
    .where(and(eq(spaces.id, id), withinScope(spaces.secureSpacePath, scope), isNotNull(spaces.parentId)))
    .limit(1);
  return row;
}

export const ofType = (type: string) => sql`${spaces.typeStructure} = ${type}`;
export const childOf = (parentId: string) => sql`${spaces.parentId} = ${parentId}`;
export const belowPath = (path: string) => sql`starts_with(${spaces.secureSpacePath}, ${path}) and ${spaces.secureSpacePath} <> ${path}`;
/** The top of the caller's client forest: the company's direct clients, or the caller's own client space. */
export const topClients = (scope: TScope) => sql`(${spaces.secureSpacePath} ~ '^/[^/]+/[^/]+/$' or ${spaces.id} = ${scope.spaceId})`;

export type TDetailsValues = Partial<Omit<typeof d.$inferInsert, 'spaceId' | 'secureSpacePath' | 'createdAt'>>;

export async function upsertDetails(tx: TDb, space: { id: string; secureSpacePath: string }, values: TDetailsValues) {
  await tx
    .insert(d)
    .values({ ...values, spaceId: space.id, secureSpacePath: space.secureSpacePath })
    .onConflictDoUpdate({ target: d.spaceId, set: { ...values, updatedAt: new Date() } });
}

export async function deleteDetailsBelow(tx: TDb, secureSpacePath: string) {
  await tx.delete(d).where(sql`${d.secureSpacePath} like ${`${secureSpacePath}%`}`);
}

export const and2 = (a: SQL, b: SQL) => sql`(${a} and ${b})`;

/** The active flag of the given spaces (true when a space has no details row). */
export async function activeByIds(tx: TDb, ids: string[]) {
  if (!ids.length) return new Map<string, boolean>();
  const rows = await tx.select({ id: d.spaceId, active: d.active }).from(d).where(inArray(d.spaceId, ids));
  return new Map(rows.map((r) => [r.id, r.active]));
}

/** The visit-window fields (product document §3) of the given spaces the scope sees (decision 0087). */
export async function windowFieldsByIds(tx: TDb, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: d.spaceId, openMonth: d.openMonth, closeMonth: d.closeMonth, visitDays: d.visitDays, notVisitDays: d.notVisitDays })
    .from(d)
    .where(inArray(d.spaceId, ids));
}
