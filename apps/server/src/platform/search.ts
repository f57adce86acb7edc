import { and, asc, desc, inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TSearchBody, TSearchFilter } from '@audit/domain/search';
import type { TDb } from './db.js';
import { AppError, invalidData } from './errors.js';
import type { TTotals } from './totals.js';

/**
 * The paged search of ARCHITECTURE.md, shared by every list. Each entity whitelists its fields;
 * a filter or sort on any other field is a 400 naming it, and values are parsed by the field's
 * type before they reach SQL, so a filter can never become raw SQL or a database error.
 */
export type TFieldType = 'text' | 'number' | 'date' | 'boolean' | 'uuid' | 'enum';

export interface TSearchField {
  column: AnyColumn | SQL;
  type: TFieldType;
  values?: readonly string[];
  sortable?: boolean;
  /** A field whose meaning is not a plain comparison (e.g. user status), built by the entity. */
  filter?: (operator: TSearchFilter['operator'], value: unknown) => SQL;
}

export interface TSearchDefinition {
  fields: Record<string, TSearchField>;
  /**
   * Columns matched by the free-text `search`, case-insensitively; or a predicate built from the
   * ILIKE pattern (a name of another table, matched by id so an index serves it).
   */
  searchColumns: (AnyColumn | SQL | ((pattern: string) => SQL))[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /**
   * With no sort asked, a filter on one of these (date) fields orders the list by that field, in the
   * default sort's direction (decision 0056). Its matches sit together along that field's index; in
   * the order of another date that follows it (the open date, the creation), a broad old range sits
   * at the far end, and the walk to a page reads most of the table.
   */
  sortWhenFiltered?: readonly string[];
}

const parsers: Record<TFieldType, (values?: readonly string[]) => z.ZodType> = {
  text: () => z.string().max(200),
  number: () => z.coerce.number(),
  date: () => z.coerce.date(),
  boolean: () => z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  uuid: () => z.string().uuid(),
  enum: (values) => z.enum(values as [string, ...string[]]),
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function parseValue(name: string, field: TSearchField, value: unknown): unknown {
  const parsed = parsers[field.type](field.values).safeParse(value);
  if (!parsed.success) throw invalidData([`filters.${name}`]);
  return parsed.data;
}

function parseList(name: string, field: TSearchField, value: unknown): unknown[] {
  // Lookups by a list of ids (`_id $in`): an empty list is the catalogue's "identifiers required".
  if (Array.isArray(value) && value.length === 0 && field.type === 'uuid') throw new AppError('idsRequired', [`filters.${name}`]);
  if (!Array.isArray(value) || value.length === 0 || value.length > 1000) throw invalidData([`filters.${name}`]);
  return value.map((v) => parseValue(name, field, v));
}

function filterPredicate(filter: TSearchFilter, field: TSearchField): SQL {
  const { operator, value } = filter;
  if (field.filter) return field.filter(operator, value);
  const col = field.column;
  switch (operator) {
    case 'eq':
      return value === null ? sql`${col} is null` : sql`${col} = ${parseValue(filter.field, field, value)}`;
    case 'ne':
      return value === null ? sql`${col} is not null` : sql`${col} is distinct from ${parseValue(filter.field, field, value)}`;
    case '$in':
    case '$nin': {
      const list = parseList(filter.field, field, value);
      const inList = sql`${col} in (${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )})`;
      return operator === '$in' ? inList : sql`not (${inList})`;
    }
    case 'contains':
      return sql`${col}::text ilike ${`%${escapeLike(String(parseValue(filter.field, { ...field, type: 'text' }, value)))}%`}`;
    case 'gt':
      return sql`${col} > ${parseValue(filter.field, field, value)}`;
    case 'gte':
      return sql`${col} >= ${parseValue(filter.field, field, value)}`;
    case 'lt':
      return sql`${col} < ${parseValue(filter.field, field, value)}`;
    case 'lte':
      return sql`${col} <= ${parseValue(filter.field, field, value)}`;
    case 'between': {
      const [from, to] = Array.isArray(value) && value.length === 2 ? value : [];
      if (from === undefined) throw invalidData([`filters.${filter.field}`]);
      return sql`${col} between ${parseValue(filter.field, field, from)} and ${parseValue(filter.field, field, to)}`;
    }
    case 'exists':
      return value === false ? sql`${col} is null` : sql`${col} is not null`;
  }
}

function parseSort(sort: TSearchBody['sort'], def: TSearchDefinition, filters: TSearchBody['filters'] = []): { field: string; direction: 'asc' | 'desc' } {
  if (!sort) {
    const filtered = def.sortWhenFiltered?.find((field) => filters.some((f) => f.field === field));
    return filtered ? { field: filtered, direction: def.defaultSort.direction } : def.defaultSort;
  }
  if (typeof sort === 'string') return sort.startsWith('-') ? { field: sort.slice(1), direction: 'desc' } : { field: sort, direction: 'asc' };
  const [field, dir] = Object.entries(sort)[0] ?? [];
  if (!field) return def.defaultSort;
  return { field, direction: dir === -1 || dir === 'desc' ? 'desc' : 'asc' };
}

export interface TBuiltSearch {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The same order backwards: a page near the end is read as a page from the end (see pageWindow). */
  reverseOrderBy: SQL[];
  limit: number;
  offset: number;
  /** The same two orders by an expression no index serves (same rows, same order): the matches are sorted, not walked. */
  sortedOrderBy: SQL[];
  sortedReverseOrderBy: SQL[];
  /** The sort's column (as ordered), its direction and the id that breaks ties: what seekAfter walks. */
  sort: { column: AnyColumn | SQL; direction: 'asc' | 'desc'; tie: AnyColumn | SQL | undefined };
}

/**
 * The entity's field of that name. Own properties only: a plain lookup would find `constructor`,
 * `__proto__` or `toString` on Object.prototype and treat a function as a field.
 */
function fieldOf(def: TSearchDefinition, name: string): TSearchField | undefined {
  return Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
}

/** The same value, as an expression that no index matches (same order, nulls included). */
function unindexed(field: TSearchField): AnyColumn | SQL {
  if (field.type === 'text' || field.type === 'enum') return sql`(${field.column} || '')`;
  if (field.type === 'date') return sql`(${field.column} + interval '0 s')`;
  if (field.type === 'number') return sql`(${field.column} + 0)`;
  return field.column;
}

export function buildSearch(def: TSearchDefinition, body: TSearchBody): TBuiltSearch {
  const unknown = body.filters.map((f) => f.field).filter((name) => !fieldOf(def, name));
  if (unknown.length) throw invalidData(unknown.map((n) => `filters.${n}`));
  const predicates = body.filters.map((f) => filterPredicate(f, fieldOf(def, f.field)!));
  const text = body.search?.trim();
  if (text && def.searchColumns.length) {
    const pattern = `%${escapeLike(text)}%`;
    predicates.push(
      sql`(${sql.join(
        def.searchColumns.map((c) => (typeof c === 'function' ? c(pattern) : sql`${c}::text ilike ${pattern}`)),
        sql` or `,
      )})`,
    );
  }
  const sort = parseSort(body.sort, def, body.filters);
  const sortField = fieldOf(def, sort.field);
  if (!sortField || sortField.sortable === false) throw invalidData([`sort.${sort.field}`]);
  // Ties broken by the id in the same direction, so one index (column, id) serves both directions.
  const tie = fieldOf(def, '_id')?.column;
  // A search's matches are found by id (a few rows, usually): ordering by an expression no index
  // serves keeps the planner from walking the sort index through the whole tenant to find them.
  const column = text ? unindexed(sortField) : sortField.column;
  const order = (dir: 'asc' | 'desc', key: AnyColumn | SQL = column) => {
    const by = dir === 'desc' ? desc : asc;
    return [by(key as AnyColumn), tie ? by(tie as AnyColumn) : sql.raw(`1 ${dir}`)];
  };
  const reverse = sort.direction === 'desc' ? 'asc' : 'desc';
  return {
    where: predicates.length ? and(...predicates) : undefined,
    orderBy: order(sort.direction),
    reverseOrderBy: order(reverse),
    sortedOrderBy: order(sort.direction, unindexed(sortField)),
    sortedReverseOrderBy: order(reverse, unindexed(sortField)),
    limit: body.size,
    offset: body.page * body.size,
    sort: { column, direction: sort.direction, tie },
  };
}

/**
 * The rows after (key, id) in the search's order (keyset paging, for walks through a whole list
 * such as an export: each step reads from an index instead of skipping rows with OFFSET). PostgreSQL
 * sorts nulls last ascending and first descending; a row comparison serves the (column, id) index.
 */
export function seekAfter(q: TBuiltSearch, key: unknown, id: string): SQL {
  const { column: col, direction, tie } = q.sort;
  if (!tie) throw new Error('seekAfter needs an _id field');
  const k = key instanceof Date ? key.toISOString() : key;
  if (direction === 'asc') {
    return k === null || k === undefined ? sql`(${col} is null and ${tie} > ${id})` : sql`((${col}, ${tie}) > (${k}, ${id}) or ${col} is null)`;
  }
  return k === null || k === undefined ? sql`((${col} is null and ${tie} < ${id}) or ${col} is not null)` : sql`((${col}, ${tie}) < (${k}, ${id}))`;
}

/**
 * Which rows to read for a page of a list of `total` rows. OFFSET reads and drops every row
 * before the page, so a page past the middle is read from the other end instead (reverse order,
 * the offset from the end): the first and the last pages cost the same whatever the list's length.
 * `empty` when the page starts past the end.
 */
export function pageWindow(q: TBuiltSearch, total: number): { orderBy: SQL[]; limit: number; offset: number; empty: boolean } {
  if (q.offset >= total) return { orderBy: q.orderBy, limit: 0, offset: 0, empty: true };
  const limit = Math.min(q.limit, total - q.offset);
  const fromEnd = total - q.offset - limit;
  return fromEnd < q.offset
    ? { orderBy: q.reverseOrderBy, limit, offset: fromEnd, empty: false }
    : { orderBy: q.orderBy, limit, offset: q.offset, empty: false };
}

/** `projections` narrows the returned fields; `_id` always stays. */
export function project<T extends Record<string, unknown>>(items: T[], projections: string[] | null | undefined): Partial<T>[] {
  if (!projections?.length) return items;
  const keep = new Set(['_id', ...projections]);
  return items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => keep.has(key))) as Partial<T>);
}

/** A count query (`select count(*)::int as total ...`) as drizzle builds it: run by awaiting it, keyed by its text. */
export type TCountQuery = PromiseLike<{ total: number }[]> & { toSQL(): { sql: string; params: unknown[] } };

/**
 * Where a list's total may be kept between requests (decision 0028): `tables` are those whose changes
 * change it. Only tables that notify their changes (the list_totals triggers of migrations 0018, 0026,
 * 0030) may be named; a list over any other table passes none of the three and counts every page.
 */
export type TKeptTotal =
  { totals: TTotals | undefined; tables: readonly string[]; scopePath: string } | { totals?: undefined; tables?: undefined; scopePath?: undefined };

/**
 * A page of a list and its total (decision 0028): the total from `totals` when kept (else counted),
 * then `read` gets the window of pageWindow. `read` should select the page's ids first and join
 * the rest (names, counts) to those ids only: columns computed per row are otherwise computed for
 * every row OFFSET skips. The window may be read from the end (reverse order): `read` answers its
 * rows in `q.orderBy` (readPageByIds does).
 */
export async function readPage<T>(
  options: TKeptTotal & {
    count: TCountQuery;
    q: TBuiltSearch;
    read: (window: { orderBy: SQL[]; limit: number; offset: number }) => Promise<T[]>;
    /**
     * With at most this many matches, the page sorts them instead of walking the sort's index
     * (decision 0052). The planner assumes matches spread evenly along the index; a filter that
     * follows the sort (a month range of audit dates under an open-date order) puts them all at one
     * end, and the walk skips most of the table to find a page. The total, counted first, bounds the sort.
     */
    sortMatchesBelow?: number;
  },
): Promise<{ items: T[]; total: number }> {
  const count = async () => (await options.count)[0]?.total ?? 0;
  const { sql: text, params } = options.count.toSQL();
  const total = options.totals ? await options.totals.get(options.tables, JSON.stringify([options.scopePath, text, params]), count) : await count();
  const q =
    options.sortMatchesBelow !== undefined && total <= options.sortMatchesBelow
      ? { ...options.q, orderBy: options.q.sortedOrderBy, reverseOrderBy: options.q.sortedReverseOrderBy }
      : options.q;
  const window = pageWindow(q, total);
  return { items: window.empty ? [] : await options.read(window), total };
}

/**
 * readPage over one table, the way every big list reads (decisions 0028, 0052): the total of `where`
 * counted (or kept in `totals`), the page's ids in the window's order (maybe read from the end) from
 * that table alone, then the rows of those ids in the asked order. `rows` reads other columns or
 * joins (to the page's ids only); by default the table's own rows.
 */
export async function readPageByIds<TTable extends PgTable, T = TTable['$inferSelect']>(
  options: TKeptTotal & {
    tx: TDb;
    table: TTable;
    idColumn: PgColumn;
    where: SQL | undefined;
    q: TBuiltSearch;
    sortMatchesBelow?: number;
    rows?: (ids: SQLWrapper, orderBy: SQL[]) => Promise<T[]>;
  },
): Promise<{ items: T[]; total: number }> {
  const { tx, table, idColumn, where, q } = options;
  const rows =
    options.rows ??
    ((ids: SQLWrapper, orderBy: SQL[]) =>
      tx
        .select()
        .from(table as PgTable)
        .where(inArray(idColumn, ids))
        .orderBy(...orderBy) as unknown as Promise<T[]>);
  const kept: TKeptTotal = options.totals ? { totals: options.totals, tables: options.tables, scopePath: options.scopePath } : {};
  return readPage({
    ...kept,
    count: tx
      .select({ total: sql<number>`count(*)::int` })
      .from(table as PgTable)
      .where(where),
    q,
    sortMatchesBelow: options.sortMatchesBelow,
    read: (w) => {
      const ids = tx
        .select({ id: idColumn })
        .from(table as PgTable)
        .where(where)
        .orderBy(...w.orderBy)
        .limit(w.limit)
        .offset(w.offset);
      return rows(ids, q.orderBy);
    },
  });
}
