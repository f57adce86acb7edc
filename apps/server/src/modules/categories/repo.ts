import { eq, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import type { TScope } from '../../platform/tenancy.js';
import { categories } from './tables.js';

export type TCategoryRow = typeof categories.$inferSelect;

const visible = (scope: TScope) => sql`(c.secure_space_path like ${`${scope.spacePath}%`} or ${scope.spacePath} like c.secure_space_path || '%')`;

/** Every visible category below the given ones (any depth), in one recursive query. */
export async function descendantsOf(tx: TDb, scope: TScope, rootIds: string[]): Promise<TCategoryRow[]> {
  if (!rootIds.length) return [];
  const ids = sql.join(
    rootIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute<Record<string, unknown>>(sql`
    with recursive tree as (
      select c.* from categories c where c.parent_id in (${ids}) and ${visible(scope)}
      union
      select c.* from categories c join tree t on c.parent_id = t.id where ${visible(scope)}
    )
    select id, space_id, secure_space_path, name, description, created_at, updated_at, type, color, parent_id from tree order by name`);
  return result.rows.map((r) => ({
    id: r.id as string,
    spaceId: r.space_id as string,
    secureSpacePath: r.secure_space_path as string,
    name: r.name as string,
    description: (r.description as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    type: r.type as string,
    color: (r.color as string | null) ?? null,
    parentId: (r.parent_id as string | null) ?? null,
  }));
}

export async function hasChildren(tx: TDb, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
  return Boolean(row);
}

/** Predicates on the categories table for the search variants. */
export const childrenOf = (parentId: string) => sql`${categories.parentId} = ${parentId}`;
export const rootsOfType = (type: string) => sql`${categories.parentId} is null and ${categories.type} = ${type}`;

/**
 * Predicate for modules that point at categories: `column` is the category or one of its descendants
 * (read under the caller's RLS scope). The caller passes its qualified column.
 */
export const withinCategory = (column: SQL, categoryId: string) =>
  sql`${column} in (with recursive tree as (select c.id from categories c where c.id = ${categoryId} union select c.id from categories c join tree t on c.parent_id = t.id) select id from tree)`;
