-- Row Level Security: the second line of tenancy (the first is platform/tenancy.ts).
-- Each scoped request transaction runs as the non-superuser role audit_app with
-- app.space_path set to the request's space path (set_config(..., true)).
DO $$ BEGIN
  CREATE ROLE audit_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT audit_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO audit_app;
--> statement-breakpoint
-- tenant: rows of the space and below, read and write.
-- catalogue: also readable from spaces below the row's space; written only from its own space or above.
CREATE OR REPLACE FUNCTION audit_enable_rls(target regclass, kind text) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO audit_app', target);
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_write ON %s', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_read ON %s', target);
  EXECUTE format($p$CREATE POLICY tenant_write ON %s TO audit_app USING (secure_space_path LIKE current_setting('app.space_path', true) || '%%') WITH CHECK (secure_space_path LIKE current_setting('app.space_path', true) || '%%')$p$, target);
  IF kind = 'catalogue' THEN
    EXECUTE format($p$CREATE POLICY tenant_read ON %s FOR SELECT TO audit_app USING (current_setting('app.space_path', true) LIKE secure_space_path || '%%')$p$, target);
  END IF;
END
$fn$;
--> statement-breakpoint
SELECT audit_enable_rls('spaces', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('space_access_requests', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('users', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('user_spaces', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('user_roles', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('roles', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('traces', 'tenant');
--> statement-breakpoint
-- refresh_tokens is deliberately not granted to audit_app: only the auth service, unscoped, reads it.
REVOKE ALL ON refresh_tokens FROM audit_app;
