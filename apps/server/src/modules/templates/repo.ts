import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LANGUAGES } from '@audit/domain/constants';
import type { TSearchBody } from '@audit/domain/search';
import { z } from 'zod';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { withinCategory } from '../categories/service.js';
import { buildSearch, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { inCatalogueScope, type TScope } from '../../platform/tenancy.js';
import {
  auditTemplates as tpl,
  templateFields,
  templateIeQuestions,
  templateIeSections,
  templateIncidents,
  templateQuestions,
  templateSections,
  type TTemplateRow,
} from './tables.js';

/**
 * Queries of templates and their trees. Reads use the catalogue scope (own space, below, and the
 * ancestors' rows). Raw subqueries in a select list name the outer table qualified ("audit_templates"."id").
 */
const questionsCount = sql<number>`(select count(*)::int from template_questions q where q.template_id = "audit_templates"."id")`;
const sectionsCount = sql<number>`(select count(*)::int from template_sections s where s.template_id = "audit_templates"."id")`;

export const templateSearch: TSearchDefinition = {
  fields: {
    name: { column: tpl.name, type: 'text' },
    description: { column: tpl.description, type: 'text' },
    language: { column: tpl.language, type: 'enum', values: LANGUAGES },
    category: { column: tpl.categoryId, type: 'uuid' },
    /** The category or any of its subcategories (the wizard's category tree). */
    categoryTree: {
      column: tpl.categoryId,
      type: 'uuid',
      sortable: false,
      filter: (_op, value) => {
        const id = z.string().uuid().safeParse(value);
        if (!id.success) throw invalidData(['filters.categoryTree']);
        return withinCategory(sql`"audit_templates"."category_id"`, id.data);
      },
    },
    service: { column: tpl.serviceId, type: 'uuid' },
    areaAccess: { column: tpl.areaAccessId, type: 'uuid' },
    enabled: { column: tpl.enabled, type: 'boolean' },
    /** The audit wizard offers only templates whose `enabled` is not false. */
    enabledOnly: {
      column: tpl.enabled,
      type: 'boolean',
      sortable: false,
      filter: (_op, value) => (value === false || value === 'false' ? sql`true` : sql`${tpl.enabled} is not false`),
    },
    space: { column: tpl.spaceId, type: 'uuid' },
    createdAt: { column: tpl.createdAt, type: 'date' },
    updatedAt: { column: tpl.updatedAt, type: 'date' },
    _id: { column: tpl.id, type: 'uuid', sortable: false },
  },
  searchColumns: [tpl.name, tpl.description],
  defaultSort: { field: 'name', direction: 'asc' },
};

const listColumns = { row: tpl, sectionsCount, questionsCount };

/** Templates do not notify their changes (no list_totals trigger): every page counts. The counts are computed for the page's rows only. */
export async function searchTemplates(tx: TDb, scope: TScope, body: TSearchBody, extra?: SQL) {
  const q = buildSearch(templateSearch, body);
  const where = and(inCatalogueScope(tpl.secureSpacePath, scope), extra, q.where);
  return readPageByIds({
    tx,
    table: tpl,
    idColumn: tpl.id,
    where,
    q,
    rows: (ids, orderBy) =>
      tx
        .select(listColumns)
        .from(tpl)
        .where(inArray(tpl.id, ids))
        .orderBy(...orderBy),
  });
}

export async function findTemplate(tx: TDb, scope: TScope, id: string) {
  const [row] = await tx
    .select(listColumns)
    .from(tpl)
    .where(and(eq(tpl.id, id), inCatalogueScope(tpl.secureSpacePath, scope)))
    .limit(1);
  return row;
}

/**
 * Takes the template row's lock for the rest of the transaction (and marks it changed): every write
 * to a template's tree goes through here first, so moves and inserts of one template never interleave.
 */
export async function lockTemplate(tx: TDb, id: string) {
  await tx.update(tpl).set({ updatedAt: new Date() }).where(eq(tpl.id, id));
}

export async function insertTemplate(tx: TDb, values: typeof tpl.$inferInsert): Promise<TTemplateRow> {
  const [row] = await tx.insert(tpl).values(values).returning();
  return row!;
}

export async function updateTemplate(tx: TDb, id: string, values: Partial<typeof tpl.$inferInsert>): Promise<TTemplateRow> {
  const [row] = await tx
    .update(tpl)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tpl.id, id))
    .returning();
  return row!;
}

/** The tree rows cascade with the template. */
export async function deleteTemplate(tx: TDb, id: string) {
  await tx.delete(tpl).where(eq(tpl.id, id));
}

/** Every row of the trees of the given templates, each list in order. */
export async function loadTrees(tx: TDb, templateIds: string[]) {
  if (!templateIds.length) return { sections: [], fields: [], questions: [], incidents: [], ieSections: [], ieQuestions: [] };
  const sections = await tx.select().from(templateSections).where(inArray(templateSections.templateId, templateIds)).orderBy(asc(templateSections.position));
  const fields = await tx.select().from(templateFields).where(inArray(templateFields.templateId, templateIds)).orderBy(asc(templateFields.position));
  const questions = await tx
    .select()
    .from(templateQuestions)
    .where(inArray(templateQuestions.templateId, templateIds))
    .orderBy(asc(templateQuestions.position));
  const incidents = await tx
    .select()
    .from(templateIncidents)
    .where(inArray(templateIncidents.templateId, templateIds))
    .orderBy(asc(templateIncidents.position));
  const ieSections = await tx
    .select()
    .from(templateIeSections)
    .where(inArray(templateIeSections.templateId, templateIds))
    .orderBy(asc(templateIeSections.position));
  const ieQuestions = await tx
    .select()
    .from(templateIeQuestions)
    .where(inArray(templateIeQuestions.templateId, templateIds))
    .orderBy(asc(templateIeQuestions.position));
  return { sections, fields, questions, incidents, ieSections, ieQuestions };
}
export type TTreeRows = Awaited<ReturnType<typeof loadTrees>>;

/** What `check` needs: does any QUESTION section hold a question? */
export async function hasQuestions(tx: TDb, templateId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: templateQuestions.id })
    .from(templateQuestions)
    .innerJoin(templateSections, eq(templateSections.id, templateQuestions.sectionId))
    .where(and(eq(templateQuestions.templateId, templateId), eq(templateSections.type, 'QUESTION')))
    .limit(1);
  return Boolean(row);
}
export type TTemplateListRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

type TInsert<T extends { $inferInsert: unknown }> = T['$inferInsert'][];
/** Inserts a whole tree (a duplicate, the demo seed): one multi-row insert per table, parents first. */
export async function insertTree(
  tx: TDb,
  rows: {
    sections?: TInsert<typeof templateSections>;
    fields?: TInsert<typeof templateFields>;
    questions?: TInsert<typeof templateQuestions>;
    incidents?: TInsert<typeof templateIncidents>;
    ieSections?: TInsert<typeof templateIeSections>;
    ieQuestions?: TInsert<typeof templateIeQuestions>;
  },
) {
  if (rows.sections?.length) await tx.insert(templateSections).values(rows.sections);
  if (rows.fields?.length) await tx.insert(templateFields).values(rows.fields);
  if (rows.questions?.length) await tx.insert(templateQuestions).values(rows.questions);
  if (rows.incidents?.length) await tx.insert(templateIncidents).values(rows.incidents);
  if (rows.ieSections?.length) await tx.insert(templateIeSections).values(rows.ieSections);
  if (rows.ieQuestions?.length) await tx.insert(templateIeQuestions).values(rows.ieQuestions);
}
