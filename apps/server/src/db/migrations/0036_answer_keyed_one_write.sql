-- The keyed answer (docs/decisions/0027) with one write of its key instead of two (docs/decisions/0050).
-- Before, the key was inserted empty (to claim it), the answer saved, and the key's row updated with
-- the response: two heap writes and their WAL for the key, plus a nested call of audit_answer_fast
-- that set the scope a second time. Now, in one statement (its own transaction):
--  - a key this user already used: its stored response comes back ('replay'), nothing is written;
--  - else the checked upsert of audit_answer_fast, inlined; when it writes nothing, no row comes back
--    and nothing was written (no key to delete): the caller takes the full path, which names the error;
--  - else the key is inserted once, with the response (the answer as JSON, as GET shows it), and
--    the response is returned ('saved'). A twin that ran at the same time waited on the answer's row
--    (same question) or on the key's index entry; when the key turns out taken by then, the function
--    raises AUK01, which undoes its whole statement (its upsert included): the caller answers with the
--    stored response of the request that won (or 409 while that one is still finishing).
CREATE OR REPLACE FUNCTION audit_answer_keyed(
  p_key text, p_method text, p_url text,
  p_space_path text, p_user uuid, p_admin boolean, p_statuses text[],
  p_audit uuid, p_section uuid, p_question uuid, p_answer uuid,
  p_template_answer jsonb, p_score double precision, p_failed boolean
) RETURNS TABLE (outcome text, status integer, method text, url text, content_type text, body text)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  saved record;
  response text;
BEGIN
  PERFORM set_config('role', 'audit_app', true), set_config('app.space_path', p_space_path, true), set_config('app.user_id', p_user::text, true);
  RETURN QUERY SELECT 'replay'::text, k.status, k.method, k.url, k.content_type, k.body
    FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
  IF FOUND THEN
    RETURN;
  END IF;
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
  RETURNING x.id, x.section_id, x.question_id, x.template_answer, x.score, x.failed, x.updated_at INTO saved;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  response := json_build_object(
    '_id', saved.id, 'section', saved.section_id, 'question', saved.question_id, 'templateAnswer', saved.template_answer,
    'score', saved.score, 'failed', saved.failed,
    'updatedAt', to_char(saved.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text;
  INSERT INTO idempotency_keys (user_id, key, method, url, status, content_type, body)
    VALUES (p_user, p_key, p_method, p_url, 200, 'application/json; charset=utf-8', response)
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the idempotency key was taken by a twin request meanwhile' USING ERRCODE = 'AUK01';
  END IF;
  RETURN QUERY SELECT 'saved'::text, 200, p_method, p_url, 'application/json; charset=utf-8'::text, response;
END
$fn$;
