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
