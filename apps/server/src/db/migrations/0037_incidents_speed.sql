-- The incidents list's free-text search by ids (decision 0052), as the other lists do (0018, 0022):
-- under Row Level Security an ILIKE (not leakproof) cannot use the trigram index on incidents.name,
-- so every search read the whole table. This function finds the matching ids through that index and
-- returns only rows of the session's own app.space_path (the same rows the policy allows); the list
-- matches `id = any(array(...))`, which the primary key serves, and still runs under RLS.
CREATE OR REPLACE FUNCTION list_match_incidents(pattern text) RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE scope text := public.list_scope_path();
BEGIN
  IF scope IS NULL OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT x.id FROM public.incidents x WHERE x.name ILIKE $1 AND starts_with(x.secure_space_path, $2)' USING pattern, scope;
END
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION list_match_incidents(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION list_match_incidents(text) TO audit_app;
--> statement-breakpoint
-- The tenant policy of the two big incident tables as starts_with (decision 0052): the same rows as
-- LIKE current_setting('app.space_path', true) || '%' (a NULL setting still matches nothing; the
-- setting is now a literal prefix, '%' and '_' in it no longer wildcards), but starts_with is
-- leakproof, so the planner estimates it from the column's statistics (LIKE, not leakproof, was
-- estimated at 0.5 % of the table under RLS: a 200,000-row list planned as a sort of two rows after
-- a sequential scan, at 200 ms a page, instead of walking the sort index, under a millisecond).
ALTER POLICY tenant_write ON incidents TO audit_app
  USING (starts_with(secure_space_path, current_setting('app.space_path', true)))
  WITH CHECK (starts_with(secure_space_path, current_setting('app.space_path', true)));--> statement-breakpoint
ALTER POLICY tenant_write ON incident_tasks TO audit_app
  USING (starts_with(secure_space_path, current_setting('app.space_path', true)))
  WITH CHECK (starts_with(secure_space_path, current_setting('app.space_path', true)));
