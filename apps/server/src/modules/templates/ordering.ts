import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';

/**
 * Order of siblings in a template's tree: `position` 0..n-1, no gaps, no duplicates. Every caller
 * holds the template row's lock (repo.lockTemplate) first, so two moves of the same template never
 * interleave. Tables and columns are fixed names from this module, never request input.
 */
export type TOrderedTable =
  'template_sections' | 'template_fields' | 'template_questions' | 'template_incidents' | 'template_ie_sections' | 'template_ie_questions';
export interface TSiblings {
  table: TOrderedTable;
  /** The column naming the parent: template_id, section_id or question_id. */
  parent: 'template_id' | 'section_id' | 'question_id';
  parentId: string;
}

const t = (s: TSiblings) => sql.identifier(s.table);
const p = (s: TSiblings) => sql.identifier(s.parent);

export async function countSiblings(tx: TDb, s: TSiblings): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${t(s)} where ${p(s)} = ${s.parentId}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The position a new item takes: `wanted` clamped to 0..count, or the end. Items at or after it shift down. */
export async function openSlot(tx: TDb, s: TSiblings, wanted?: number): Promise<number> {
  const count = await countSiblings(tx, s);
  const position = wanted === undefined ? count : Math.max(0, Math.min(wanted, count));
  if (position < count) await tx.execute(sql`update ${t(s)} set position = position + 1 where ${p(s)} = ${s.parentId} and position >= ${position}`);
  return position;
}

/**
 * Moves one item to `wanted` (clamped to 0..n-1) and renumbers its siblings in one statement.
 * Answers the position it took.
 */
export async function moveTo(tx: TDb, s: TSiblings, id: string, wanted: number): Promise<number> {
  const count = await countSiblings(tx, s);
  const position = Math.max(0, Math.min(wanted, count - 1));
  await tx.execute(sql`
    update ${t(s)} as x set position = n.pos, updated_at = now()
    from (
      select id, case when rn >= ${position} then rn + 1 else rn end as pos
      from (select id, row_number() over (order by position, created_at, id) - 1 as rn from ${t(s)} where ${p(s)} = ${s.parentId} and id <> ${id}) o
      union all select ${id}::uuid, ${position}::int
    ) n
    where x.id = n.id and x.position is distinct from n.pos`);
  return position;
}

/** Closes the gap left by a removed item. */
export async function compact(tx: TDb, s: TSiblings): Promise<void> {
  await tx.execute(sql`
    update ${t(s)} as x set position = n.rn
    from (select id, (row_number() over (order by position, created_at, id) - 1)::int as rn from ${t(s)} where ${p(s)} = ${s.parentId}) n
    where x.id = n.id and x.position <> n.rn`);
}
