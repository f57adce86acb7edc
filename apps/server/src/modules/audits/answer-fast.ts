import { evaluateAnswer, RUNNABLE_STATUSES, type TAnswerInput } from '@audit/domain/audits';
import type { TQuestionConfig } from '@audit/domain/templates';
import type { TAuth } from '../../platform/auth.js';
import type { TStoredResponse } from '../../platform/idempotency/keys.js';
import { runPrepared, type TDb } from '../../platform/db.js';
import { findDatabaseError } from '../../platform/unique-violations.js';
import { answerProblems, readingsOutOfRange } from './answer-rules.js';

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

/**
 * The checked upsert, as the SQL function audit_answer_fast (migration 0009): it takes the tenant
 * role and scope itself, so outside a transaction the whole answer is one round trip.
 */
const SAVE_ANSWER =
  'select * from audit_answer_fast($1::text, $2::uuid, $3::boolean, $4::text[], $5::uuid, $6::uuid, $7::uuid, $8::uuid, $9::jsonb, $10::double precision, $11::boolean)';

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

/** The known question's values for the SQL functions, or null when the fast path does not apply. */
function fastValues(caller: TAuth, auditId: string, input: TAnswerInput, answerId?: string) {
  const question = known.get(input.question);
  if (!question || answerProblems(question, input.templateAnswer).length || readingsOutOfRange(question, input.templateAnswer).length) return null;
  const { score, failed } = evaluateAnswer({ type: question.type, select: question.config.select ?? null }, input.templateAnswer);
  return [
    caller.spacePath,
    caller.userId,
    caller.isAdmin,
    RUNNABLE_ARRAY,
    auditId,
    input.section,
    input.question,
    answerId ?? null,
    JSON.stringify(input.templateAnswer),
    score,
    failed,
  ];
}

/**
 * The saved answer's row, or null when the fast path does not apply (unknown question, invalid
 * answer, any check failing). `db` may be the database itself (the call is its own transaction,
 * scoped by the function) or a scoped transaction.
 */
export async function trySaveAnswerFast(db: TDb, caller: TAuth, auditId: string, input: TAnswerInput, answerId?: string) {
  const values = fastValues(caller, auditId, input, answerId);
  if (!values) return null;
  const [row] = await runPrepared<TAnswerRow>(db, 'audit_answer_fast', SAVE_ANSWER, values);
  if (!row) return null;
  return {
    id: row.id,
    sectionId: row.section_id,
    questionId: row.question_id,
    templateAnswer: row.template_answer,
    score: row.score,
    failed: row.failed,
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The checked upsert with its Idempotency-Key (audit_answer_keyed, migrations 0017 and 0036): in
 * one statement, its own transaction, the answer is saved and the key stored with its response, or
 * the key's stored response read back ('replay'). Null when the fast path does not apply, wrote
 * nothing (no key kept either), or found the key taken by a twin meanwhile (AUK01: its statement
 * undone): the caller looks the key up (the twin's response) and else takes the full path.
 */
const KEY_TAKEN = 'AUK01';

const SAVE_KEYED =
  'select * from audit_answer_keyed($1::text, $2::text, $3::text, $4::text, $5::uuid, $6::boolean, $7::text[], $8::uuid, $9::uuid, $10::uuid, $11::uuid, $12::jsonb, $13::double precision, $14::boolean)';

interface TKeyedRow extends Record<string, unknown> {
  outcome: 'saved' | 'replay';
  status: number | null;
  method: string;
  url: string;
  content_type: string | null;
  body: string | null;
}

export async function trySaveAnswerKeyed(
  db: TDb,
  caller: TAuth,
  key: { key: string; method: string; url: string },
  auditId: string,
  input: TAnswerInput,
  answerId?: string,
): Promise<(TStoredResponse & { outcome: 'saved' | 'replay' }) | null> {
  const values = caller.userId ? fastValues(caller, auditId, input, answerId) : null;
  if (!values) return null;
  let row: TKeyedRow | undefined;
  try {
    [row] = await runPrepared<TKeyedRow>(db, 'audit_answer_keyed', SAVE_KEYED, [key.key, key.method, key.url, ...values]);
  } catch (error) {
    if (findDatabaseError(error, KEY_TAKEN)) return null;
    throw error;
  }
  if (!row) return null;
  return { outcome: row.outcome, method: row.method, url: row.url, status: row.status, contentType: row.content_type, body: row.body };
}
