-- The lists' totals (platform/totals.ts, decision 0028): a server forgets a table's kept totals when
-- the database notifies it, and a notification arrives after the commit, asynchronously. A request
-- that lists right after this server's own write could run before it arrived and answer the total
-- counted before the write (an audit finished, its incidents list empty). The trigger now also
-- names the table in a transaction-local setting, which the committing connection reads with its
-- COMMIT (platform/tenancy.ts) and forgets at once, before the write's response (decision 0112).
CREATE OR REPLACE FUNCTION list_totals_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := coalesce(current_setting('app.lists_changed', true), '');
BEGIN
  PERFORM pg_notify('list_totals', TG_TABLE_NAME);
  IF position(',' || TG_TABLE_NAME || ',' IN ',' || changed) = 0 THEN
    PERFORM set_config('app.lists_changed', changed || TG_TABLE_NAME || ',', true);
  END IF;
  RETURN NULL;
END
$$;
