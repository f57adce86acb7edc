CREATE TABLE "statistics_incident_actions" (
	"incident_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"audit_date" timestamp with time zone,
	"client_id" uuid,
	"establishment_id" uuid,
	"area_id" uuid,
	"template_id" uuid,
	"risk_level" text,
	"audit_id" uuid,
	"closed" integer NOT NULL,
	"closed_timed" integer NOT NULL,
	"close_seconds" numeric NOT NULL,
	"open_created" timestamp with time zone[] NOT NULL,
	"open_due" date[] NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_incident_actions_path_idx" ON "statistics_incident_actions" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "statistics_incident_actions_date_idx" ON "statistics_incident_actions" USING btree ("audit_date");--> statement-breakpoint
SELECT audit_enable_rls('statistics_incident_actions', 'tenant');
--> statement-breakpoint
ALTER POLICY tenant_write ON statistics_incident_actions TO audit_app
  USING (starts_with(secure_space_path, current_setting('app.space_path', true)))
  WITH CHECK (starts_with(secure_space_path, current_setting('app.space_path', true)));
--> statement-breakpoint
-- Corrective actions by age (decision 0100) read one narrow row per live audit incident instead of
-- joining its actions to it. Any write of an incident or of an action rewrites the rows of the
-- incidents it touched from what they hold then, after locking those incidents' rows (in id order; a
-- row lock, not an advisory one, as a bulk write may touch a hundred thousand), so that of two writers
-- at once the second recounts after the first has committed.
-- The incidents come as an array joined as a set (= ANY of a bulk write's hundred thousand ids would
-- compare each row with each id). The functions are the owner's (security definer), as the rollups' (0064).
CREATE OR REPLACE FUNCTION statistics_incident_actions_refresh(p_incidents uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF p_incidents IS NULL OR cardinality(p_incidents) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM incidents i JOIN (SELECT DISTINCT unnest(p_incidents) AS id) u ON u.id = i.id ORDER BY i.id FOR NO KEY UPDATE OF i;
  DELETE FROM statistics_incident_actions s USING (SELECT DISTINCT unnest(p_incidents) AS id) u WHERE s.incident_id = u.id;
  INSERT INTO statistics_incident_actions (incident_id, kind, status, audit_date, client_id, establishment_id, area_id, template_id, risk_level,
    audit_id, closed, closed_timed, close_seconds, open_created, open_due, space_id, secure_space_path)
  SELECT i.id, i.kind, i.status, i.audit_date, i.client_id, i.establishment_id, i.area_id, i.template_id, i.risk_level, i.audit_id,
    (count(*) FILTER (WHERE t.status = 'complete'))::int,
    (count(t.completed_at - t.created_at) FILTER (WHERE t.status = 'complete'))::int,
    coalesce(sum(extract(epoch FROM t.completed_at - t.created_at)) FILTER (WHERE t.status = 'complete'), 0),
    coalesce(array_agg(t.created_at) FILTER (WHERE t.status <> 'complete'), '{}'),
    coalesce(array_agg(t.due_date) FILTER (WHERE t.status <> 'complete'), '{}'),
    i.space_id, i.secure_space_path
  FROM (SELECT DISTINCT unnest(p_incidents) AS id) u JOIN incidents i ON i.id = u.id JOIN incident_tasks t ON t.incident_id = i.id
  WHERE i.kind = 'audits' AND i.status <> 'superseded'
  GROUP BY i.id;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_incident_actions_of_tasks() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM statistics_incident_actions_refresh(array_agg(DISTINCT n.incident_id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM statistics_incident_actions_refresh(array_agg(DISTINCT o.incident_id)) FROM old_rows o;
  ELSE
    PERFORM statistics_incident_actions_refresh(array_agg(DISTINCT k.incident_id))
    FROM (SELECT incident_id FROM new_rows UNION SELECT incident_id FROM old_rows) k;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_incident_actions_of_incidents() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM statistics_incident_actions s USING old_rows o WHERE s.incident_id = o.id;
  ELSE
    PERFORM statistics_incident_actions_refresh(array_agg(n.id)) FROM new_rows n;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER incident_tasks_statistics_add AFTER INSERT ON incident_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_incident_actions_of_tasks();
--> statement-breakpoint
CREATE TRIGGER incident_tasks_statistics_remove AFTER DELETE ON incident_tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_incident_actions_of_tasks();
--> statement-breakpoint
CREATE TRIGGER incident_tasks_statistics_change AFTER UPDATE ON incident_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_incident_actions_of_tasks();
--> statement-breakpoint
CREATE TRIGGER incidents_statistics_change AFTER UPDATE ON incidents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_incident_actions_of_incidents();
--> statement-breakpoint
CREATE TRIGGER incidents_statistics_remove AFTER DELETE ON incidents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_incident_actions_of_incidents();
--> statement-breakpoint
-- The rows already there, by the same function (row locks: any number of incidents).
SELECT statistics_incident_actions_refresh(array(SELECT id FROM incidents WHERE kind = 'audits'));
--> statement-breakpoint
ANALYZE statistics_incident_actions;
