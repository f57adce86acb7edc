-- Lists that stay flat as the tenant grows (decision 0028).
-- pg_trgm serves ILIKE '%text%' (the lists' free-text search). A trusted extension: the database
-- owner may create it without being a superuser; PGlite loads it from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX IF EXISTS "audit_answers_path_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_fields_path_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_media_path_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_questions_path_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_sections_path_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audits_start_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audits_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_created_idx";--> statement-breakpoint
CREATE INDEX "audits_template_name_trgm" ON "audits" USING gin ("template_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "spaces_name_idx" ON "spaces" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "spaces_name_trgm" ON "spaces" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (("first_name" || coalesce(' ' || "last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audits_start_idx" ON "audits" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "audits_created_idx" ON "audits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "structure_details_code_trgm" ON "structure_details" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "structure_details_cif_trgm" ON "structure_details" USING gin ("cif" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "structure_details_email_trgm" ON "structure_details" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "structure_details_contact_trgm" ON "structure_details" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "structure_details_address_trgm" ON "structure_details" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
-- The lists' totals are kept between requests (platform/totals.ts) while the database says when
-- they change: every statement that changes a listed table notifies 'list_totals' with the
-- table's name, delivered at commit (one notification per table and transaction).
CREATE OR REPLACE FUNCTION list_totals_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('list_totals', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['audits', 'spaces', 'structure_details', 'users', 'user_roles'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_totals', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_totals_notify()', t || '_list_totals', t);
  END LOOP;
END
$$;--> statement-breakpoint
-- The lists' free-text search under Row Level Security: ILIKE is not leakproof, so under a policy
-- the planner may not use an index for it and scans the tenant. These functions find the ids
-- (trigram indexes, no policy: security definer) and the list matches `id = any(...)`, which an
-- index serves; they return only rows of the session's own space path (what the policy allows).
CREATE OR REPLACE FUNCTION list_match_audits(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
  SELECT id FROM audits WHERE template_name ILIKE pattern AND secure_space_path LIKE current_setting('app.space_path', true) || '%'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_spaces(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
  SELECT id FROM spaces WHERE name ILIKE pattern AND secure_space_path LIKE current_setting('app.space_path', true) || '%'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_structures(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
  SELECT id FROM spaces WHERE name ILIKE pattern AND secure_space_path LIKE current_setting('app.space_path', true) || '%'
  UNION
  SELECT space_id FROM structure_details
  WHERE (code ILIKE pattern OR cif ILIKE pattern OR email ILIKE pattern OR contact_person ILIKE pattern OR address ILIKE pattern)
    AND secure_space_path LIKE current_setting('app.space_path', true) || '%'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_match_users(pattern text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
  SELECT id FROM users
  WHERE ((first_name || coalesce(' ' || last_name, '')) ILIKE pattern OR username ILIKE pattern OR email ILIKE pattern OR phone ILIKE pattern)
    AND secure_space_path LIKE current_setting('app.space_path', true) || '%'
$$;
