-- The tenant policy of the other big listed tables as starts_with (decision 0057, after 0052 moved
-- incidents and incident_tasks in 0037): the same rows as
-- LIKE current_setting('app.space_path', true) || '%' (a NULL setting still matches nothing, an
-- empty one everything; '%' and '_' in the setting are no longer wildcards), but starts_with is
-- leakproof, so under Row Level Security the planner estimates the policy (and the lists' own
-- scope, withinScope) from the column's statistics instead of 0.5 % of the table each.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['audits', 'spaces', 'structure_details', 'users', 'user_roles', 'user_spaces',
    'lab_reports', 'lab_results', 'lab_incidents', 'traces', 'notifications'] LOOP
    EXECUTE format($p$ALTER POLICY tenant_write ON %I TO audit_app
      USING (starts_with(secure_space_path, current_setting('app.space_path', true)))
      WITH CHECK (starts_with(secure_space_path, current_setting('app.space_path', true)))$p$, t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The audit list's free-text search finds the audits' ids in one function (decision 0057): the
-- template name, or the name of the audit's client or establishment. The list matched
-- `client_id = any(array(select list_match_spaces(...)))`: an array the planner cannot see, taken
-- as ten values, each estimated at 1/ndistinct of the column; a tenant with five establishments
-- estimated its whole table, so every search read all its audits (4,800 pages at 100,000 audits).
-- Here each name is matched through its trigram index first and its audits found through
-- audits_client_idx and audits_establishment_idx; the list matches `id = any(...)`, which the
-- primary key serves. Same hardening as 0022: the session's own scope, fixed search_path,
-- schema-qualified tables, the application's role only.
CREATE OR REPLACE FUNCTION list_match_audits(pattern text) RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE scope text := public.list_scope_path();
BEGIN
  IF scope IS NULL OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT a.id FROM public.audits a WHERE a.template_name ILIKE $1 AND starts_with(a.secure_space_path, $2)
    UNION
    SELECT a.id FROM public.spaces s JOIN public.audits a ON a.client_id = s.id
    WHERE s.name ILIKE $1 AND starts_with(s.secure_space_path, $2) AND starts_with(a.secure_space_path, $2)
    UNION
    SELECT a.id FROM public.spaces s JOIN public.audits a ON a.establishment_id = s.id
    WHERE s.name ILIKE $1 AND starts_with(s.secure_space_path, $2) AND starts_with(a.secure_space_path, $2)' USING pattern, scope;
END
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION list_match_audits(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION list_match_audits(text) TO audit_app;
