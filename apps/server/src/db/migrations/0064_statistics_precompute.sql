CREATE TABLE "statistics_take_days" (
	"register_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"slot" date NOT NULL,
	CONSTRAINT "statistics_take_days_register_id_facility_id_slot_pk" PRIMARY KEY("register_id","facility_id","slot")
);
--> statement-breakpoint
CREATE TABLE "statistics_take_months" (
	"register_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "statistics_take_months_register_id_facility_id_month_pk" PRIMARY KEY("register_id","facility_id","month")
);
--> statement-breakpoint
CREATE INDEX "statistics_take_days_path_idx" ON "statistics_take_days" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "statistics_take_days_slot_idx" ON "statistics_take_days" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "statistics_take_months_path_idx" ON "statistics_take_months" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "statistics_take_months_month_idx" ON "statistics_take_months" USING btree ("month");--> statement-breakpoint
SELECT audit_enable_rls('statistics_take_days', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('statistics_take_months', 'tenant');
--> statement-breakpoint
-- Register completion's rollups (decision 0095), kept in the writer's own transaction by statement
-- triggers on register_logs and register_missed_takes. A take (register, facility, slot, take) is due
-- when it has a log row or a missed row, done when its log row is done (values or completed by hand):
-- each change of a log or missed row moves its day's and its month's `due` and `done` by the take's
-- difference. Whether the other table holds the take is read after the rollup rows are locked (first
-- statement, key order: no deadlock between two writers), by a later statement, so with a snapshot
-- that sees what a writer of the same rows committed before: of a log and a missed row of one take
-- written at once, the second to lock counts the first. The functions are the owner's (security
-- definer): a rollup row is the facility's, whoever wrote the take.
CREATE OR REPLACE FUNCTION statistics_take_lock(p_registers uuid[], p_facilities uuid[], p_slots date[], p_paths text[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  INSERT INTO statistics_take_days AS t (register_id, facility_id, slot, space_id, secure_space_path)
  SELECT k.r, k.f, k.s, k.f, coalesce(min(fac.secure_space_path), min(k.p))
  FROM unnest(p_registers, p_facilities, p_slots, p_paths) AS k(r, f, s, p) LEFT JOIN spaces fac ON fac.id = k.f
  GROUP BY k.r, k.f, k.s ORDER BY k.r, k.f, k.s
  ON CONFLICT (register_id, facility_id, slot) DO UPDATE SET due = t.due;
  INSERT INTO statistics_take_months AS t (register_id, facility_id, month, space_id, secure_space_path)
  SELECT k.r, k.f, date_trunc('month', k.s)::date, k.f, coalesce(min(fac.secure_space_path), min(k.p))
  FROM unnest(p_registers, p_facilities, p_slots, p_paths) AS k(r, f, s, p) LEFT JOIN spaces fac ON fac.id = k.f
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (register_id, facility_id, month) DO UPDATE SET due = t.due;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_take_apply(p_registers uuid[], p_facilities uuid[], p_slots date[], p_due int[], p_done int[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE statistics_take_days AS t SET due = t.due + d.due, done = t.done + d.done
  FROM (SELECT k.r, k.f, k.s, sum(k.du)::int AS due, sum(k.dn)::int AS done FROM unnest(p_registers, p_facilities, p_slots, p_due, p_done) AS k(r, f, s, du, dn) GROUP BY 1, 2, 3) d
  WHERE t.register_id = d.r AND t.facility_id = d.f AND t.slot = d.s AND (d.due <> 0 OR d.done <> 0);
  UPDATE statistics_take_months AS t SET due = t.due + d.due, done = t.done + d.done
  FROM (SELECT k.r, k.f, date_trunc('month', k.s)::date AS m, sum(k.du)::int AS due, sum(k.dn)::int AS done
    FROM unnest(p_registers, p_facilities, p_slots, p_due, p_done) AS k(r, f, s, du, dn) GROUP BY 1, 2, 3) d
  WHERE t.register_id = d.r AND t.facility_id = d.f AND t.month = d.m AND (d.due <> 0 OR d.done <> 0);
END
$fn$;
--> statement-breakpoint
-- Log rows: one inserted adds its take as due unless it was recorded missed (then it was due already),
-- and as done when it is; one deleted takes back the same; an update (an overwrite) is the old row
-- taken back and the new one added (their keys are the same, so only `done` can move).
CREATE OR REPLACE FUNCTION statistics_take_logs_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM statistics_take_lock(array_agg(n.register_id), array_agg(n.facility_id), array_agg(n.slot), array_agg(n.secure_space_path)) FROM new_rows n;
  PERFORM statistics_take_apply(array_agg(c.register_id), array_agg(c.facility_id), array_agg(c.slot), array_agg(c.due), array_agg(c.done))
  FROM (SELECT n.register_id, n.facility_id, n.slot,
      CASE WHEN EXISTS (SELECT 1 FROM register_missed_takes m WHERE m.register_id = n.register_id AND m.facility_id = n.facility_id AND m.slot = n.slot AND m.take = n.take) THEN 0 ELSE 1 END AS due,
      CASE WHEN n.completed OR jsonb_array_length(n.values) > 0 THEN 1 ELSE 0 END AS done
    FROM new_rows n) c;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_take_logs_remove() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM statistics_take_lock(array_agg(o.register_id), array_agg(o.facility_id), array_agg(o.slot), array_agg(o.secure_space_path)) FROM old_rows o;
  PERFORM statistics_take_apply(array_agg(c.register_id), array_agg(c.facility_id), array_agg(c.slot), array_agg(c.due), array_agg(c.done))
  FROM (SELECT o.register_id, o.facility_id, o.slot,
      CASE WHEN EXISTS (SELECT 1 FROM register_missed_takes m WHERE m.register_id = o.register_id AND m.facility_id = o.facility_id AND m.slot = o.slot AND m.take = o.take) THEN 0 ELSE -1 END AS due,
      CASE WHEN o.completed OR jsonb_array_length(o.values) > 0 THEN -1 ELSE 0 END AS done
    FROM old_rows o) c;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_take_logs_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM statistics_take_lock(array_agg(k.register_id), array_agg(k.facility_id), array_agg(k.slot), array_agg(k.secure_space_path))
  FROM (SELECT register_id, facility_id, slot, secure_space_path FROM old_rows UNION ALL SELECT register_id, facility_id, slot, secure_space_path FROM new_rows) k;
  PERFORM statistics_take_apply(array_agg(c.register_id), array_agg(c.facility_id), array_agg(c.slot), array_agg(c.due), array_agg(c.done))
  FROM (SELECT r.register_id, r.facility_id, r.slot,
      r.sign * CASE WHEN EXISTS (SELECT 1 FROM register_missed_takes m WHERE m.register_id = r.register_id AND m.facility_id = r.facility_id AND m.slot = r.slot AND m.take = r.take) THEN 0 ELSE 1 END AS due,
      r.sign * CASE WHEN r.completed OR jsonb_array_length(r.values) > 0 THEN 1 ELSE 0 END AS done
    FROM (SELECT o.register_id, o.facility_id, o.slot, o.take, o.completed, o.values, -1 AS sign FROM old_rows o
      UNION ALL SELECT n.register_id, n.facility_id, n.slot, n.take, n.completed, n.values, 1 FROM new_rows n) r) c;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Missed rows: one recorded adds its take as due (never done) unless a log row holds it; one deleted
-- takes it back the same way; an update is the old taken back and the new added.
CREATE OR REPLACE FUNCTION statistics_take_missed_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM statistics_take_lock(array_agg(n.register_id), array_agg(n.facility_id), array_agg(n.slot), array_agg(n.secure_space_path)) FROM new_rows n;
  PERFORM statistics_take_apply(array_agg(c.register_id), array_agg(c.facility_id), array_agg(c.slot), array_agg(c.due), array_agg(0))
  FROM (SELECT n.register_id, n.facility_id, n.slot,
      CASE WHEN EXISTS (SELECT 1 FROM register_logs l WHERE l.register_id = n.register_id AND l.facility_id = n.facility_id AND l.slot = n.slot AND l.take = n.take) THEN 0 ELSE 1 END AS due
    FROM new_rows n) c;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_take_missed_remove() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM statistics_take_lock(array_agg(o.register_id), array_agg(o.facility_id), array_agg(o.slot), array_agg(o.secure_space_path)) FROM old_rows o;
  PERFORM statistics_take_apply(array_agg(c.register_id), array_agg(c.facility_id), array_agg(c.slot), array_agg(c.due), array_agg(0))
  FROM (SELECT o.register_id, o.facility_id, o.slot,
      CASE WHEN EXISTS (SELECT 1 FROM register_logs l WHERE l.register_id = o.register_id AND l.facility_id = o.facility_id AND l.slot = o.slot AND l.take = o.take) THEN 0 ELSE -1 END AS due
    FROM old_rows o) c;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_take_missed_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM statistics_take_lock(array_agg(k.register_id), array_agg(k.facility_id), array_agg(k.slot), array_agg(k.secure_space_path))
  FROM (SELECT register_id, facility_id, slot, secure_space_path FROM old_rows UNION ALL SELECT register_id, facility_id, slot, secure_space_path FROM new_rows) k;
  PERFORM statistics_take_apply(array_agg(c.register_id), array_agg(c.facility_id), array_agg(c.slot), array_agg(c.due), array_agg(0))
  FROM (SELECT r.register_id, r.facility_id, r.slot,
      r.sign * CASE WHEN EXISTS (SELECT 1 FROM register_logs l WHERE l.register_id = r.register_id AND l.facility_id = r.facility_id AND l.slot = r.slot AND l.take = r.take) THEN 0 ELSE 1 END AS due
    FROM (SELECT o.register_id, o.facility_id, o.slot, o.take, -1 AS sign FROM old_rows o
      UNION ALL SELECT n.register_id, n.facility_id, n.slot, n.take, 1 FROM new_rows n) r) c;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER register_logs_statistics_add AFTER INSERT ON register_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_take_logs_add();
--> statement-breakpoint
CREATE TRIGGER register_logs_statistics_remove AFTER DELETE ON register_logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_take_logs_remove();
--> statement-breakpoint
CREATE TRIGGER register_logs_statistics_change AFTER UPDATE ON register_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_take_logs_change();
--> statement-breakpoint
CREATE TRIGGER register_missed_takes_statistics_add AFTER INSERT ON register_missed_takes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_take_missed_add();
--> statement-breakpoint
CREATE TRIGGER register_missed_takes_statistics_remove AFTER DELETE ON register_missed_takes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_take_missed_remove();
--> statement-breakpoint
CREATE TRIGGER register_missed_takes_statistics_change AFTER UPDATE ON register_missed_takes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_take_missed_change();
--> statement-breakpoint
-- The rows already there, counted as the completion query counted them.
INSERT INTO statistics_take_days (register_id, facility_id, slot, due, done, space_id, secure_space_path)
SELECT x.register_id, x.facility_id, x.slot, count(*)::int, (count(*) FILTER (WHERE x.done))::int, x.facility_id, coalesce(min(fac.secure_space_path), min(x.path))
FROM (
  SELECT register_id, facility_id, slot, take, bool_or(done) AS done, min(path) AS path FROM (
    SELECT l.register_id, l.facility_id, l.slot, l.take, (l.completed OR jsonb_array_length(l.values) > 0) AS done, l.secure_space_path AS path FROM register_logs l
    UNION ALL
    SELECT m.register_id, m.facility_id, m.slot, m.take, false, m.secure_space_path FROM register_missed_takes m
  ) t GROUP BY 1, 2, 3, 4
) x LEFT JOIN spaces fac ON fac.id = x.facility_id
GROUP BY x.register_id, x.facility_id, x.slot;
--> statement-breakpoint
INSERT INTO statistics_take_months (register_id, facility_id, month, due, done, space_id, secure_space_path)
SELECT register_id, facility_id, date_trunc('month', slot)::date, sum(due)::int, sum(done)::int, facility_id, min(secure_space_path)
FROM statistics_take_days GROUP BY 1, 2, 3;
