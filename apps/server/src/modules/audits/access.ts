import { sql } from 'drizzle-orm';
import type { TQuestionConfig } from '@audit/domain/templates';
import type { TAuditAction, TIncidence } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { auditPolicy, seesAudit } from './policy.js';
import * as repo from './repo.js';

/**
 * Loading an audit for an action: 404 first (another tenant's id says nothing), then the audit
 * policy (policy.ts) decides, with the same rules that answer the audit's `can`.
 */
export { notAssigned, statusRefused } from './policy.js';

/** A visible audit row, or 404. */
export async function loadAudit(tx: TDb, caller: TAuth, id: string) {
  const audit = await repo.findAudit(tx, caller, id);
  if (!audit) throw notFound();
  return audit;
}

/** A visible audit the caller may take `action` on. */
export async function loadAuditFor(tx: TDb, caller: TAuth, id: string, action: TAuditAction) {
  const audit = await loadAudit(tx, caller, id);
  auditPolicy.authorize(caller, action, audit);
  return audit;
}

/** A visible audit the caller runs, while running. */
export const loadRunnable = (tx: TDb, caller: TAuth, id: string) => loadAuditFor(tx, caller, id, 'run');

export interface TRunnableQuestion {
  audit: { id: string; spaceId: string; secureSpacePath: string };
  question: { id: string; sectionId: string; type: string; config: TQuestionConfig; incidences: TIncidence[] };
  /** The question of the answer named by `answerId` (null when that answer is not in the audit). */
  answerQuestion: string | null;
}

interface TGuardRow extends Record<string, unknown> {
  status: string;
  auditor_id: string | null;
  space_id: string;
  secure_space_path: string;
  question_id: string | null;
  section_id: string | null;
  type: string | null;
  config: TQuestionConfig | null;
  incidences: TIncidence[] | null;
  answer_question: string | null;
}

/**
 * The hot path's one read (answers, issues, notes): the audit's status and auditor, the question
 * (which must be in this audit and this section) and optionally an answer, in one query.
 */
export async function loadRunnableQuestion(
  tx: TDb,
  caller: TAuth,
  auditId: string,
  sectionId: string,
  questionId: string,
  answerId?: string,
): Promise<TRunnableQuestion> {
  const result = await tx.execute<TGuardRow>(sql`
    select a.status, a.auditor_id, a.space_id, a.secure_space_path,
      q.id as question_id, q.section_id, q.type, q.config, q.incidences,
      ans.question_id as answer_question
    from audits a
    left join audit_questions q on q.id = ${questionId}::uuid and q.audit_id = a.id
    left join audit_answers ans on ans.id = ${answerId ?? null}::uuid and ans.audit_id = a.id
    where a.id = ${auditId}::uuid and a.secure_space_path like ${`${caller.spacePath}%`}
    limit 1`);
  const row = result.rows[0];
  if (!row || !seesAudit(caller, row)) throw notFound();
  auditPolicy.authorize(caller, 'run', { status: row.status, auditorId: row.auditor_id });
  if (!row.question_id) throw notFound();
  if (row.section_id !== sectionId) throw invalidData(['section']);
  return {
    audit: { id: auditId, spaceId: row.space_id, secureSpacePath: row.secure_space_path },
    question: { id: row.question_id, sectionId: row.section_id, type: row.type!, config: row.config ?? {}, incidences: row.incidences ?? [] },
    answerQuestion: row.answer_question,
  };
}
