import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { TIncidence } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { discardStored } from '../files/service.js';
import { loadRunnableQuestion, type TRunnableQuestion } from './access.js';
import { forgetFiles } from './media-files.js';
import { inIncidenceOrder, presentIssue, type TAuditView } from './present.js';
import { auditView } from './read.js';
import { auditIssues, auditMedia, auditQuestions, type TAuditIssueRow } from './tables.js';

/**
 * Issues of a question (product document, section 4): checking an incidence creates its issue (and
 * marks its task when it has only one), selecting a task selects its issue, unchecking removes the
 * issue (with its evidences and its solved-in-place mark). An issue is named by its row id or by
 * its incidence id, so a client that raised it offline can edit it before it knows the row id.
 */
export interface TIssuesTasks {
  issuesToAdd: string[];
  issuesToRemove: string[];
  tasksToAdd: { issue: string; task: string }[];
  tasksToRemove: { issue: string; task: string }[];
}
type TQ = TRunnableQuestion;

const issuesOfQuestion = (tx: TDb, questionId: string) =>
  tx.select().from(auditIssues).where(eq(auditIssues.questionId, questionId)).orderBy(asc(auditIssues.createdAt), asc(auditIssues.id));

async function present(tx: TDb, rows: TAuditIssueRow[], view: TAuditView) {
  const media = rows.length
    ? await tx
        .select()
        .from(auditMedia)
        .where(
          inArray(
            auditMedia.issueId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(auditMedia.createdAt))
    : [];
  return rows.map((r) => presentIssue(r, media, view));
}

function must<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw invalidData([field]);
  return value;
}

function newIssue(q: TQ, incidence: TIncidence, markedTask?: string): typeof auditIssues.$inferInsert {
  const only = incidence.tasks.length === 1 ? incidence.tasks[0]!._id : undefined;
  return {
    auditId: q.audit.id,
    spaceId: q.audit.spaceId,
    secureSpacePath: q.audit.secureSpacePath,
    sectionId: q.question.sectionId,
    questionId: q.question.id,
    templateIssueId: incidence._id,
    name: incidence.name,
    description: incidence.description,
    riskLevel: incidence.riskLevel,
    deductionPercentage: incidence.deductionPercentage,
    tasks: incidence.tasks.map((t) => ({ _id: t._id, name: t.name, selected: t._id === (markedTask ?? only) })),
  };
}

export async function changeIssuesTasksIn(
  tx: TDb,
  caller: TAuth,
  auditId: string,
  sectionId: string,
  questionId: string,
  body: TIssuesTasks,
  view: TAuditView,
  discard: { key: string }[] = [],
) {
  const q = await loadRunnableQuestion(tx, caller, auditId, sectionId, questionId);
  // Every incidence and task named must be this question's (400 naming the list otherwise).
  const incidence = (id: string, field: string) =>
    must(
      q.question.incidences.find((i) => i._id === id),
      field,
    );
  body.issuesToAdd.forEach((id) => incidence(id, 'issuesToAdd'));
  for (const field of ['tasksToAdd', 'tasksToRemove'] as const) {
    for (const t of body[field])
      must(
        incidence(t.issue, field).tasks.find((x) => x._id === t.task),
        field,
      );
  }
  const evidenceFiles = body.issuesToRemove.length
    ? await tx
        .select({ issueId: auditMedia.issueId, fileId: auditMedia.fileId })
        .from(auditMedia)
        .where(and(eq(auditMedia.questionId, questionId), isNotNull(auditMedia.issueId)))
    : [];

  if (body.issuesToRemove.length) {
    const gone = await tx
      .delete(auditIssues)
      .where(
        and(
          eq(auditIssues.questionId, questionId),
          or(inArray(auditIssues.templateIssueId, body.issuesToRemove), inArray(auditIssues.id, body.issuesToRemove)),
        ),
      )
      .returning({ id: auditIssues.id });
    // Their evidences' media rows went by cascade (evidenceFiles read them first); the files follow.
    discard.push(
      ...(await forgetFiles(
        tx,
        caller,
        evidenceFiles.filter((e) => gone.some((g) => g.id === e.issueId)).map((e) => e.fileId),
      )),
    );
  }
  // Selecting a task of an unselected incidence raises it with that task marked.
  const raised = [
    ...body.issuesToAdd.map((id) => newIssue(q, incidence(id, 'issuesToAdd'))),
    ...body.tasksToAdd.map((t) => newIssue(q, incidence(t.issue, 'tasksToAdd'), t.task)),
  ];
  if (raised.length) await tx.insert(auditIssues).values(raised).onConflictDoNothing();
  const marks = [...body.tasksToAdd.map((t) => ({ ...t, selected: true })), ...body.tasksToRemove.map((t) => ({ ...t, selected: false }))];
  if (marks.length) {
    const rows = await issuesOfQuestion(tx, questionId);
    for (const row of rows) {
      const mine = marks.filter((m) => m.issue === row.templateIssueId || m.issue === row.id);
      if (!mine.length) continue;
      const tasks = row.tasks.map((t) => ({ ...t, selected: mine.filter((m) => m.task === t._id).at(-1)?.selected ?? t.selected }));
      await tx.update(auditIssues).set({ tasks, updatedAt: new Date() }).where(eq(auditIssues.id, row.id));
    }
  }
  return present(tx, inIncidenceOrder(await issuesOfQuestion(tx, questionId), q.question.incidences), view);
}

/** One selected issue of the question, by row id or incidence id (400 `issue` when it is not selected). */
export async function loadIssue(tx: TDb, q: TQ, issue: string) {
  const [row] = await tx
    .select()
    .from(auditIssues)
    .where(and(eq(auditIssues.questionId, q.question.id), or(eq(auditIssues.id, issue), eq(auditIssues.templateIssueId, issue))))
    .limit(1);
  if (!row) throw invalidData(['issue']);
  return row;
}

type TIssueEdit = { issue: string; name?: string; description?: string | null; task?: string; solvedInPlace?: boolean };

/** Name, description, a task's name or the solved-in-place mark of one issue. */
export async function editIssueIn(tx: TDb, caller: TAuth, auditId: string, sectionId: string, questionId: string, edit: TIssueEdit, view: TAuditView) {
  const q = await loadRunnableQuestion(tx, caller, auditId, sectionId, questionId);
  const row = await loadIssue(tx, q, edit.issue);
  const values: Partial<typeof auditIssues.$inferInsert> = {};
  if (edit.name !== undefined && edit.task === undefined) values.name = edit.name;
  if (edit.description !== undefined) values.description = edit.description?.trim() || null;
  if (edit.solvedInPlace !== undefined) values.solvedInPlace = edit.solvedInPlace;
  if (edit.task !== undefined) {
    if (!row.tasks.some((t) => t._id === edit.task)) throw invalidData(['task']);
    values.tasks = row.tasks.map((t) => (t._id === edit.task ? { ...t, name: edit.name! } : t));
  }
  const [updated] = await tx
    .update(auditIssues)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(auditIssues.id, row.id))
    .returning();
  return (await present(tx, [updated!], view))[0]!;
}

export async function setNoteIn(tx: TDb, caller: TAuth, auditId: string, sectionId: string, questionId: string, note: string | null) {
  await loadRunnableQuestion(tx, caller, auditId, sectionId, questionId);
  const value = note?.trim() ? note : null;
  await tx
    .update(auditQuestions)
    .set({ note: value, updatedAt: sql`now()` })
    .where(eq(auditQuestions.id, questionId));
  return { note: value };
}

export async function changeIssuesTasks(ctx: TModuleContext, caller: TAuth, id: string, s: string, q: string, body: TIssuesTasks) {
  const discard: { key: string }[] = [];
  const issues = await scoped(ctx, caller, (tx) => changeIssuesTasksIn(tx, caller, id, s, q, body, auditView(ctx), discard));
  await discardStored(ctx, discard).catch(() => undefined);
  return issues;
}
export const editIssue = (ctx: TModuleContext, caller: TAuth, id: string, s: string, q: string, edit: TIssueEdit) =>
  scoped(ctx, caller, (tx) => editIssueIn(tx, caller, id, s, q, edit, auditView(ctx)));
export const setNote = (ctx: TModuleContext, caller: TAuth, id: string, s: string, q: string, note: string | null) =>
  scoped(ctx, caller, (tx) => setNoteIn(tx, caller, id, s, q, note));
