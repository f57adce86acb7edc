import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';

/**
 * Order of siblings (position 0..n-1, no gaps): register templates in their space, sections in a
 * template, fields or params in a section. `siblings` is a fixed predicate of this module, never
 * request input; callers hold the template's row lock first, so two moves never interleave.
 */
export type TOrdered = 'register_templates' | 'register_sections' | 'register_items';

const count = async (tx: TDb, table: TOrdered, siblings: SQL) =>
  Number((await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${siblings}`)).rows[0]?.n ?? 0);

/** The position a new item takes: the end. */
export const nextPosition = (tx: TDb, table: TOrdered, siblings: SQL) => count(tx, table, siblings);

/** Moves one item to `wanted` (clamped) and renumbers its siblings; answers the position it took. */
export async function moveTo(tx: TDb, table: TOrdered, siblings: SQL, id: string, wanted: number): Promise<number> {
  const n = await count(tx, table, siblings);
  const position = Math.max(0, Math.min(wanted, n - 1));
  const t = sql.identifier(table);
  await tx.execute(sql`
    update ${t} as x set position = n.pos, updated_at = now()
    from (
      select id, case when rn >= ${position} then rn + 1 else rn end as pos
      from (select id, row_number() over (order by position, created_at, id) - 1 as rn from ${t} where ${siblings} and id <> ${id}) o
      union all select ${id}::uuid, ${position}::int
    ) n
    where x.id = n.id and x.position is distinct from n.pos`);
  return position;
}

/** Closes the gap a removed item left. */
export async function compact(tx: TDb, table: TOrdered, siblings: SQL): Promise<void> {
  const t = sql.identifier(table);
  await tx.execute(sql`
    update ${t} as x set position = n.rn
    from (select id, (row_number() over (order by position, created_at, id) - 1)::int as rn from ${t} where ${siblings}) n
    where x.id = n.id and x.position <> n.rn`);
}
