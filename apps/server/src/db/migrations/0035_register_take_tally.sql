CREATE TABLE "register_take_tally" (
	"register_id" uuid NOT NULL,
	"slot" date NOT NULL,
	"take" integer NOT NULL,
	"facilities" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	CONSTRAINT "register_take_tally_register_id_slot_take_pk" PRIMARY KEY("register_id","slot","take")
);
--> statement-breakpoint
ALTER TABLE "register_take_tally" ADD CONSTRAINT "register_take_tally_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_take_tally_path_idx" ON "register_take_tally" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
SELECT audit_enable_rls('register_take_tally', 'tenant');
--> statement-breakpoint
-- The tally follows register_logs in the writer's own transaction (decision 0049): a statement
-- trigger per insert and per delete, one upsert per take touched, in key order (no deadlock between
-- two writers of several takes). An overwrite (ON CONFLICT DO UPDATE) changes values, not keys.
CREATE OR REPLACE FUNCTION register_take_tally_add() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO register_take_tally AS t (register_id, slot, take, facilities, space_id, secure_space_path)
  SELECT n.register_id, n.slot, n.take, array_agg(DISTINCT n.facility_id), (array_agg(n.space_id))[1], min(n.secure_space_path)
  FROM new_rows n
  GROUP BY n.register_id, n.slot, n.take
  ORDER BY n.register_id, n.slot, n.take
  ON CONFLICT (register_id, slot, take) DO UPDATE
    SET facilities = ARRAY(SELECT DISTINCT f FROM unnest(t.facilities || excluded.facilities) AS f);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION register_take_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE register_take_tally AS t
  SET facilities = ARRAY(
    SELECT f FROM unnest(t.facilities) AS f
    EXCEPT SELECT o.facility_id FROM old_rows o WHERE o.register_id = t.register_id AND o.slot = t.slot AND o.take = t.take)
  FROM (SELECT DISTINCT register_id, slot, take FROM old_rows) AS d
  WHERE t.register_id = d.register_id AND t.slot = d.slot AND t.take = d.take;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER register_logs_tally_add AFTER INSERT ON register_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION register_take_tally_add();
--> statement-breakpoint
CREATE TRIGGER register_logs_tally_remove AFTER DELETE ON register_logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION register_take_tally_remove();
--> statement-breakpoint
INSERT INTO register_take_tally (register_id, slot, take, facilities, space_id, secure_space_path)
SELECT register_id, slot, take, array_agg(DISTINCT facility_id), (array_agg(space_id))[1], min(secure_space_path)
FROM register_logs
GROUP BY register_id, slot, take;
