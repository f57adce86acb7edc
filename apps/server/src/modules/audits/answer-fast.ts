import { evaluateAnswer, RUNNABLE_STATUSES, type TAnswerInput } from '@audit/domain/audits';
import type { TQuestionConfig } from '@audit/domain/templates';
import type { TAuth } from '../../platform/auth.js';
import { runPrepared, type TDb } from '../../platform/db.js';
import { answerProblems } from './answer-rules.js';

/**
 * The answer hot path in one statement. A question's type and config never change once the audit
 * is created (only its note does), so the server may keep them after the first answer to a
 * question and validate the next answers without reading them again. Everything that CAN change
 * (the audit's status, its auditor, the tenant, the question still being in this audit and
 * section, the answer being this question's) is checked by the upsert itself: when any check
 * fails it writes nothing and the caller takes the full path, which names the error.
 */
interface TKnownQuestion {
  type: string;
  config: TQuestionConfig;
}

const known = new Map<string, TKnownQuestion>();
const RUNNABLE_ARRAY = `{${RUNNABLE_STATUSES.join(',')}}`;
const MAX_KNOWN = 50_000;

export function rememberQuestion(id: string, question: TKnownQuestion) {
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(id, { type: question.type, config: question.config });
}

/** The checked upsert (placeholders: see trySaveAnswerFast). */
const SAVE_ANSWER = `
  insert into audit_answers (audit_id, space_id, secure_space_path, question_id, section_id, template_answer, score, failed, author_id)
  select a.id, a.space_id, a.secure_space_path, q.id, q.section_id, $1::jsonb, $2::double precision, $3::boolean, $4::uuid
  from audits a
  join audit_questions q on q.id = $5::uuid and q.audit_id = a.id and q.section_id = $6::uuid
  where a.id = $7::uuid
    and a.secure_space_path like $8::text
    and a.status = any($9::text[])
    and ($10::boolean or a.auditor_id = $4::uuid)
    and ($11::uuid is null or exists (select 1 from audit_answers x where x.id = $11::uuid and x.question_id = q.id))
  on conflict (question_id) do update set template_answer = excluded.template_answer, score = excluded.score, failed = excluded.failed,
    section_id = excluded.section_id, author_id = excluded.author_id, updated_at = now()
  returning id, section_id, question_id, template_answer, score, failed, updated_at`;

/** Forgets every question (another server instance knows none of them: tests use this). */
export const forgetQuestions = () => known.clear();

interface TAnswerRow extends Record<string, unknown> {
  id: string;
  section_id: string;
  question_id: string;
  template_answer: TAnswerInput['templateAnswer'];
  score: number;
  failed: boolean;
  updated_at: string | Date;
}

/** The saved answer's row, or null when the fast path does not apply (unknown question, invalid answer, any check failing). */
export async function trySaveAnswerFast(tx: TDb, caller: TAuth, auditId: string, input: TAnswerInput, answerId?: string) {
  const question = known.get(input.question);
  if (!question || answerProblems(question, input.templateAnswer).length) return null;
  const { score, failed } = evaluateAnswer({ type: question.type, select: question.config.select ?? null }, input.templateAnswer);
  const [row] = await runPrepared<TAnswerRow>(tx, 'audit_answer_fast', SAVE_ANSWER, [
    JSON.stringify(input.templateAnswer), score, failed, caller.userId, input.question, input.section, auditId,
    `${caller.spacePath}%`, RUNNABLE_ARRAY, caller.isAdmin, answerId ?? null,
  ]);
  if (!row) return null;
  return { id: row.id, sectionId: row.section_id, questionId: row.question_id, templateAnswer: row.template_answer, score: row.score, failed: row.failed, updatedAt: new Date(row.updated_at) };
}
