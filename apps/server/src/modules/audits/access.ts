import { sql } from 'drizzle-orm';
import { RUNNABLE_STATUSES, type TAuditStatus } from '@audit/domain/audits';
import type { TQuestionConfig } from '@audit/domain/templates';
import type { TIncidence } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import * as repo from './repo.js';

/**
 * Who may do what with an audit (docs/api/audits.md): running calls need the audit's auditor (494
 * otherwise; an ADMIN passes) and a status that allows them (AUD0002 otherwise). 404 first, so
 * another tenant's id says nothing.
 */
export const notAssigned = () => new AppError('BADREQUESTERROR', 494);
export const statusRefused = () => new AppError('BADREQUESTERROR', 'AUD0002');

export function assertAuditor(caller: TAuth, audit: { auditorId: string | null }) {
  if (!caller.isAdmin && audit.auditorId !== caller.userId) throw notAssigned();
}

export function assertStatus(audit: { status: string }, allowed: readonly TAuditStatus[]) {
  if (!allowed.includes(audit.status as TAuditStatus)) throw statusRefused();
}

/** A visible audit row, or 404. */
export async function loadAudit(tx: TDb, caller: TAuth, id: string) {
  const audit = await repo.findAudit(tx, caller, id);
  if (!audit) throw notFound();
  return audit;
}

/** A visible audit the caller runs, in a status that allows running calls. */
export async function loadRunnable(tx: TDb, caller: TAuth, id: string, allowed: readonly TAuditStatus[] = RUNNABLE_STATUSES) {
  const audit = await loadAudit(tx, caller, id);
  assertAuditor(caller, audit);
  assertStatus(audit, allowed);
  return audit;
}

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
export async function loadRunnableQuestion(tx: TDb, caller: TAuth, auditId: string, sectionId: string, questionId: string, answerId?: string): Promise<TRunnableQuestion> {
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
  if (!row) throw notFound();
  assertAuditor(caller, { auditorId: row.auditor_id });
  assertStatus(row, RUNNABLE_STATUSES);
  if (!row.question_id) throw notFound();
  if (row.section_id !== sectionId) throw invalidData(['section']);
  return {
    audit: { id: auditId, spaceId: row.space_id, secureSpacePath: row.secure_space_path },
    question: { id: row.question_id, sectionId: row.section_id, type: row.type!, config: row.config ?? {}, incidences: row.incidences ?? [] },
    answerQuestion: row.answer_question,
  };
}
