-- The statistics' reads of the audits, the incidents and their corrective actions (decision 0095):
-- covering indexes in the order the filters read them (finished audits and audit incidents by day),
-- holding every column a statistics query filters, groups or counts, so a range is an index-only
-- scan of its own entries (row security's secure_space_path included) and never a scan of the table.
CREATE INDEX IF NOT EXISTS statistics_audits_idx ON audits (status, start_date)
  INCLUDE (secure_space_path, client_id, establishment_id, service_id, template_id, template_name, recalculated_risk, percentage);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS statistics_incidents_idx ON incidents (kind, audit_date)
  INCLUDE (secure_space_path, status, risk_level, client_id, establishment_id, area_id, template_id, audit_id, type, category, template_issue_id, name);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS statistics_incident_tasks_idx ON incident_tasks (incident_id)
  INCLUDE (secure_space_path, status, due_date, created_at, completed_at);
--> statement-breakpoint
-- The register rollups of migration 0064 (just backfilled) analysed, so the first plans know their size.
ANALYZE statistics_take_days;
--> statement-breakpoint
ANALYZE statistics_take_months;
