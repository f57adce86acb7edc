-- Security review of the list_match_* functions (decision 0034). They run as their owner, who is
-- not subject to Row Level Security, so their own scope filter is the only thing between a search
-- and every tenant's rows (the list's outer query, under RLS, is the second barrier). Rewritten so:
-- - a missing, empty or malformed app.space_path matches nothing: before, '' (what a custom setting
--   reads after a transaction that set it locally ended) became LIKE '%' and matched every tenant;
-- - the scope is a whole path of ids ('/<uuid>/.../'), compared as a prefix with starts_with, not a
--   LIKE pattern: a shorter string (the first characters of another tenant's id), '%' or '_' in the
--   setting can no longer reach another tenant;
-- - search_path puts pg_catalog first and pg_temp last, tables are schema-qualified (no temporary
--   or user object can stand in for a table, function or operator);
-- - only the application's role (and the owner) may call them.
CREATE OR REPLACE FUNCTION list_scope_path() RETURNS text LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT p FROM (SELECT current_setting('app.space_path', true) AS p) s
  WHERE p ~ '^(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})+/$'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_audits(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT a.id FROM public.audits a, (SELECT public.list_scope_path() AS p) s
  WHERE a.template_name ILIKE pattern AND starts_with(a.secure_space_path, s.p)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_spaces(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT x.id FROM public.spaces x, (SELECT public.list_scope_path() AS p) s
  WHERE x.name ILIKE pattern AND starts_with(x.secure_space_path, s.p)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_structures(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT x.id FROM public.spaces x, (SELECT public.list_scope_path() AS p) s
  WHERE x.name ILIKE pattern AND starts_with(x.secure_space_path, s.p)
  UNION
  SELECT d.space_id FROM public.structure_details d, (SELECT public.list_scope_path() AS p) s
  WHERE (d.code ILIKE pattern OR d.cif ILIKE pattern OR d.email ILIKE pattern OR d.contact_person ILIKE pattern OR d.address ILIKE pattern)
    AND starts_with(d.secure_space_path, s.p)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_users(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT u.id FROM public.users u, (SELECT public.list_scope_path() AS p) s
  WHERE ((u.first_name || coalesce(' ' || u.last_name, '')) ILIKE pattern OR u.username ILIKE pattern OR u.email ILIKE pattern OR u.phone ILIKE pattern)
    AND starts_with(u.secure_space_path, s.p)
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION list_match_audits(text), list_match_spaces(text), list_match_structures(text), list_match_users(text), list_scope_path() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION list_match_audits(text), list_match_spaces(text), list_match_structures(text), list_match_users(text), list_scope_path() TO audit_app;
