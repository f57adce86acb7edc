-- Registers seen from below (decision 0064). A register lives in its client's space; a login limited
-- to one of the client's establishments or areas acts below it, where the tenant policy hid it all.
-- Read policies for such a caller, the same rule as registers/access.ts (visibleRegister):
--  registers: the client's registers that cover the caller's establishment (or all) and one of the
--  caller's areas (or all); the spaces subquery is itself under the caller's tenant policy.
CREATE POLICY registers_covered_read ON registers FOR SELECT TO audit_app USING (
  current_setting('app.space_path', true) LIKE secure_space_path || '%'
  AND (all_establishments OR split_part(substr(current_setting('app.space_path', true), length(secure_space_path) + 1), '/', 1) = ANY (establishment_ids::text[]))
  AND (all_areas OR EXISTS (SELECT 1 FROM spaces s WHERE s.id = ANY (area_ids))));
--> statement-breakpoint
-- register_logs: a log row of the register's space whose facility (an area) is in the caller's scope:
-- read, written and overwritten there by the establishment's staff (never deleted).
CREATE POLICY register_logs_facility_read ON register_logs FOR SELECT TO audit_app USING (
  current_setting('app.space_path', true) LIKE secure_space_path || '%' AND EXISTS (SELECT 1 FROM spaces s WHERE s.id = facility_id));
--> statement-breakpoint
CREATE POLICY register_logs_facility_insert ON register_logs FOR INSERT TO audit_app WITH CHECK (
  current_setting('app.space_path', true) LIKE secure_space_path || '%' AND EXISTS (SELECT 1 FROM spaces s WHERE s.id = facility_id));
--> statement-breakpoint
CREATE POLICY register_logs_facility_update ON register_logs FOR UPDATE TO audit_app USING (
  current_setting('app.space_path', true) LIKE secure_space_path || '%' AND EXISTS (SELECT 1 FROM spaces s WHERE s.id = facility_id))
  WITH CHECK (current_setting('app.space_path', true) LIKE secure_space_path || '%' AND EXISTS (SELECT 1 FROM spaces s WHERE s.id = facility_id));
--> statement-breakpoint
-- Closures, locks and the take tally are the register's own rows: readable below it (the status and
-- the grid read them); written there only by the company's staff, or by the tally's triggers.
CREATE POLICY register_closures_read_below ON register_closures FOR SELECT TO audit_app USING (current_setting('app.space_path', true) LIKE secure_space_path || '%');
--> statement-breakpoint
CREATE POLICY register_locks_read_below ON register_locks FOR SELECT TO audit_app USING (current_setting('app.space_path', true) LIKE secure_space_path || '%');
--> statement-breakpoint
CREATE POLICY register_take_tally_read_below ON register_take_tally FOR SELECT TO audit_app USING (current_setting('app.space_path', true) LIKE secure_space_path || '%');
--> statement-breakpoint
-- The tally is derived from register_logs, whose policies checked the writer: its triggers keep it
-- as the table's owner, so a take written from an establishment updates the register's tally row.
ALTER FUNCTION register_take_tally_add() SECURITY DEFINER SET search_path = public;
--> statement-breakpoint
ALTER FUNCTION register_take_tally_remove() SECURITY DEFINER SET search_path = public;
--> statement-breakpoint
-- The cover's auditor fields (decision 0064): an audit not yet finished whose auditor field is empty
-- gets its assigned auditor's name, as a new audit now does when it is planned.
UPDATE audit_fields f SET value = concat_ws(' ', u.first_name, nullif(u.last_name, ''))
FROM audits a JOIN users u ON u.id = a.auditor_id
WHERE f.audit_id = a.id AND f.type = 'auditor' AND coalesce(trim(f.value), '') = '' AND a.status IN ('draft', 'accepted', 'running');
