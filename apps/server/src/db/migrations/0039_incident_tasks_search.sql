-- The corrective actions' list (`/tasks`) searches by ids like the incidents list (decisions 0052, 0056):
-- under Row Level Security an ILIKE (not leakproof) cannot use a trigram index, so every search read all
-- the tenant's actions. Write-through, like the other trigram indexes (0022): nothing vacuums PGlite.
-- A due-date range with no sort asked is ordered by the due date (decision 0056): this index walks to the range.
CREATE INDEX "incident_tasks_due_idx" ON "incident_tasks" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "incident_tasks_name_trgm" ON "incident_tasks" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- The ids of the actions whose name matches, through that index, within the session's own
-- app.space_path only (the rows the policy allows): the list matches `id = any(array(...))`, which the
-- primary key serves, and still runs under RLS. Reviewed as the others (0022, 0034): list_scope_path(),
-- a fixed search_path, the table schema-qualified, callable by the application role only.
CREATE OR REPLACE FUNCTION list_match_incident_tasks(pattern text) RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE scope text := public.list_scope_path();
BEGIN
  IF scope IS NULL OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT x.id FROM public.incident_tasks x WHERE x.name ILIKE $1 AND starts_with(x.secure_space_path, $2)' USING pattern, scope;
END
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION list_match_incident_tasks(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION list_match_incident_tasks(text) TO audit_app;
--> statement-breakpoint
-- The totals of the two lists counted from an index alone (decision 0056). A count over a large share
-- of a tenant (its open actions, a whole old year of audits) was a parallel sequential scan: no index
-- held every column the filter and the policy read. Keyed by the scope's path first, these deduplicate
-- (a posting list per path, status, priority and due day), so they stay small (5 MB for 400,000 actions).
CREATE INDEX "incident_tasks_path_status_idx" ON "incident_tasks" USING btree ("secure_space_path" text_pattern_ops,"status","priority","due_date");--> statement-breakpoint
DROP INDEX IF EXISTS "incidents_kind_path_idx";--> statement-breakpoint
CREATE INDEX "incidents_kind_path_idx" ON "incidents" USING btree ("kind","secure_space_path" text_pattern_ops,"audit_date");
