import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { evaluateAnswer } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { answerProblems } from './answer-rules.js';
import * as repo from './repo.js';
import type { auditAnswers, auditIssues, TAuditQuestionRow } from './tables.js';
import * as tree from './tree-repo.js';

/**
 * "Start audit from last": the previous finished audit's answers, notes and issues, question by
 * question, matched by template question id (copies of duplicated sections are not matched). The
 * template may have changed since: an answer that no longer fits its question is left out and the
 * score is recomputed; an issue whose incidence is gone is left out, and its tasks keep their marks
 * by task id. Photos stay with the audit they were taken in.
 */
export async function copyPrevious(tx: TDb, caller: TAuth, id: string, previousId: string) {
  if (!(await repo.findAudit(tx, caller, previousId))) return { answers: 0, issues: 0, notes: 0 };
  const [now, before] = [await tree.loadTree(tx, id), await tree.loadTree(tx, previousId)];
  const originals = (rows: tree.TTreeRows) => {
    const duplicated = new Set(rows.sections.filter((s) => s.duplicatedFrom !== null).map((s) => s.id));
    return rows.questions.filter((q) => q.templateQuestionId && !duplicated.has(q.sectionId));
  };
  const target = new Map(originals(now).map((q) => [q.templateQuestionId!, q]));
  const pairs: [TAuditQuestionRow, TAuditQuestionRow][] = originals(before).flatMap((old) =>
    target.has(old.templateQuestionId!) ? [[old, target.get(old.templateQuestionId!)!] as [TAuditQuestionRow, TAuditQuestionRow]] : [],
  );
  const at = (q: TAuditQuestionRow) => ({ auditId: id, spaceId: q.spaceId, secureSpacePath: q.secureSpacePath, sectionId: q.sectionId, questionId: q.id });

  const answers: (typeof auditAnswers.$inferInsert)[] = [];
  const issues: (typeof auditIssues.$inferInsert)[] = [];
  const notes: { id: string; note: string }[] = [];
  for (const [old, q] of pairs) {
    const answer = before.answers.find((a) => a.questionId === old.id);
    if (answer && !answerProblems(q, answer.templateAnswer).length) {
      answers.push({
        ...at(q),
        templateAnswer: answer.templateAnswer,
        ...evaluateAnswer({ type: q.type, select: q.config.select ?? null }, answer.templateAnswer),
        authorId: caller.userId,
      });
    }
    if (old.note) notes.push({ id: q.id, note: old.note });
    for (const issue of before.issues.filter((i) => i.questionId === old.id)) {
      const incidence = q.incidences.find((inc) => inc._id === issue.templateIssueId);
      if (!incidence) continue;
      const marked = new Set(issue.tasks.filter((t) => t.selected).map((t) => t._id));
      issues.push({
        id: randomUUID(),
        ...at(q),
        templateIssueId: incidence._id,
        name: issue.name,
        description: issue.description,
        riskLevel: incidence.riskLevel,
        deductionPercentage: incidence.deductionPercentage,
        solvedInPlace: issue.solvedInPlace,
        tasks: incidence.tasks.map((t) => ({ _id: t._id, name: issue.tasks.find((x) => x._id === t._id)?.name ?? t.name, selected: marked.has(t._id) })),
      });
    }
  }
  await tree.insertTree(tx, { answers, issues });
  if (notes.length) {
    const values = sql.join(
      notes.map((n) => sql`(${n.id}::uuid, ${n.note}::text)`),
      sql`, `,
    );
    await tx.execute(
      sql`update audit_questions q set note = v.note, updated_at = now() from (values ${values}) as v(id, note) where q.id = v.id and q.audit_id = ${id}`,
    );
  }
  return { answers: answers.length, issues: issues.length, notes: notes.length };
}
