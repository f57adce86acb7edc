ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
-- Every change of a password (an administrator's reset, the user's own change, any future path)
-- stamps the user, so refresh tokens issued before it stop rotating (docs/decisions/0003).
CREATE OR REPLACE FUNCTION audit_stamp_password_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    NEW.password_changed_at := clock_timestamp();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_password_changed BEFORE UPDATE OF password_hash ON users FOR EACH ROW EXECUTE FUNCTION audit_stamp_password_change();--> statement-breakpoint
-- Categories created twice by parallel requests before this index existed keep their rows; the
-- later copies get a numbered name so the index can be built.
UPDATE "categories" c SET "name" = c."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "space_id", "type", coalesce("parent_id"::text, ''), lower("name") ORDER BY "created_at", "id") AS n
  FROM "categories"
) d
WHERE d."id" = c."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_space_name_key" ON "categories" USING btree ("space_id",coalesce("type"::text, ''),coalesce("parent_id"::text, ''),lower("name"));
