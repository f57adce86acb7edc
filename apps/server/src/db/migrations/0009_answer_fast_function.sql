-- The answer hot path in one round trip (docs/decisions/0014). Called outside any transaction, the
-- function is its statement's own transaction: it takes the tenant role and scope exactly as
-- withScope does (set_config(..., true), gone when the statement ends, with or without an error),
-- so Row Level Security applies to the upsert, which also checks everything that can change: the
-- tenant, the status, the auditor (or an admin), the question in this audit and section, and for an
-- update that the answer is this question's. No row back means "take the full path", which names
-- the error. Called inside a scoped transaction it sets the same values again.
CREATE OR REPLACE FUNCTION audit_answer_fast(
  p_space_path text, p_user uuid, p_admin boolean, p_statuses text[],
  p_audit uuid, p_section uuid, p_question uuid, p_answer uuid,
  p_template_answer jsonb, p_score double precision, p_failed boolean
) RETURNS TABLE (id uuid, section_id uuid, question_id uuid, template_answer jsonb, score double precision, failed boolean, updated_at timestamptz)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  PERFORM set_config('role', 'audit_app', true), set_config('app.space_path', p_space_path, true), set_config('app.user_id', coalesce(p_user::text, ''), true);
  RETURN QUERY
  INSERT INTO audit_answers AS x (audit_id, space_id, secure_space_path, question_id, section_id, template_answer, score, failed, author_id)
  SELECT a.id, a.space_id, a.secure_space_path, q.id, q.section_id, p_template_answer, p_score, p_failed, p_user
  FROM audits a
  JOIN audit_questions q ON q.id = p_question AND q.audit_id = a.id AND q.section_id = p_section
  WHERE a.id = p_audit
    AND a.secure_space_path LIKE p_space_path || '%'
    AND a.status = ANY (p_statuses)
    AND (p_admin OR a.auditor_id = p_user)
    AND (p_answer IS NULL OR EXISTS (SELECT 1 FROM audit_answers y WHERE y.id = p_answer AND y.question_id = q.id))
  ON CONFLICT (question_id) DO UPDATE SET template_answer = excluded.template_answer, score = excluded.score, failed = excluded.failed,
    section_id = excluded.section_id, author_id = excluded.author_id, updated_at = now()
  RETURNING x.id, x.section_id, x.question_id, x.template_answer, x.score, x.failed, x.updated_at;
END
$fn$;
