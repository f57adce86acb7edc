-- The answer the run view sends (with an Idempotency-Key) in one round trip (docs/decisions/0027).
-- Called as a statement of its own, the function is its own transaction: the key, the answer and
-- the stored response are written together or not at all. It takes the tenant role and scope as
-- audit_answer_fast does (transaction-local), then:
--  - a key this user already used: nothing is written, its stored response comes back ('replay');
--    a twin sent at the same time waits on the key's unique index and then gets the stored one;
--  - else the checked upsert of audit_answer_fast; when it writes nothing, the key is removed too
--    and no row comes back: the caller takes the full path, which names the error;
--  - else the response (the answer as JSON, as GET shows it) is stored with the key ('saved').
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
  INSERT INTO idempotency_keys (user_id, key, method, url) VALUES (p_user, p_key, p_method, p_url) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'replay'::text, k.status, k.method, k.url, k.content_type, k.body
      FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
    RETURN;
  END IF;
  SELECT * INTO saved FROM audit_answer_fast(p_space_path, p_user, p_admin, p_statuses, p_audit, p_section, p_question, p_answer, p_template_answer, p_score, p_failed);
  IF NOT FOUND THEN
    DELETE FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
    RETURN;
  END IF;
  response := json_build_object(
    '_id', saved.id, 'section', saved.section_id, 'question', saved.question_id, 'templateAnswer', saved.template_answer,
    'score', saved.score, 'failed', saved.failed,
    'updatedAt', to_char(saved.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text;
  UPDATE idempotency_keys k SET status = 200, content_type = 'application/json; charset=utf-8', body = response
    WHERE k.user_id = p_user AND k.key = p_key;
  RETURN QUERY SELECT 'saved'::text, 200, p_method, p_url, 'application/json; charset=utf-8'::text, response;
END
$fn$;
