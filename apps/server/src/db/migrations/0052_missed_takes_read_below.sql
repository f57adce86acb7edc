-- Missed takes seen from below (decision 0081): a missed take lives in its register's (client's) space,
-- like the log rows, so a login limited to an establishment or area read its facilities' logs (0047)
-- but none of their missed takes, and the register statistics counted those takes as never due.
-- The same read rule as register_logs_facility_read: a row of an ancestor space whose facility is in scope.
CREATE POLICY register_missed_takes_facility_read ON register_missed_takes FOR SELECT TO audit_app USING (
  current_setting('app.space_path', true) LIKE secure_space_path || '%' AND EXISTS (SELECT 1 FROM spaces s WHERE s.id = facility_id));
