import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { auditAnswers, auditFields, auditIssues, auditMedia, auditQuestionnaires, auditQuestions, auditSections } from './tables.js';

/**
 * The rows of an audit's tree. Every table carries audit_id, so the whole audit is one indexed query
 * per table (no joins, no per-section round trips); present.ts assembles them in memory.
 */
export async function loadTree(tx: TDb, auditId: string) {
  const sections = await tx.select().from(auditSections).where(eq(auditSections.auditId, auditId)).orderBy(asc(auditSections.position));
  const fields = await tx.select().from(auditFields).where(eq(auditFields.auditId, auditId)).orderBy(asc(auditFields.position));
  const questions = await tx.select().from(auditQuestions).where(eq(auditQuestions.auditId, auditId)).orderBy(asc(auditQuestions.position));
  const answers = await tx.select().from(auditAnswers).where(eq(auditAnswers.auditId, auditId));
  const issues = await tx.select().from(auditIssues).where(eq(auditIssues.auditId, auditId)).orderBy(asc(auditIssues.createdAt), asc(auditIssues.id));
  const media = await tx.select().from(auditMedia).where(eq(auditMedia.auditId, auditId)).orderBy(asc(auditMedia.createdAt), asc(auditMedia.id));
  const [questionnaire] = await tx.select().from(auditQuestionnaires).where(eq(auditQuestionnaires.auditId, auditId)).limit(1);
  return { sections, fields, questions, answers, issues, media, questionnaire: questionnaire ?? null };
}
export type TTreeRows = Awaited<ReturnType<typeof loadTree>>;

/*
 * The tree's signature (decisions 0034 and 0060) is the SQL function audit_tree_signature (migration
 * 0043), read by read-cache.ts: per tree table, a hash of its rows' (id, xmin) pairs. Every insert,
 * update or delete of a row changes the set (an update writes a new row version with the writing
 * transaction's id as xmin), whichever process or SQL function made it; the rows' contents are not
 * read. It must name every table loadTree reads (read-etag.test.ts checks the seven).
 */

type TInsert<T extends { $inferInsert: unknown }> = T['$inferInsert'][];
/** Inserts rows of a tree (the snapshot at creation, a duplicated section), parents first, one statement per table. */
export async function insertTree(
  tx: TDb,
  rows: {
    sections?: TInsert<typeof auditSections>;
    fields?: TInsert<typeof auditFields>;
    questions?: TInsert<typeof auditQuestions>;
    answers?: TInsert<typeof auditAnswers>;
    issues?: TInsert<typeof auditIssues>;
    questionnaire?: typeof auditQuestionnaires.$inferInsert | null;
  },
) {
  if (rows.sections?.length) await tx.insert(auditSections).values(rows.sections);
  if (rows.fields?.length) await tx.insert(auditFields).values(rows.fields);
  // Chunks keep a large template under PostgreSQL's 65535 bind parameters per statement.
  for (let i = 0; i < (rows.questions?.length ?? 0); i += 1000) await tx.insert(auditQuestions).values(rows.questions!.slice(i, i + 1000));
  if (rows.answers?.length) await tx.insert(auditAnswers).values(rows.answers).onConflictDoNothing();
  if (rows.issues?.length) await tx.insert(auditIssues).values(rows.issues).onConflictDoNothing();
  if (rows.questionnaire) await tx.insert(auditQuestionnaires).values(rows.questionnaire);
}

// ---------------------------------------------------------------- sections

export const findSection = async (tx: TDb, auditId: string, id: string) =>
  (
    await tx
      .select()
      .from(auditSections)
      .where(and(eq(auditSections.id, id), eq(auditSections.auditId, auditId)))
      .limit(1)
  )[0];

export const listSections = (tx: TDb, auditId: string) =>
  tx.select().from(auditSections).where(eq(auditSections.auditId, auditId)).orderBy(asc(auditSections.position));

export async function sectionChildren(tx: TDb, sectionIds: string[]) {
  if (!sectionIds.length) return { fields: [], questions: [] };
  const fields = await tx.select().from(auditFields).where(inArray(auditFields.sectionId, sectionIds)).orderBy(asc(auditFields.position));
  const questions = await tx.select().from(auditQuestions).where(inArray(auditQuestions.sectionId, sectionIds)).orderBy(asc(auditQuestions.position));
  return { fields, questions };
}

/** Makes room at `position` (sections at or after it move one down). */
export async function openSectionSlot(tx: TDb, auditId: string, position: number) {
  await tx
    .update(auditSections)
    .set({ position: sql`${auditSections.position} + 1` })
    .where(and(eq(auditSections.auditId, auditId), sql`${auditSections.position} >= ${position}`));
}

/** Children (fields, questions, answers, issues, media) go with the section: foreign keys cascade. */
export async function deleteSection(tx: TDb, auditId: string, section: { id: string; position: number }) {
  await tx.delete(auditSections).where(eq(auditSections.id, section.id));
  await tx
    .update(auditSections)
    .set({ position: sql`${auditSections.position} - 1` })
    .where(and(eq(auditSections.auditId, auditId), sql`${auditSections.position} > ${section.position}`));
}

// ---------------------------------------------------------------- fields

/** Fields of the audit among `ids`, with the type of their section. */
export function fieldsWithSectionType(tx: TDb, auditId: string, ids: string[]) {
  return tx
    .select({ id: auditFields.id, sectionType: auditSections.type, type: auditFields.type })
    .from(auditFields)
    .innerJoin(auditSections, eq(auditSections.id, auditFields.sectionId))
    .where(and(eq(auditFields.auditId, auditId), inArray(auditFields.id, ids)));
}

/** Sets many fields' values in one statement. */
export async function setFieldValues(tx: TDb, auditId: string, values: { _id: string; value: string | null }[]) {
  if (!values.length) return;
  const rows = sql.join(
    values.map((v) => sql`(${v._id}::uuid, ${v.value}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`update audit_fields f set value = v.value, updated_at = now() from (values ${rows}) as v(id, value) where f.id = v.id and f.audit_id = ${auditId}`,
  );
}

export function fieldsOfSectionType(tx: TDb, auditId: string, type: string) {
  return tx
    .select({ field: auditFields })
    .from(auditFields)
    .innerJoin(auditSections, eq(auditSections.id, auditFields.sectionId))
    .where(and(eq(auditFields.auditId, auditId), eq(auditSections.type, type)))
    .orderBy(asc(auditSections.position), asc(auditFields.position));
}

// ---------------------------------------------------------------- questionnaire

export const findQuestionnaire = async (tx: TDb, auditId: string) =>
  (await tx.select().from(auditQuestionnaires).where(eq(auditQuestionnaires.auditId, auditId)).limit(1))[0];

export async function updateQuestionnaire(tx: TDb, id: string, values: Partial<typeof auditQuestionnaires.$inferInsert>) {
  const [row] = await tx
    .update(auditQuestionnaires)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(auditQuestionnaires.id, id))
    .returning();
  return row!;
}

/** Reopening erases the issues; their evidences' media rows go with them (cascade). */
export async function deleteIssuesOf(tx: TDb, auditId: string) {
  await tx.delete(auditIssues).where(eq(auditIssues.auditId, auditId));
}

/** The audit a section belongs to (the calls document's section routes name no audit); RLS keeps it to the caller's tenant. */
export const auditIdOfSection = async (tx: TDb, sectionId: string) =>
  (await tx.select({ auditId: auditSections.auditId }).from(auditSections).where(eq(auditSections.id, sectionId)).limit(1))[0]?.auditId;

/** The cover fields of type auditor that are empty or hold `previous` now hold `name` (a reassignment, decision 0064). */
export async function renameAuditorFields(tx: TDb, auditId: string, previous: string | null, name: string) {
  await tx
    .update(auditFields)
    .set({ value: name })
    .where(
      and(
        eq(auditFields.auditId, auditId),
        eq(auditFields.type, 'auditor'),
        or(isNull(auditFields.value), eq(auditFields.value, ''), previous ? eq(auditFields.value, previous) : undefined),
      ),
    );
}
