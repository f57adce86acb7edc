import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import { SECTION_TYPES } from '@audit/domain/templates';
import type { TDb } from '../../platform/db.js';
import { buildSearch, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { inCatalogueScope, type TScope } from '../../platform/tenancy.js';
import { templateFields, templateIeQuestions, templateIeSections, templateIncidents, templateQuestions, templateSections } from './tables.js';

/** Rows of a template's tree, one at a time, always within the caller's catalogue scope. */
const visible = (path: Parameters<typeof inCatalogueScope>[0], scope: TScope) => inCatalogueScope(path, scope);

export async function findSection(tx: TDb, scope: TScope, id: string) {
  const [row] = await tx
    .select()
    .from(templateSections)
    .where(and(eq(templateSections.id, id), visible(templateSections.secureSpacePath, scope)))
    .limit(1);
  return row;
}

export async function findField(tx: TDb, scope: TScope, sectionId: string, id: string) {
  const [row] = await tx
    .select()
    .from(templateFields)
    .where(and(eq(templateFields.id, id), eq(templateFields.sectionId, sectionId), visible(templateFields.secureSpacePath, scope)))
    .limit(1);
  return row;
}

export async function findQuestion(tx: TDb, scope: TScope, sectionId: string, id: string) {
  const [row] = await tx
    .select()
    .from(templateQuestions)
    .where(and(eq(templateQuestions.id, id), eq(templateQuestions.sectionId, sectionId), visible(templateQuestions.secureSpacePath, scope)))
    .limit(1);
  return row;
}

export async function findIncident(tx: TDb, scope: TScope, questionId: string, id: string) {
  const [row] = await tx
    .select()
    .from(templateIncidents)
    .where(and(eq(templateIncidents.id, id), eq(templateIncidents.questionId, questionId), visible(templateIncidents.secureSpacePath, scope)))
    .limit(1);
  return row;
}

export async function findIeSection(tx: TDb, scope: TScope, id: string) {
  const [row] = await tx
    .select()
    .from(templateIeSections)
    .where(and(eq(templateIeSections.id, id), visible(templateIeSections.secureSpacePath, scope)))
    .limit(1);
  return row;
}

export async function findIeQuestion(tx: TDb, scope: TScope, sectionId: string, id: string) {
  const [row] = await tx
    .select()
    .from(templateIeQuestions)
    .where(and(eq(templateIeQuestions.id, id), eq(templateIeQuestions.sectionId, sectionId), visible(templateIeQuestions.secureSpacePath, scope)))
    .limit(1);
  return row;
}

/** Children of sections, each list in order (for presenting sections). */
export async function sectionChildren(tx: TDb, sectionIds: string[]) {
  if (!sectionIds.length) return { fields: [], questions: [], incidents: [] };
  const fields = await tx.select().from(templateFields).where(inArray(templateFields.sectionId, sectionIds)).orderBy(asc(templateFields.position));
  const questions = await tx.select().from(templateQuestions).where(inArray(templateQuestions.sectionId, sectionIds)).orderBy(asc(templateQuestions.position));
  const incidents = questions.length
    ? await tx
        .select()
        .from(templateIncidents)
        .where(
          inArray(
            templateIncidents.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(templateIncidents.position))
    : [];
  return { fields, questions, incidents };
}

export const listIncidents = (tx: TDb, questionId: string) =>
  tx.select().from(templateIncidents).where(eq(templateIncidents.questionId, questionId)).orderBy(asc(templateIncidents.position));
export const listIeQuestions = (tx: TDb, sectionIds: string[]) =>
  sectionIds.length
    ? tx.select().from(templateIeQuestions).where(inArray(templateIeQuestions.sectionId, sectionIds)).orderBy(asc(templateIeQuestions.position))
    : Promise.resolve([]);

const sectionSearch: TSearchDefinition = {
  fields: {
    template: { column: templateSections.templateId, type: 'uuid' },
    title: { column: templateSections.title, type: 'text' },
    type: { column: templateSections.type, type: 'enum', values: SECTION_TYPES },
    duplicable: { column: templateSections.duplicable, type: 'boolean' },
    position: { column: templateSections.position, type: 'number' },
    createdAt: { column: templateSections.createdAt, type: 'date' },
    _id: { column: templateSections.id, type: 'uuid', sortable: false },
  },
  searchColumns: [templateSections.title],
  defaultSort: { field: 'position', direction: 'asc' },
};

/** Sections do not notify their changes (no list_totals trigger): every page counts. */
export async function searchSections(tx: TDb, scope: TScope, body: TSearchBody) {
  const q = buildSearch(sectionSearch, body);
  const where = and(visible(templateSections.secureSpacePath, scope), q.where);
  return readPageByIds({ tx, table: templateSections, idColumn: templateSections.id, where, q });
}

const ieSectionSearch: TSearchDefinition = {
  fields: {
    template: { column: templateIeSections.templateId, type: 'uuid' },
    title: { column: templateIeSections.title, type: 'text' },
    position: { column: templateIeSections.position, type: 'number' },
    createdAt: { column: templateIeSections.createdAt, type: 'date' },
    _id: { column: templateIeSections.id, type: 'uuid', sortable: false },
  },
  searchColumns: [templateIeSections.title],
  defaultSort: { field: 'position', direction: 'asc' },
};

export async function searchIeSections(tx: TDb, scope: TScope, body: TSearchBody) {
  const q = buildSearch(ieSectionSearch, body);
  const where = and(visible(templateIeSections.secureSpacePath, scope), q.where);
  return readPageByIds({ tx, table: templateIeSections, idColumn: templateIeSections.id, where, q });
}

/** Writes of one row of a tree table (the drizzle builder typed per table by the caller's table). */
type TTreeTable =
  | typeof templateSections
  | typeof templateFields
  | typeof templateQuestions
  | typeof templateIncidents
  | typeof templateIeSections
  | typeof templateIeQuestions;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one writer for six tree tables: drizzle's per-table builder types do not unify
type TWriter = { insert: (t: TTreeTable) => any; update: (t: TTreeTable) => any; delete: (t: TTreeTable) => any };
const writer = (tx: TDb) => tx as unknown as TWriter;

export async function insertItem<T extends TTreeTable>(tx: TDb, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [row] = await writer(tx).insert(table).values(values).returning();
  return row;
}

export async function updateItem<T extends TTreeTable>(tx: TDb, table: T, id: string, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect']> {
  const [row] = await writer(tx)
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row;
}

/** Children go with the row (foreign keys cascade). */
export async function deleteItem(tx: TDb, table: TTreeTable, id: string) {
  await writer(tx).delete(table).where(eq(table.id, id));
}
