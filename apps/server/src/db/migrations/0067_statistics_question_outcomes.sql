CREATE TABLE "statistics_question_outcomes" (
	"audit_id" uuid NOT NULL,
	"question" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"failed" boolean NOT NULL,
	"failed_before" boolean DEFAULT false NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	CONSTRAINT "statistics_question_outcomes_audit_id_question_pk" PRIMARY KEY("audit_id","question")
);
--> statement-breakpoint
CREATE INDEX "statistics_question_outcomes_path_idx" ON "statistics_question_outcomes" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "statistics_question_outcomes_chain_idx" ON "statistics_question_outcomes" USING btree ("establishment_id","service_id","question","start_date","audit_id");--> statement-breakpoint
CREATE INDEX "statistics_question_outcomes_repeat_idx" ON "statistics_question_outcomes" USING btree ("audit_id","establishment_id","question","question_id","start_date","secure_space_path") WHERE "statistics_question_outcomes"."failed" and "statistics_question_outcomes"."failed_before";--> statement-breakpoint
SELECT audit_enable_rls('statistics_question_outcomes', 'tenant');
--> statement-breakpoint
-- starts_with, as 0066 made the rollups' policy: leakproof, so the planner reads the rows by their statistics.
ALTER POLICY tenant_write ON statistics_question_outcomes TO audit_app
  USING (starts_with(secure_space_path, current_setting('app.space_path', true)))
  WITH CHECK (starts_with(secure_space_path, current_setting('app.space_path', true)));
--> statement-breakpoint
-- Repeat findings (decision 0098): each finished audit's template questions, failed or not, and whether
-- the previous finished audit of the same establishment and service that asked the question failed it
-- too. A chain (establishment, service, question) is rewritten whole when an audit of it is finished,
-- reopened or removed: a few hundred rows, under a lock per establishment and service so that two
-- audits finished at once each see the other's rows. The functions are the owner's (security definer),
-- as the rollups' (0064): the writer need not see every audit of the chain to keep it right.
CREATE OR REPLACE FUNCTION statistics_question_chains(p_establishment uuid, p_service uuid, p_questions uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE statistics_question_outcomes o SET failed_before = w.before
  FROM (
    SELECT c.audit_id, c.question, coalesce(lag(c.failed) OVER (PARTITION BY c.question ORDER BY c.start_date, c.audit_id), false) AS before
    FROM statistics_question_outcomes c
    WHERE c.establishment_id = p_establishment AND c.service_id = p_service AND c.question = ANY (p_questions)
  ) w
  WHERE o.audit_id = w.audit_id AND o.question = w.question AND o.failed_before IS DISTINCT FROM w.before;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_question_outcomes_of_audit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  questions uuid[];
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'finished' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('statistics_question_chains:' || OLD.establishment_id || ':' || OLD.service_id, 0));
    WITH gone AS (DELETE FROM statistics_question_outcomes WHERE audit_id = OLD.id RETURNING question)
    SELECT array_agg(question) INTO questions FROM gone;
    IF questions IS NOT NULL THEN
      PERFORM statistics_question_chains(OLD.establishment_id, OLD.service_id, questions);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'finished' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('statistics_question_chains:' || NEW.establishment_id || ':' || NEW.service_id, 0));
    WITH added AS (
      INSERT INTO statistics_question_outcomes (audit_id, question, question_id, establishment_id, service_id, start_date, failed, space_id, secure_space_path)
      SELECT NEW.id, q.template_question_id, (array_agg(q.id ORDER BY q.position, q.id))[1], NEW.establishment_id, NEW.service_id, NEW.start_date, bool_or(coalesce(ans.failed, false)),
        NEW.space_id, NEW.secure_space_path
      FROM audit_questions q LEFT JOIN audit_answers ans ON ans.question_id = q.id
      WHERE q.audit_id = NEW.id AND q.template_question_id IS NOT NULL
      GROUP BY q.template_question_id
      RETURNING question)
    SELECT array_agg(question) INTO questions FROM added;
    IF questions IS NOT NULL THEN
      PERFORM statistics_question_chains(NEW.establishment_id, NEW.service_id, questions);
    END IF;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER audits_statistics_finished AFTER INSERT ON audits
  FOR EACH ROW WHEN (NEW.status = 'finished') EXECUTE FUNCTION statistics_question_outcomes_of_audit();
--> statement-breakpoint
CREATE TRIGGER audits_statistics_unfinished AFTER DELETE ON audits
  FOR EACH ROW WHEN (OLD.status = 'finished') EXECUTE FUNCTION statistics_question_outcomes_of_audit();
--> statement-breakpoint
CREATE TRIGGER audits_statistics_changed AFTER UPDATE OF status, start_date, establishment_id, service_id ON audits
  FOR EACH ROW WHEN ((OLD.status = 'finished' OR NEW.status = 'finished')
    AND (OLD.status, OLD.start_date, OLD.establishment_id, OLD.service_id) IS DISTINCT FROM (NEW.status, NEW.start_date, NEW.establishment_id, NEW.service_id))
  EXECUTE FUNCTION statistics_question_outcomes_of_audit();
--> statement-breakpoint
-- Every row again from the audits, the questions and the answers: the backfill below, and what a bulk
-- load that wrote finished audits before their answers (the benches' seed) runs once at its end.
CREATE OR REPLACE FUNCTION statistics_question_outcomes_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM statistics_question_outcomes;
  INSERT INTO statistics_question_outcomes (audit_id, question, question_id, establishment_id, service_id, start_date, failed, space_id, secure_space_path)
  SELECT a.id, q.template_question_id, (array_agg(q.id ORDER BY q.position, q.id))[1], a.establishment_id, a.service_id, a.start_date, bool_or(coalesce(ans.failed, false)), a.space_id, a.secure_space_path
  FROM audits a JOIN audit_questions q ON q.audit_id = a.id LEFT JOIN audit_answers ans ON ans.question_id = q.id
  WHERE a.status = 'finished' AND q.template_question_id IS NOT NULL
  GROUP BY a.id, q.template_question_id;
  UPDATE statistics_question_outcomes o SET failed_before = true
  FROM (
    SELECT audit_id, question, lag(failed) OVER (PARTITION BY establishment_id, service_id, question ORDER BY start_date, audit_id) AS before
    FROM statistics_question_outcomes
  ) w
  WHERE o.audit_id = w.audit_id AND o.question = w.question AND w.before;
END $fn$;
--> statement-breakpoint
SELECT statistics_question_outcomes_rebuild();
