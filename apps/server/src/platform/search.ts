import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TSearchBody, TSearchFilter } from '@audit/domain/search';
import { invalidData } from './errors.js';

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
  /** Columns matched by the free-text `search`, case-insensitively. */
  searchColumns: (AnyColumn | SQL)[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
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

function parseSort(sort: TSearchBody['sort'], def: TSearchDefinition): { field: string; direction: 'asc' | 'desc' } {
  if (!sort) return def.defaultSort;
  if (typeof sort === 'string') return sort.startsWith('-') ? { field: sort.slice(1), direction: 'desc' } : { field: sort, direction: 'asc' };
  const [field, dir] = Object.entries(sort)[0] ?? [];
  if (!field) return def.defaultSort;
  return { field, direction: dir === -1 || dir === 'desc' ? 'desc' : 'asc' };
}

export interface TBuiltSearch {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * The entity's field of that name. Own properties only: a plain lookup would find `constructor`,
 * `__proto__` or `toString` on Object.prototype and treat a function as a field.
 */
function fieldOf(def: TSearchDefinition, name: string): TSearchField | undefined {
  return Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
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
        def.searchColumns.map((c) => sql`${c}::text ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  const sort = parseSort(body.sort, def);
  const sortField = fieldOf(def, sort.field);
  if (!sortField || sortField.sortable === false) throw invalidData([`sort.${sort.field}`]);
  const direction = sort.direction === 'desc' ? desc : asc;
  return {
    where: predicates.length ? and(...predicates) : undefined,
    orderBy: [direction(sortField.column as AnyColumn), sql`1`],
    limit: body.size,
    offset: body.page * body.size,
  };
}

/** `projections` narrows the returned fields; `_id` always stays. */
export function project<T extends Record<string, unknown>>(items: T[], projections: string[] | null | undefined): Partial<T>[] {
  if (!projections?.length) return items;
  const keep = new Set(['_id', ...projections]);
  return items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => keep.has(key))) as Partial<T>);
}
