-- The company's goals are the default of every client and establishment without their own
-- (docs/decisions/0023). A company that never set any gets one per service it owns, at 80 %
-- (DEFAULT_VALUE_GOAL) with any template, so an establishment created before this release can be
-- audited at once. Companies (root spaces) that already have goals keep them as they are.
INSERT INTO "space_service_goals" ("space_id", "secure_space_path", "service_id", "value_goal", "templates", "position")
SELECT s."space_id", s."secure_space_path", s."id", 80, '{}'::uuid[],
  (row_number() OVER (PARTITION BY s."space_id" ORDER BY s."created_at", s."id") - 1)::smallint
FROM "services" s
JOIN "spaces" root ON root."id" = s."space_id" AND root."parent_id" IS NULL
WHERE NOT EXISTS (SELECT 1 FROM "space_service_goals" g WHERE g."space_id" = s."space_id")
ON CONFLICT DO NOTHING;
