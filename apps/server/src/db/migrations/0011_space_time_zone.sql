ALTER TABLE "spaces" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- The time zone of a space's days (docs/decisions/0015): its own, else the nearest ancestor's that
-- has one, else Europe/Madrid. A client user's scope does not reach the spaces above it, so the
-- walk up the path runs as the function's owner (RLS bypassed) and returns the zone name only.
CREATE OR REPLACE FUNCTION space_time_zone(space_path text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $fn$
  SELECT coalesce(
    (SELECT s.time_zone FROM spaces s
      WHERE s.time_zone IS NOT NULL AND space_path LIKE s.secure_space_path || '%'
      ORDER BY length(s.secure_space_path) DESC LIMIT 1),
    'Europe/Madrid')
$fn$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION space_time_zone(text) TO audit_app;
