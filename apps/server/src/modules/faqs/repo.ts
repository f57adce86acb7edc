import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TFaqAudience } from '@audit/domain/faqs/schemas';
import type { TLanguage } from '@audit/domain/constants';
import type { TSearchBody } from '@audit/domain/search';
import type { TDb } from '../../platform/db.js';
import { buildSearch, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { inCatalogueScope, withinScope, type TScope } from '../../platform/tenancy.js';
import { faqs } from './tables.js';

export type TFaqRow = typeof faqs.$inferSelect;

/** The list's fields; `search` looks in the folded text of one language (search-text.ts). */
const searchIn = (language: TLanguage): TSearchDefinition => ({
  fields: {
    audience: { column: faqs.audience, type: 'enum', values: ['AUDITOR', 'CLIENT', 'ALL'] },
    position: { column: faqs.position, type: 'number' },
    createdAt: { column: faqs.createdAt, type: 'date' },
    updatedAt: { column: faqs.updatedAt, type: 'date' },
    _id: { column: faqs.id, type: 'uuid', sortable: false },
  },
  searchColumns: [(pattern) => sql`${language === 'es' ? faqs.searchEs : faqs.searchEn} like ${pattern}`],
  defaultSort: { field: 'position', direction: 'asc' },
});
const definitions = { es: searchIn('es'), en: searchIn('en') };

/** FAQs do not notify their changes (no list_totals trigger): every page counts; a space has a few dozen. */
export async function searchFaqs(tx: TDb, scope: TScope, audiences: TFaqAudience[], language: TLanguage, body: TSearchBody) {
  const q = buildSearch(definitions[language], body);
  const where = and(inCatalogueScope(faqs.secureSpacePath, scope), inArray(faqs.audience, audiences), q.where);
  return readPageByIds({ tx, table: faqs, idColumn: faqs.id, where, q });
}

export async function findFaq(tx: TDb, scope: TScope, id: string) {
  const [row] = await tx
    .select()
    .from(faqs)
    .where(and(eq(faqs.id, id), inCatalogueScope(faqs.secureSpacePath, scope)))
    .limit(1);
  return row;
}

export async function findFaqs(tx: TDb, scope: TScope, ids: string[]) {
  return tx
    .select()
    .from(faqs)
    .where(and(inArray(faqs.id, ids), inCatalogueScope(faqs.secureSpacePath, scope)));
}

/** The place after the last FAQ of the caller's space and below. */
export async function nextPosition(tx: TDb, scope: TScope): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${faqs.position})` })
    .from(faqs)
    .where(withinScope(faqs.secureSpacePath, scope));
  return (row?.last ?? 0) + 1;
}

export async function insertFaq(tx: TDb, row: typeof faqs.$inferInsert) {
  const [created] = await tx.insert(faqs).values(row).returning();
  return created!;
}

export async function updateFaq(tx: TDb, id: string, values: Partial<typeof faqs.$inferInsert>) {
  const [updated] = await tx
    .update(faqs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(faqs.id, id))
    .returning();
  return updated!;
}

/** Whether the row was there to delete (a twin request at once may have deleted it first). */
export async function deleteFaq(tx: TDb, id: string): Promise<boolean> {
  return (await tx.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id })).length > 0;
}

/** Each id gets its place in the list (1, 2, ...), in one statement. */
export async function setPositions(tx: TDb, ids: string[]) {
  const place = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i + 1}::int`),
    sql` `,
  );
  await tx
    .update(faqs)
    .set({ position: sql`case ${faqs.id} ${place} end`, updatedAt: new Date() })
    .where(inArray(faqs.id, ids));
}
