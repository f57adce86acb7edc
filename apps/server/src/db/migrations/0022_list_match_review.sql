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
-- plpgsql with EXECUTE: each call is planned with the pattern's value, so the planner sees its
-- trigrams and uses the indexes (a LANGUAGE sql function's statements are planned once with the
-- pattern unknown, which favours a sequential scan: the search then grows with the tenant).
CREATE OR REPLACE FUNCTION list_match_audits(pattern text) RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE scope text := public.list_scope_path();
BEGIN
  IF scope IS NULL OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT a.id FROM public.audits a WHERE a.template_name ILIKE $1 AND starts_with(a.secure_space_path, $2)' USING pattern, scope;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_spaces(pattern text) RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE scope text := public.list_scope_path();
BEGIN
  IF scope IS NULL OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT x.id FROM public.spaces x WHERE x.name ILIKE $1 AND starts_with(x.secure_space_path, $2)' USING pattern, scope;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_structures(pattern text) RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE scope text := public.list_scope_path();
BEGIN
  IF scope IS NULL OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT x.id FROM public.spaces x WHERE x.name ILIKE $1 AND starts_with(x.secure_space_path, $2)
    UNION
    SELECT d.space_id FROM public.structure_details d
    WHERE (d.code ILIKE $1 OR d.cif ILIKE $1 OR d.email ILIKE $1 OR d.contact_person ILIKE $1 OR d.address ILIKE $1)
      AND starts_with(d.secure_space_path, $2)' USING pattern, scope;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_users(pattern text) RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE scope text := public.list_scope_path();
BEGIN
  IF scope IS NULL OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT u.id FROM public.users u
    WHERE ((u.first_name || coalesce('' '' || u.last_name, '''')) ILIKE $1 OR u.username ILIKE $1 OR u.email ILIKE $1 OR u.phone ILIKE $1)
      AND starts_with(u.secure_space_path, $2)' USING pattern, scope;
END
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION list_match_audits(text), list_match_spaces(text), list_match_structures(text), list_match_users(text), list_scope_path() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION list_match_audits(text), list_match_spaces(text), list_match_structures(text), list_match_users(text), list_scope_path() TO audit_app;
--> statement-breakpoint
-- The trigram indexes write through (no pending list): nothing vacuums PGlite, where rows inserted
-- into a GIN index's pending list stay there, every search reads the whole list and the planner,
-- seeing it, prefers a sequential scan. These tables are written rarely; searches are frequent.
DO $$
DECLARE i text;
BEGIN
  FOREACH i IN ARRAY ARRAY['audits_template_name_trgm', 'spaces_name_trgm', 'users_name_trgm', 'users_username_trgm', 'users_email_trgm', 'users_phone_trgm',
    'structure_details_code_trgm', 'structure_details_cif_trgm', 'structure_details_email_trgm', 'structure_details_contact_trgm', 'structure_details_address_trgm'] LOOP
    EXECUTE format('ALTER INDEX %I SET (fastupdate = off)', i);
    PERFORM gin_clean_pending_list(i::regclass);
  END LOOP;
END
$$;
