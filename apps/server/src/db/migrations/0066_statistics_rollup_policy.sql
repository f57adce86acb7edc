-- The register rollups' tenant policy as starts_with, as 0037 made the incidents' (decision 0095): the
-- same rows as LIKE current_setting('app.space_path', true) || '%', but leakproof, so the planner
-- estimates a range of the rollups from their statistics instead of 0.5 % of it (18,000 month rows
-- planned as 90, and the completion query's aggregate rescanned once per register).
ALTER POLICY tenant_write ON statistics_take_days TO audit_app
  USING (starts_with(secure_space_path, current_setting('app.space_path', true)))
  WITH CHECK (starts_with(secure_space_path, current_setting('app.space_path', true)));
--> statement-breakpoint
ALTER POLICY tenant_write ON statistics_take_months TO audit_app
  USING (starts_with(secure_space_path, current_setting('app.space_path', true)))
  WITH CHECK (starts_with(secure_space_path, current_setting('app.space_path', true)));
